// The JPEG a scanner or a phone's scanning app put into a PDF, byte for byte. A page that is one
// picture is read from these bytes by the very decoder and preparation a photo goes through,
// so a receipt reads the same whether it arrives as the photo or as its scanned PDF (decoding
// the picture with pdfjs instead gives slightly different pixels, and OCR can read a digit
// differently). pdf-lib reads the PDF's objects; pdfjs has no public way to the raw stream.
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFArray } from 'pdf-lib';

function filterNames(dict: PDFDict): string[] {
  const filter = dict.lookup(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.asString()];
  if (filter instanceof PDFArray) return filter.asArray().map((entry) => (entry instanceof PDFName ? entry.asString() : '?'));
  return [];
}

/**
 * The raw JPEG of the page's only image XObject, when that image is stored as a plain JPEG
 * (DCTDecode alone); null for anything else: no image or several, another encoding, a soft
 * mask, an unreadable file.
 */
export async function soleEmbeddedJpeg(bytes: Uint8Array, pageIndex: number): Promise<Buffer | null> {
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
    const page = document.getPages()[pageIndex];
    const xObjects = page?.node.Resources()?.lookup(PDFName.of('XObject'));
    if (!(xObjects instanceof PDFDict)) return null;
    const images = xObjects
      .values()
      .map((ref) => document.context.lookup(ref))
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image'));
    const [image] = images;
    if (images.length !== 1 || !image) return null;
    if (image.dict.has(PDFName.of('SMask')) || image.dict.has(PDFName.of('Mask')) || image.dict.has(PDFName.of('Decode'))) return null;
    const filters = filterNames(image.dict);
    if (filters.length !== 1 || filters[0] !== '/DCTDecode') return null;
    const jpeg = Buffer.from(image.contents);
    // A JPEG starts with its SOI marker.
    return jpeg[0] === 0xff && jpeg[1] === 0xd8 ? jpeg : null;
  } catch {
    return null;
  }
}
