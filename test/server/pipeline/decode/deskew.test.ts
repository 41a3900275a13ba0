// The lean of a page's text lines, on receipts rendered and turned in the test.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateSkew } from '../../../../src/server/pipeline/decode/deskew.ts';
import { levelPaper } from '../../../../src/server/pipeline/decode/image.ts';
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
