// Image files whose headers promise more than an upload can honestly hold, byte by byte as
// their formats lay them out, so a decoder meets exactly the lie the test means.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { deflatedRepeat } from './deflate.ts';

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
}

function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** An 8-bit RGB PNG of `width` × `height` whose IDAT inflates to `inflatedBytes` zeros (a whole number of MiB). */
export function png(width: number, height: number, inflatedBytes: number): Buffer {
  const header = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflatedRepeat(inflatedBytes)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real little JPEG whose frame header (SOF) then claims `width` × `height`. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame header in the JPEG sharp made');
}

/**
 * A JPEG 2000 codestream (what a PDF's JPXDecode holds) whose SIZ marker claims one tile of
 * `width` × `height` in three components, with a coding style, a quantization and one empty
 * tile part: enough for a decoder to start allocating.
 */
export function jpxCodestream(width: number, height: number): Buffer {
  const components = 3;
  const siz = Buffer.concat([
    u16(0),
    u32(width),
    u32(height),
    u32(0),
    u32(0),
    u32(width),
    u32(height),
    u32(0),
    u32(0),
    u16(components),
    ...Array.from({ length: components }, () => Buffer.from([7, 1, 1])),
  ]);
  const levels = 5;
  const cod = Buffer.from([0, 0, 0, 1, 0, levels, 4, 4, 0, 1]);
  const qcd = Buffer.concat([Buffer.from([0x40]), Buffer.alloc(3 * levels + 1, 0x48)]);
  const marker = (code: number, body: Buffer) => Buffer.concat([u16(code), u16(body.length + 2), body]);
  const sot = marker(0xff90, Buffer.concat([u16(0), u32(0), Buffer.from([0, 1])]));
  return Buffer.concat([u16(0xff4f), marker(0xff51, siz), marker(0xff52, cod), marker(0xff5c, qcd), sot, u16(0xff93), Buffer.alloc(64, 0x80), u16(0xffd9)]);
}

/**
 * An embedded JBIG2 stream (a PDF's JBIG2Decode: segments without the file header) whose page
 * information segment claims a page of `width` × `height` pixels, painted white by default.
 */
export function jbig2Stream(width: number, height: number): Buffer {
  const pageInfo = Buffer.concat([u32(width), u32(height), u32(0), u32(0), Buffer.from([0x04]), u16(0)]);
  const segment = (number: number, type: number, data: Buffer) => Buffer.concat([u32(number), Buffer.from([type, 0, 1]), u32(data.length), data]);
  return Buffer.concat([segment(0, 48, pageInfo), segment(1, 49, Buffer.alloc(0))]);
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
}

/** A HEIC (ISO-BMFF, brand heic) whose one image's spatial extent (ispe) claims `width` × `height`. */
export function heicClaiming(width: number, height: number): Buffer {
  const fullBox = (type: string, ...content: Buffer[]) => box(type, Buffer.alloc(4), ...content);
  const ispe = fullBox('ispe', u32(width), u32(height));
  const meta = fullBox('meta', fullBox('hdlr', u32(0), Buffer.from('pict'), Buffer.alloc(13)), box('iprp', box('ipco', ispe)));
  return Buffer.concat([box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic')), meta, box('mdat', Buffer.alloc(256))]);
}

/** An SVG whose entities expand a thousandfold per level (the "billion laughs"). */
export function svgLaughs(levels = 9): Buffer {
  const entities = ['<!ENTITY l0 "ha">'];
  for (let level = 1; level <= levels; level++) entities.push(`<!ENTITY l${level} "${`&l${level - 1};`.repeat(10)}">`);
  return Buffer.from(
    `<?xml version="1.0"?>\n<!DOCTYPE svg [\n${entities.join('\n')}\n]>\n<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><text>&l${levels};</text></svg>\n`,
  );
}
