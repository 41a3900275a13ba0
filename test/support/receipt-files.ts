// Receipt files made in the test itself, for tests that need bytes rather than text: a clean
// PNG of receipt text, a PDF with a real text layer, and a PDF whose page is only a picture.
// The photo-like renders and the committed corpus live in scripts/fixtures/; these are the
// plain, fast inputs that OCR reads back reliably.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A short K-Market receipt: three items, a weighed line, a total. */
export const RECEIPT_LINES: readonly string[] = [
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

/**
 * The item list of a Lidl receipt, its total and its card payment, for `renderRaisedPricesPng`:
 * Lidl prints each item's price half a line above its name (`LIDL_RAISE`), the total and the
 * payment level with theirs.
 */
export const LIDL_LINES: readonly string[] = [
  '  Palautusohje: lidl.fi/asiakaspalvelu',
  '                                     EUR',
  'Milbona rahka maustamaton 250g    0,89 B',
  'Pilos Edam juustoviipale 300g     2,99 B',
  'Vapaan kanan munat 10 kpl         2,79 B',
  'Nauta jauheliha 10% 800g          8,49 B',
  '  Lidl Plus -säästösi            -1,50',
  'Vemondo kaurajuoma 1l             1,09 B',
  'Rosten Ruisleipä 500g             1,29 B',
  '                              ----------',
  'Yhteensä                          16,04',
  '                              ==========',
  'Korttimaksu                       16,04',
];
/** The lines of LIDL_LINES whose price is printed above them. */
export const LIDL_ITEM_LINES: readonly number[] = [2, 3, 4, 5, 6, 7, 8];
export const LIDL_RAISE = (index: number): number => (LIDL_ITEM_LINES.includes(index) ? 0.5 : 0);

/** Lines as given, or a text split at its line breaks. */
function linesOf(receipt: string | readonly string[]): readonly string[] {
  return typeof receipt === 'string' ? receipt.split('\n') : receipt;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One line of text at a height, in the receipt's font (`y` is its baseline). */
function textAt(text: string, y: number): string {
  return `<text x="40" y="${y}" xml:space="preserve">${escapeXml(text)}</text>`;
}

/**
 * A receipt's lines printed in DejaVu Sans Mono, black on white, as PNG bytes, each drawn by
 * `draw` from its baseline. The font size decides the whole layout (line spacing, margins, a
 * paper at least 36 columns wide).
 */
async function printedPng(lines: readonly string[], fontSize: number, draw: (line: string, index: number, y: number, lineHeight: number) => string): Promise<Buffer> {
  const columns = Math.max(36, ...lines.map((line) => line.length));
  const lineHeight = Math.round(fontSize * 1.4);
  const width = Math.round(fontSize * 0.62 * columns) + 80;
  const height = lineHeight * lines.length + 80;
  const text = lines.map((line, index) => draw(line, index, 60 + index * lineHeight, lineHeight)).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <g font-family="DejaVu Sans Mono" font-size="${fontSize}" fill="#111111">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A receipt printed in DejaVu Sans Mono, black on white, as PNG bytes. The font size decides
 * the whole layout, so a test that relies on OCR of the picture keeps its input by keeping the size.
 */
export async function renderReceiptPng(receipt: string | readonly string[] = RECEIPT_LINES, fontSize = 28): Promise<Buffer> {
  return printedPng(linesOf(receipt), fontSize, (line, _index, y) => textAt(line, y));
}

/** The amount that ends a receipt line (`2,99 B`, `-1,50`), as printed; null when none does. */
export function amountEnding(line: string): string | null {
  return /\s(-?\d+,\d\d(?: [A-Z])?)$/.exec(line)?.[1] ?? null;
}

/**
 * A receipt like `renderReceiptPng`'s, with the amount that ends a line drawn `raise(index)` line
 * heights above the rest of its line (Lidl prints each price half a line above its name; curled
 * paper moves prices off their lines by a little more on each line). Lines without an amount
 * are drawn as they are.
 */
export async function renderRaisedPricesPng(receipt: readonly string[], raise: (index: number) => number, fontSize = 28): Promise<Buffer> {
  return printedPng(receipt, fontSize, (line, index, y, lineHeight) => {
    const amount = amountEnding(line);
    if (amount === null) return textAt(line, y);
    const at = line.length - amount.length;
    return textAt(line.slice(0, at), y) + textAt(' '.repeat(at) + amount, y - raise(index) * lineHeight);
  });
}

/**
 * A receipt PDF with a real text layer (Courier, WinAnsi: ä, ö and € included), the same lines
 * on each of `pages` pages. Names and prices are drawn as separate runs, as receipt printers'
 * PDFs do, so the reader has to put them back on one line.
 */
export async function makeTextPdf(receipt: string | readonly string[] = RECEIPT_LINES, pages = 1): Promise<Buffer> {
  const lines = linesOf(receipt);
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Courier);
  const widest = Math.max(...lines.map((line) => font.widthOfTextAtSize(line, 8)));
  for (let pageIndex = 0; pageIndex < pages; pageIndex++) {
    const page = document.addPage([Math.max(226, Math.ceil(widest) + 20), 60 + lines.length * 11]);
    lines.forEach((line, index) => {
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
