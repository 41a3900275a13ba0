// The real file type from the first bytes. Clients' names and MIME claims are never trusted:
// a text file renamed .jpg must be refused here, before any decoder sees it.
/** The file kinds the reader tells apart by their first bytes. */
export type FileKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'heic' | 'avif' | 'pdf';

// ISO-BMFF brands (the `ftyp` box) that name a HEIF image coded with HEVC, and with AV1.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** PDF readers accept a header anywhere in the first kilobyte (junk before it is common). */
const PDF_HEADER_WINDOW = 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return (((bytes[offset] ?? 0) << 24) | ((bytes[offset + 1] ?? 0) << 16) | ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0)) >>> 0;
}

/** The major and compatible brands of an ISO-BMFF `ftyp` box at the start of the file. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = Math.min(readUint32(bytes, 0), bytes.length, 4096);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

function containsPdfHeader(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, PDF_HEADER_WINDOW);
  const header = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  for (let offset = 0; offset + header.length <= window.length; offset++) {
    if (window[offset] === 0x25 && startsWith(window, header, offset)) return true;
  }
  return false;
}

export function detectKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  const brands = ftypBrands(bytes);
  // An AVIF file often also lists the generic `mif1`; AV1 wins when both appear.
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  if (containsPdfHeader(bytes)) return 'pdf';
  return null;
}
