// The standard security handler at its oldest (ISO 32000-1, 7.6.3: revision 2, RC4 with a 40-bit
// key) and an empty user password, as PDFs that only forbid printing or copying are made: every
// reader opens such a file without asking, and its streams are unreadable until decrypted.
import { createHash } from 'node:crypto';

const PASSWORD_PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function md5(...parts: Buffer[]): Buffer {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** RC4 (here, where OpenSSL 3 no longer offers it): the cipher is its own inverse. */
export function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Uint8Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (state[i] ?? 0) + (key[i % key.length] ?? 0)) & 0xff;
    [state[i], state[j]] = [state[j] ?? 0, state[i] ?? 0];
  }
  const out = Buffer.alloc(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index++) {
    i = (i + 1) & 0xff;
    j = (j + (state[i] ?? 0)) & 0xff;
    [state[i], state[j]] = [state[j] ?? 0, state[i] ?? 0];
    out[index] = (data[index] ?? 0) ^ (state[((state[i] ?? 0) + (state[j] ?? 0)) & 0xff] ?? 0);
  }
  return out;
}

export interface Encryption {
  /** The encryption dictionary, an object of its own (never encrypted itself). */
  dictionary: string;
  /** The trailer's /ID entry. */
  id: string;
  /** A stream's or string's bytes, encrypted for object `num` (generation 0). */
  encrypt(num: number, data: Buffer): Buffer;
}

export function emptyPasswordEncryption(): Encryption {
  const permissions = -44;
  const id = Buffer.alloc(16, 0x5a);
  const owner = rc4(md5(Buffer.from('owner'.padEnd(32, '\0'))).subarray(0, 5), PASSWORD_PAD);
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const fileKey = md5(PASSWORD_PAD, owner, p, id).subarray(0, 5);
  const user = rc4(fileKey, PASSWORD_PAD);
  return {
    dictionary: `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`,
    id: `/ID [<${id.toString('hex')}> <${id.toString('hex')}>]`,
    encrypt(num, data) {
      const suffix = Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0]);
      return rc4(md5(fileKey, suffix).subarray(0, fileKey.length + 5), data);
    },
  };
}
