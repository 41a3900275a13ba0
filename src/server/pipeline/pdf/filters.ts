// PDF stream filters (ISO 32000-1, 7.4) as the pre-scan needs them: how many bytes a stream
// decodes to, counted without holding them and stopped as soon as the count passes a limit.
// Flate is counted by zlib in streaming mode (../decode/inflate.ts); LZW and run-length by their
// own rules here; the ASCII filters are decoded (they shrink, or grow fourfold at most).
import { constants, inflateSync } from 'node:zlib';
import type { Inflated } from '../decode/inflate.ts';

/** Flate decoded in full, for a stream whose content the pre-scan reads (an object stream); null past the limit. */
export function inflateWithin(data: Uint8Array, limit: number): Buffer | null {
  try {
    return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    return Buffer.alloc(0);
  }
}

/** LZW (7.4.4) counted code by code: each code adds the length of the string it names. */
export function countLzw(data: Uint8Array, limit: number, earlyChange = 1): Inflated {
  const lengths = new Uint32Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let buffer = 0;
  let bytes = 0;
  for (const byte of data) {
    buffer = ((buffer << 8) | byte) >>> 0;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      buffer &= (1 << bits) - 1;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return { bytes, over: false, head: Buffer.alloc(0) };
      let length: number;
      if (code < 256) length = 1;
      else if (code < next) length = lengths[code] ?? 0;
      else if (code === next && previous >= 0) length = (previous < 256 ? 1 : (lengths[previous] ?? 0)) + 1;
      else return { bytes, over: false, head: Buffer.alloc(0) };
      if (previous >= 0 && next < 4096) {
        lengths[next] = (previous < 256 ? 1 : (lengths[previous] ?? 0)) + 1;
        next++;
      }
      previous = code;
      bytes += length;
      if (bytes > limit) return { bytes, over: true, head: Buffer.alloc(0) };
      if (next + earlyChange >= 1 << width && width < 12) width++;
    }
  }
  return { bytes, over: false, head: Buffer.alloc(0) };
}

/** Run-length (7.4.5): a length byte, then that many bytes plus one, or one byte repeated 257 − length times. */
export function countRunLength(data: Uint8Array, limit: number): Inflated {
  let bytes = 0;
  for (let at = 0; at < data.length; ) {
    const length = data[at] ?? 128;
    if (length === 128) break;
    if (length < 128) {
      bytes += length + 1;
      at += length + 2;
    } else {
      bytes += 257 - length;
      at += 2;
    }
    if (bytes > limit) return { bytes, over: true, head: Buffer.alloc(0) };
  }
  return { bytes, over: false, head: Buffer.alloc(0) };
}

/** ASCIIHexDecode (7.4.2). */
export function decodeAsciiHex(data: Uint8Array): Buffer {
  const digits = Buffer.from(data).toString('latin1').split('>')[0]?.replace(/[^0-9a-fA-F]/g, '') ?? '';
  return Buffer.from(digits.length % 2 === 1 ? `${digits}0` : digits, 'hex');
}

/** ASCII85Decode (7.4.3). */
export function decodeAscii85(data: Uint8Array): Buffer {
  const text = Buffer.from(data).toString('latin1').split('~>')[0]?.replace(/\s/g, '') ?? '';
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let index = 0; index < count; index++) out.push((value >>> (24 - 8 * index)) & 0xff);
    group = [];
  };
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = char.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) continue;
    group.push(digit);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}
