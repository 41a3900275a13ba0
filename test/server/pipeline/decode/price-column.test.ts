// Prices printed between the names' lines, found from the print alone and moved onto their
// names' lines: receipts drawn in the test in a receipt printer's monospace font.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../../../../src/server/pipeline/decode/paper.ts';
import { findRaisedPrices, lowerPrices } from '../../../../src/server/pipeline/decode/price-column.ts';
import { LIDL_ITEM_LINES, LIDL_LINES, LIDL_RAISE, renderRaisedPricesPng } from '../../../support/receipt-files.ts';

const FONT_SIZE = 28;
const LINE_HEIGHT = Math.round(FONT_SIZE * 1.4);

async function page(raise: (index: number) => number): Promise<GrayImage> {
  const { data, info } = await sharp(await renderRaisedPricesPng(LIDL_LINES, raise, FONT_SIZE)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** The page turned by `degrees` on white, as a page levelled that far off its print's lean. */
async function leaning(printed: GrayImage, degrees: number): Promise<GrayImage> {
  const { data, info } = await sharp(printed.data, { raw: { width: printed.width, height: printed.height, channels: 1 } })
    .rotate(degrees, { background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe('findRaisedPrices', () => {
  it('finds each item price printed half a line above its name, and how far down its name is', async () => {
    const printed = await page(LIDL_RAISE);
    const raised = findRaisedPrices(printed);
    // The first touches the column's head (`EUR`) printed half a line above it, as on Lidl's
    // receipts, and is one shape with it: not a price of its own.
    expect(raised.length).toBeGreaterThanOrEqual(LIDL_ITEM_LINES.length - 1);
    expect(raised.length).toBeLessThanOrEqual(LIDL_ITEM_LINES.length);
    for (const price of raised) {
      expect(price.down).toBeGreaterThan(0.3 * LINE_HEIGHT);
      expect(price.down).toBeLessThan(0.7 * LINE_HEIGHT);
      // In the price column: right of the longest name.
      expect(price.left).toBeGreaterThan(0.6 * printed.width);
    }
    // Top to bottom, a line apart.
    const tops = raised.map((price) => price.top);
    for (let k = 1; k < tops.length; k++) expect((tops[k] ?? 0) - (tops[k - 1] ?? 0)).toBeGreaterThan(0.7 * LINE_HEIGHT);
  });

  it('finds none where prices stand beside their names', async () => {
    expect(findRaisedPrices(await page(() => 0))).toEqual([]);
  });

  it('finds none where prices drift off their lines a little more on each, as on curled paper', async () => {
    // From a fifth of a line above its name to four fifths: between the lines, but not as a printer prints.
    expect(findRaisedPrices(await page((index) => (LIDL_ITEM_LINES.includes(index) ? 0.2 + 0.1 * (index - 2) : 0)))).toEqual([]);
  });

  it('finds none where prices stand between the lines only at the top of a bulge in the paper', async () => {
    // Off their names' lines by an eighth of a line at the first and the last item, by a quarter
    // between: the middle prices stand between the lines as steadily as a raised column, but
    // their neighbours on both sides stand nearly as far off.
    const bulge = [0.12, 0.2, 0.24, 0.24, 0.24, 0.2, 0.12];
    expect(findRaisedPrices(await page((index) => bulge[LIDL_ITEM_LINES.indexOf(index)] ?? 0))).toEqual([]);
  });

  it('finds none on a page left leaning a degree and a half, where every price stands off its name alike', async () => {
    // Levelled by the paper's edges rather than by its print (a scan tilted 5°): a price at the
    // right edge stands half a letter off its name's middle, as steadily as a raised column.
    for (const degrees of [1.5, -1.5]) expect(findRaisedPrices(await leaning(await page(() => 0), degrees))).toEqual([]);
  });

  it('still finds the raised prices of a page leaning a degree and a half', async () => {
    for (const degrees of [1.5, -1.5]) {
      const raised = findRaisedPrices(await leaning(await page(LIDL_RAISE), degrees));
      expect(raised.length).toBeGreaterThanOrEqual(LIDL_ITEM_LINES.length - 1);
      expect(raised.length).toBeLessThanOrEqual(LIDL_ITEM_LINES.length);
    }
  });

  it('finds none on a page of specks as many as a hostile picture holds', () => {
    // 5 megapixels of ink blots a few pixels wide: tens of thousands of shapes, no print.
    const width = 1000;
    const height = 5000;
    const data = new Uint8Array(width * height).fill(255);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let y = 0; y < height; y += 6) for (let x = 0; x < width; x += 6) if (random() < 0.3) for (let dy = 0; dy < 5; dy++) data.fill(0, (y + dy) * width + x, (y + dy) * width + x + 4);
    expect(findRaisedPrices({ data, width, height })).toEqual([]);
  });

  it('finds none where fewer than four prices in a row stand between the lines', async () => {
    expect(findRaisedPrices(await page((index) => (index >= 2 && index <= 4 ? 0.5 : 0)))).toEqual([]);
  });
});

describe('lowerPrices', () => {
  it('moves each raised price onto its name’s line, where none stands between the lines any more', async () => {
    const printed = await page(LIDL_RAISE);
    const raised = findRaisedPrices(printed);
    const lowered = lowerPrices(printed, raised);
    expect(findRaisedPrices(lowered)).toEqual([]);
    const inkIn = (image: GrayImage, box: { left: number; right: number; top: number; bottom: number }): number => {
      let ink = 0;
      for (let y = box.top; y < box.bottom; y++) for (let x = box.left; x < box.right; x++) if ((image.data[y * image.width + x] ?? 255) < 128) ink++;
      return ink;
    };
    for (const price of raised) {
      const below = { ...price, top: price.top + price.down, bottom: price.bottom + price.down };
      // Its print now stands where its name's line is, as much of it as there was.
      expect(inkIn(lowered, below)).toBeGreaterThanOrEqual(inkIn(printed, price));
    }
    // The names are untouched.
    const names = { left: 0, right: Math.min(...raised.map((price) => price.left)), top: 0, bottom: printed.height };
    expect(inkIn(lowered, names)).toBe(inkIn(printed, names));
  });
});
