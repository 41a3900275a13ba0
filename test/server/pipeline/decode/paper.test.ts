// Evening the paper tone: pure pixel rules on images made in the test.
import { describe, expect, it } from 'vitest';
import { evenPaperTone } from '../../../../src/server/pipeline/decode/image.ts';
import { closeFilter, maxFilter, type GrayImage } from '../../../../src/server/pipeline/decode/paper.ts';

/** Paper lit at 220 on the left, in a fold's shadow at 120 from `edge` on, with a dark dot of print. */
function foldedPaper(width: number, height: number, edge: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = x < edge ? 220 : 120;
  return { data, width, height };
}

describe('closeFilter', () => {
  it('fills print thinner than the window like the dilation, but keeps a shadow’s edge in place', () => {
    const image = foldedPaper(20, 5, 10);
    image.data[2 * 20 + 15] = 30; // a speck of print inside the shadow
    const dilated = maxFilter(image, 2);
    const closed = closeFilter(image, 2);
    // The dilation carries the lit tone two pixels into the shadow; the closing does not.
    expect(dilated[2 * 20 + 11]).toBe(220);
    expect(closed[2 * 20 + 11]).toBe(120);
    // Both fill the speck with the shadow's tone.
    expect(dilated[2 * 20 + 15]).toBe(120);
    expect(closed[2 * 20 + 15]).toBe(120);
  });
});

describe('evenPaperTone', () => {
  it('turns shadowed paper white; with the closing also right beside the fold', async () => {
    const image = foldedPaper(600, 300, 300);
    const dilate = await evenPaperTone(image);
    const close = await evenPaperTone(image, 'close');
    const at = (result: GrayImage, x: number) => result.data[150 * result.width + x] ?? 0;
    // Far from the fold both are paper-white.
    expect(at(dilate, 500)).toBeGreaterThan(230);
    expect(at(close, 500)).toBeGreaterThan(230);
    // Just inside the shadow the dilation's band is dark enough to read as ink; the closing's is not.
    expect(at(dilate, 305)).toBeLessThan(160);
    expect(at(close, 305)).toBeGreaterThan(at(dilate, 305) + 40);
  });
});
