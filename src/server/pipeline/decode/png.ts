// A PNG's image data checked against its header before any decoder sees it: the header (IHDR)
// says how many bytes the image is, and image data (IDAT) that inflates to more is not a PNG a
// camera or a screenshot makes but one made to cost a decoder far more than its bytes.
import { countInflated } from './inflate.ts';
import { unreadableImage } from './refusals.ts';

/** Channels per pixel by colour type (PNG 11.2.2). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column and row, and the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
/** Encoders end their data exactly; a little more is allowed rather than refuse a viewable file. */
const SLACK = 1.01;
const SLACK_BYTES = 4096;

interface PngLayout {
  /** Inflated bytes the header implies: each row's filter byte and its pixels, pass by pass when interlaced. */
  expected: number;
  data: Buffer;
}

const u32 = (bytes: Uint8Array, at: number) => (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0;

/** The header's implied size and the image data, or null when the chunks cannot be walked (the decoder then judges). */
export function pngLayout(bytes: Uint8Array): PngLayout | null {
  let width = 0;
  let height = 0;
  let bitsPerPixel = 0;
  let interlaced = false;
  const data: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = at + 8;
    if (body + length > bytes.length) break;
    if (type === 'IHDR' && length >= 13) {
      width = u32(bytes, body);
      height = u32(bytes, body + 4);
      const channels = CHANNELS[bytes[body + 9] ?? -1];
      if (!channels) return null;
      bitsPerPixel = channels * (bytes[body + 8] ?? 8);
      interlaced = bytes[body + 12] === 1;
    } else if (type === 'IDAT') {
      data.push(bytes.subarray(body, body + length));
    } else if (type === 'IEND') {
      break;
    }
    at = body + length + 4;
  }
  if (width === 0 || height === 0 || bitsPerPixel === 0 || data.length === 0) return null;
  const rows = (passWidth: number, passHeight: number) => (passWidth === 0 || passHeight === 0 ? 0 : passHeight * (1 + Math.ceil((passWidth * bitsPerPixel) / 8)));
  const expected = interlaced
    ? ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil(Math.max(0, width - x0) / dx), Math.ceil(Math.max(0, height - y0) / dy)), 0)
    : rows(width, height);
  return { expected, data: Buffer.concat(data) };
}

/** Throws unreadable-image when the PNG's image data inflates past what its header says the image holds. */
export async function checkPngData(bytes: Uint8Array): Promise<void> {
  const layout = pngLayout(bytes);
  if (!layout) return;
  const { over } = await countInflated(layout.data, Math.ceil(layout.expected * SLACK) + SLACK_BYTES);
  if (over) throw unreadableImage(new Error('the image data inflates past what the header says'));
}
