// Evening the paper tone: pure pixel rules on images made in the test.
import { describe, expect, it } from 'vitest';
import { evenPaperTone } from '../../../../src/server/pipeline/decode/image.ts';
import { maxFilter, type GrayImage } from '../../../../src/server/pipeline/decode/paper.ts';

/** Paper lit at 220 on the left, in a fold's shadow at 120 from `edge` on. */
function foldedPaper(width: number, height: number, edge: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = x < edge ? 220 : 120;
  return { data, width, height };
}

describe('maxFilter', () => {
  it('fills print thinner than its window with the paper around it', () => {
    const image = foldedPaper(20, 5, 10);
    image.data[2 * 20 + 15] = 30; // a speck of print inside the shadow
    const dilated = maxFilter(image, 2);
    expect(dilated[2 * 20 + 15]).toBe(120);
    // The lit tone reaches `radius` pixels into the shadow, and no further.
    expect(dilated[2 * 20 + 11]).toBe(220);
    expect(dilated[2 * 20 + 13]).toBe(120);
  });
});

describe('evenPaperTone', () => {
  it('turns paper in a shadow white away from the fold', async () => {
    const image = foldedPaper(600, 300, 300);
    const even = await evenPaperTone(image);
    const at = (result: GrayImage, x: number) => result.data[150 * result.width + x] ?? 0;
    expect(at(even, 100)).toBeGreaterThan(230);
    expect(at(even, 500)).toBeGreaterThan(230);
  });
});
