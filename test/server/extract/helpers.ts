// Inputs made in the test itself: a receipt rendered in a monospaced font, PDFs with and
// without a text layer. Nothing here reads the shared real-receipt data.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { isHttpError } from '../../../src/server/errors.ts';
import { createExtractor, type Extractor, type ExtractorOptions } from '../../../src/server/pipeline/extract.ts';

export const RECEIPT_LINES = [
  'K-MARKET TESTIKATU',
  'Testikatu 1, 00100 Helsinki',
  '',
  'MAITO 1L                    1,29',
  'RUISLEIPÄ 500G              2,49',
  'JAUHELIHA 400G              4,99',
  'BANAANI                     1,15',
  '  0,650 KG x 1,77 €/KG',
  '----------------------------------',
  'YHTEENSÄ                    9,92',
];

export function testExtractor(overrides: Partial<ExtractorOptions> = {}): Extractor {
  return createExtractor({
    ocrWorkers: 1,
    maxQueue: 4,
    ocrTimeoutMs: 60_000,
    maxPixels: 50_000_000,
    maxPdfPages: 5,
    log: () => {},
    ...overrides,
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A receipt printed in DejaVu Sans Mono, black on white, as PNG bytes. */
export async function renderReceiptPng(lines: readonly string[] = RECEIPT_LINES, fontSize = 28): Promise<Buffer> {
  const lineHeight = Math.round(fontSize * 1.4);
  const width = Math.round(fontSize * 0.62 * 36) + 80;
  const height = lineHeight * lines.length + 80;
  const text = lines
    .map((line, index) => `<text x="40" y="${60 + index * lineHeight}" xml:space="preserve">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <g font-family="DejaVu Sans Mono" font-size="${fontSize}" fill="#111111">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A one-page receipt PDF with a real text layer (Courier, WinAnsi: ä, ö and € included). */
export async function makeTextPdf(lines: readonly string[] = RECEIPT_LINES, pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Courier);
  for (let pageIndex = 0; pageIndex < pages; pageIndex++) {
    const page = document.addPage([226, 60 + lines.length * 11]);
    lines.forEach((line, index) => {
      // Names and prices drawn as separate runs, as receipt printers' PDFs do.
      const match = /^(.*?\S)(\s{2,})(\S.*)$/.exec(line);
      const y = page.getHeight() - 30 - index * 11;
      if (!match) return void page.drawText(line, { x: 10, y, size: 8, font });
      const [, name = '', gap = '', price = ''] = match;
      page.drawText(name, { x: 10, y, size: 8, font });
      page.drawText(price, { x: 10 + font.widthOfTextAtSize(name + gap, 8), y, size: 8, font });
    });
  }
  return Buffer.from(await document.save());
}

/** A PDF whose only page is a picture of the receipt: no text layer at all. */
export async function makeImagePdf(png: Buffer): Promise<Buffer> {
  const document = await PDFDocument.create();
  const image = await document.embedPng(png);
  const width = 226;
  const height = (image.height / image.width) * width;
  document.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return Buffer.from(await document.save());
}

/** Every line of `expected` that is not blank shows up in `text` (spacing may differ). */
export function squash(text: string): string {
  return text.replace(/[ \t]+/g, ' ');
}

/** The HttpError a promise rejects with, as status, sentence and Retry-After. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string; retryAfter?: number }> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isHttpError(error)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return { status: error.statusCode, message: error.message, ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }) };
}

/** Fewest edits that turn `pattern` into some substring of `text` (approximate matching, for OCR slips). */
export function editsToFind(pattern: string, text: string): number {
  let previous = Array.from({ length: pattern.length + 1 }, (_, index) => index);
  let best = pattern.length;
  for (const character of text) {
    const current = [0];
    for (let index = 1; index <= pattern.length; index++) {
      const substitution = (previous[index - 1] ?? 0) + (pattern[index - 1] === character ? 0 : 1);
      current.push(Math.min((previous[index] ?? 0) + 1, (current[index - 1] ?? 0) + 1, substitution));
    }
    best = Math.min(best, current[pattern.length] ?? best);
    previous = current;
  }
  return best;
}

/** The amount printed on the line, with a decimal comma or point. */
export function priceOnLine(price: number, line: string): boolean {
  return new RegExp(`(?<!\\d)${Math.abs(price).toFixed(2).replace('.', '[.,]\\s?')}(?!\\d)`).test(line);
}
