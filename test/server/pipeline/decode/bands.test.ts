// Cutting a page into bands between printed lines: pure pixel rules on pages made in the test.
import { describe, expect, it } from 'vitest';
import { bandCuts, cutIntoBands } from '../../../../src/server/pipeline/decode/bands.ts';
import type { GrayImage } from '../../../../src/server/pipeline/decode/paper.ts';

/** White paper with a dark line of print `lineHeight` rows tall every `pitch` rows. */
function printedPage(width: number, height: number, pitch: number, lineHeight: number): GrayImage {
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    if (y % pitch < lineHeight) data.fill(20, y * width + 10, y * width + width - 10);
  }
  return { data, width, height };
}

const inkIn = (image: GrayImage, row: number) => image.data.subarray(row * image.width, (row + 1) * image.width).some((value) => value < 160);

describe('bandCuts', () => {
  it('cuts near every band height, always in the gap between two printed lines', () => {
    const page = printedPage(100, 1000, 40, 30);
    const cuts = bandCuts(page, 200);
    expect(cuts[0]).toBe(0);
    expect(cuts.at(-1)).toBe(1000);
    const inner = cuts.slice(1, -1);
    expect(inner.length).toBeGreaterThanOrEqual(3);
    for (const cut of inner) expect(inkIn(page, cut)).toBe(false);
    for (let k = 1; k < cuts.length - 1; k++) expect((cuts[k] ?? 0) - (cuts[k - 1] ?? 0)).toBeGreaterThan(100);
  });

  it('leaves a page shorter than one and a half bands whole', () => {
    expect(bandCuts(printedPage(100, 250, 40, 30), 200)).toEqual([0, 250]);
  });
});

describe('cutIntoBands', () => {
  it('gives back every row of the page once, top to bottom', () => {
    const page = printedPage(60, 900, 36, 24);
    page.data.forEach((_, index) => {
      if (page.data[index] === 255) page.data[index] = 200 + ((index / 60) % 50);
    });
    const bands = cutIntoBands(page, 250);
    expect(bands.length).toBeGreaterThan(1);
    expect(bands.reduce((sum, band) => sum + band.height, 0)).toBe(page.height);
    const joined = new Uint8Array(bands.reduce((sum, band) => sum + band.data.length, 0));
    let offset = 0;
    for (const band of bands) {
      expect(band.width).toBe(page.width);
      joined.set(band.data, offset);
      offset += band.data.length;
    }
    expect(joined).toEqual(page.data);
  });
});
