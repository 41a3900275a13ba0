// Deflate streams that inflate to far more than their own bytes, made without ever holding the
// inflated bytes: 1 MiB of a repeated pattern is compressed once, ending on a full flush (so the
// compressor forgets it and the next block is byte for byte the same), and that block is
// repeated. A gibibyte of zeros costs about a megabyte and a few milliseconds to make.
import { constants, deflateRawSync } from 'node:zlib';

const CHUNK = 1024 * 1024;
const ADLER_MOD = 65521;

/** Adler-32 (zlib's check value) of `chunk` repeated `times` times, without building it. */
function adlerOfRepeated(chunk: Buffer, times: number): number {
  // Per chunk: a grows by the chunk's sum S; b by L·a (before) + Σ c_j·(L − j), j from 0.
  let sum = 0;
  let weighted = 0;
  for (let index = 0; index < chunk.length; index++) {
    const value = chunk[index] ?? 0;
    sum = (sum + value) % ADLER_MOD;
    weighted = (weighted + value * (chunk.length - index)) % ADLER_MOD;
  }
  const length = chunk.length % ADLER_MOD;
  let a = 1;
  let b = 0;
  for (let round = 0; round < times; round++) {
    b = (b + length * a + weighted) % ADLER_MOD;
    a = (a + sum) % ADLER_MOD;
  }
  return ((b << 16) | a) >>> 0;
}

function chunkOf(pattern: Buffer): Buffer {
  if (CHUNK % pattern.length !== 0) throw new Error('the pattern length must divide 1 MiB');
  return Buffer.alloc(CHUNK, pattern);
}

/** Raw deflate (no zlib header) of `pattern` repeated to `length` bytes, a whole number of MiB. */
export function rawDeflatedRepeat(length: number, pattern: Buffer = Buffer.from([0])): Buffer {
  if (length % CHUNK !== 0) throw new Error('length must be a whole number of MiB');
  const block = deflateRawSync(chunkOf(pattern), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([...Array.from({ length: length / CHUNK }, () => block), end]);
}

/** A zlib stream (what PDF's FlateDecode and PNG's IDAT hold) of `pattern` repeated to `length` bytes. */
export function deflatedRepeat(length: number, pattern: Buffer = Buffer.from([0])): Buffer {
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(adlerOfRepeated(chunkOf(pattern), length / CHUNK));
  return Buffer.concat([Buffer.from([0x78, 0xda]), rawDeflatedRepeat(length, pattern), adler]);
}
