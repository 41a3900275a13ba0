// The lean of a page's text lines, on receipts rendered and turned in the test.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateSkew } from '../../../../src/server/pipeline/decode/deskew.ts';
import { levelPaper } from '../../../../src/server/pipeline/decode/image.ts';
import { printLean } from '../../../../src/server/pipeline/decode/orientation.ts';
import type { GrayImage } from '../../../../src/server/pipeline/decode/paper.ts';
import { renderReceiptPng } from '../extract/helpers.ts';

async function gray(png: Buffer, degrees = 0): Promise<GrayImage> {
  const { data, info } = await sharp(png).rotate(degrees, { background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('estimateSkew', () => {
  it('reads the angle a receipt was turned by, either way, to a few tenths of a degree', async () => {
    const png = await renderReceiptPng();
    expect(Math.abs(estimateSkew(await gray(png)))).toBeLessThanOrEqual(0.2);
    // sharp turns clockwise for a positive angle: the lines then fall to the right.
    expect(estimateSkew(await gray(png, 2.5))).toBeCloseTo(2.5, 0);
    expect(estimateSkew(await gray(png, -4))).toBeCloseTo(-4, 0);
  });

  it('answers 0 for a page without print', async () => {
    const blank = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(estimateSkew(await gray(blank))).toBe(0);
  });
});

describe('levelPaper', () => {
  it('turns a leaning page level and leaves a level one as it is', async () => {
    const png = await renderReceiptPng();
    const level = await gray(png);
    expect(await levelPaper(level)).toBe(level);
    const levelled = await levelPaper(await gray(png, 3));
    expect(Math.abs(estimateSkew(levelled))).toBeLessThanOrEqual(0.3);
  });
});

/**
 * A level receipt cut from a photo with the table beside its sides: a wood grain whose dark
 * lines slant by `degrees`, a tenth of the receipt's width each side.
 */
function besideGrain(receipt: GrayImage, degrees: number): GrayImage {
  const side = Math.round(receipt.width * 0.1);
  const width = receipt.width + 2 * side;
  const data = new Uint8Array(width * receipt.height);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let y = 0; y < receipt.height; y++) {
    for (let x = 0; x < width; x++) {
      const onPaper = x >= side && x < side + receipt.width;
      const grain = (((y - x * slope) % 14) + 14) % 14 < 3;
      data[y * width + x] = onPaper ? (receipt.data[y * receipt.width + x - side] ?? 255) : grain ? 90 : 230;
    }
  }
  return { data, width, height: receipt.height };
}

describe('levelPaper beside a table', () => {
  it('levels by the print, not by the lines of a table beside the paper', async () => {
    // A photo tilted 8° and levelled keeps the table's lines at 8°; its print is level.
    const page = besideGrain(await gray(await renderReceiptPng()), 8);
    expect(printLean(page)).toBeCloseTo(0, 0);
    expect(await levelPaper(page)).toBe(page);
  });

  it('still levels a leaning page beside a table', async () => {
    const page = besideGrain(await gray(await renderReceiptPng(), 3), 8);
    const levelled = await levelPaper(page);
    expect(levelled).not.toBe(page);
    expect(Math.abs(printLean(levelled))).toBeLessThanOrEqual(0.3);
  });
});
