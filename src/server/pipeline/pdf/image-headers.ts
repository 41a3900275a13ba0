// The size an image codec inside a PDF will decode to, read from the codec's own header: a
// decoder allocates what its header says, whatever the image dictionary around it claims.
// Pure; null when the header is not where it should be (the reader's own limits then hold).

export interface PixelSize {
  width: number;
  height: number;
  /** Colour components per pixel. */
  components: number;
}

const u16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) * 65536 + u16(bytes, at + 2)) >>> 0;

/** JPEG (DCTDecode): the frame header (SOFn), found by walking the markers from SOI to SOS. */
export function jpegSize(bytes: Uint8Array): PixelSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (let at = 2; at + 4 <= bytes.length; ) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && at + 10 <= bytes.length) return { height: u16(bytes, at + 5), width: u16(bytes, at + 7), components: bytes[at + 9] ?? 1 };
    at += 2 + u16(bytes, at + 2);
  }
  return null;
}

/** A JPEG 2000 codestream's SIZ marker (right after SOC). */
function codestreamSize(bytes: Uint8Array, at: number): PixelSize | null {
  if (u16(bytes, at) !== 0xff4f || u16(bytes, at + 2) !== 0xff51 || at + 42 > bytes.length) return null;
  const siz = at + 6;
  const width = u32(bytes, siz + 2) - u32(bytes, siz + 10);
  const height = u32(bytes, siz + 6) - u32(bytes, siz + 14);
  return { width: Math.max(0, width), height: Math.max(0, height), components: u16(bytes, siz + 34) };
}

/** JPEG 2000 (JPXDecode): a bare codestream, or a JP2 file's image header box and its codestream, whichever claims more. */
export function jpxSize(bytes: Uint8Array): PixelSize | null {
  const bare = codestreamSize(bytes, 0);
  if (bare) return bare;
  let largest: PixelSize | null = null;
  const consider = (size: PixelSize | null) => {
    if (size && (!largest || size.width * size.height > largest.width * largest.height)) largest = size;
  };
  const walk = (start: number, end: number, depth: number) => {
    for (let at = start; at + 8 <= end; ) {
      let length = u32(bytes, at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      let header = 8;
      if (length === 1) {
        length = u32(bytes, at + 12);
        header = 16;
      } else if (length === 0) {
        length = end - at;
      }
      if (length < header) return;
      if (type === 'ihdr') consider({ height: u32(bytes, at + 8), width: u32(bytes, at + 12), components: u16(bytes, at + 16) });
      else if (type === 'jp2c') consider(codestreamSize(bytes, at + header));
      else if (type === 'jp2h' && depth < 2) walk(at + header, Math.min(end, at + length), depth + 1);
      at += length;
    }
  };
  walk(0, bytes.length, 0);
  return largest;
}

const JBIG2_PAGE_INFORMATION = 48;
/** Region segments (7.3): each starts with the region's width and height. */
const JBIG2_REGIONS = new Set([4, 6, 7, 20, 22, 23, 36, 38, 39, 40, 42, 43]);

/**
 * JBIG2 (JBIG2Decode, embedded: segments without the file header): the largest bitmap its page
 * information and region segments claim. `pageHeight` stands in for a page of unknown height.
 */
export function jbig2Size(bytes: Uint8Array, pageHeight: number): PixelSize | null {
  let largest: PixelSize | null = null;
  for (let at = 0; at + 11 <= bytes.length; ) {
    const flags = bytes[at + 4] ?? 0;
    const type = flags & 0x3f;
    let cursor = at + 5;
    const referred = bytes[cursor] ?? 0;
    let count = referred >> 5;
    if (count === 7) {
      count = u32(bytes, cursor) & 0x1fffffff;
      cursor += 4 + Math.ceil((count + 1) / 8);
    } else {
      cursor += 1;
    }
    const number = u32(bytes, at);
    cursor += count * (number <= 256 ? 1 : number <= 65536 ? 2 : 4);
    cursor += flags & 0x40 ? 4 : 1;
    const length = u32(bytes, cursor);
    const data = cursor + 4;
    if (data + 8 > bytes.length) break;
    if (type === JBIG2_PAGE_INFORMATION || JBIG2_REGIONS.has(type)) {
      const width = u32(bytes, data);
      const rawHeight = u32(bytes, data + 4);
      const height = type === JBIG2_PAGE_INFORMATION && rawHeight === 0xffffffff ? pageHeight : rawHeight;
      if (!largest || width * height > largest.width * largest.height) largest = { width, height, components: 1 };
    }
    // An unknown length (0xffffffff) belongs to an immediate generic region, the last of its page here.
    if (length === 0xffffffff) break;
    at = data + length;
  }
  return largest;
}
