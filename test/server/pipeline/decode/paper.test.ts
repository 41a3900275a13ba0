// Evening the paper tone: pure pixel rules on images made in the test.
import { describe, expect, it } from 'vitest';
import { evenPaperTone } from '../../../../src/server/pipeline/decode/image.ts';
import { findPaper, maxFilter, PAPER_TEXTURE_WHITE, whitenPaperTexture, type GrayImage, type PixelImage } from '../../../../src/server/pipeline/decode/paper.ts';

/** Paper lit at 220 on the left, in a fold's shadow at 120 from `edge` on. */
function foldedPaper(width: number, height: number, edge: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = x < edge ? 220 : 120;
  return { data, width, height };
}

describe('whitenPaperTexture', () => {
  it('makes paper of the whitening gray and lighter white, and keeps the print dark and in order', () => {
    const levels = [0, 60, 120, 180, PAPER_TEXTURE_WHITE - 1, PAPER_TEXTURE_WHITE, 230, 255];
    const page: GrayImage = { data: Uint8Array.from(levels), width: levels.length, height: 1 };
    const whitened = whitenPaperTexture(page);
    expect(Array.from(whitened.data)).toEqual([0, 77, 153, 230, 254, 255, 255, 255]);
    expect({ width: whitened.width, height: whitened.height }).toEqual({ width: levels.length, height: 1 });
    // The page read before it is left as it was.
    expect(Array.from(page.data)).toEqual(levels);
  });
});

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

/**
 * A levelled photo's thumbnail: white paper (240) in columns 40–59 on a light table (170),
 * and a black band down the left third, transparent when `marked` (the corners a levelled
 * picture gains) and opaque otherwise (a dark floor beside the table in the photo itself).
 */
function levelledThumbnail(marked: boolean): PixelImage {
  const width = 100;
  const height = 100;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const tone = x < 33 ? 0 : x >= 40 && x < 60 && y >= 5 && y < 95 ? 240 : 170;
      data.set([tone, tone, tone, x < 33 && marked ? 0 : 255], (y * width + x) * 4);
    }
  }
  return { data, width, height, channels: 4 };
}

describe('findPaper', () => {
  it('finds the paper on a light table beside the corners a levelled picture gained', () => {
    const box = findPaper(levelledThumbnail(true));
    expect(box).not.toBeNull();
    expect(box?.left).toBeCloseTo(0.38, 2);
    expect(box?.right).toBeCloseTo(0.62, 2);
  });

  it('takes a dark band the photo itself shows as the background it is', () => {
    // Three tones: the table counts as paper, and with table on one side of the paper only
    // (a strip as narrow as a shadow), the box is all but the band.
    const box = findPaper(levelledThumbnail(false));
    expect(box?.left).toBeCloseTo(0.31, 2);
  });
});

/**
 * A photo's thumbnail: paper (235) in the given column ranges, rows 10–89, on a dark table (40);
 * in `shadowed` columns the paper lies in a crease's shadow (120) but for its top ten rows.
 */
function creasedThumbnail(papers: [number, number][], shadowed: number[] = []): PixelImage {
  const width = 100;
  const height = 100;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const paper = y >= 10 && y < 90 && papers.some(([first, last]) => x >= first && x <= last);
      const tone = !paper ? 40 : shadowed.includes(x) && y >= 20 ? 120 : 235;
      data.set([tone, tone, tone], (y * width + x) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

describe('findPaper across a crease', () => {
  it('keeps the whole width of a paper a crease shadows one column of', () => {
    const box = findPaper(creasedThumbnail([[20, 79]], [48]));
    expect(box?.left).toBeCloseTo(0.18, 2);
    expect(box?.right).toBeCloseTo(0.82, 2);
  });

  it('still tells two papers apart across a gap of table', () => {
    const box = findPaper(creasedThumbnail([[10, 39], [46, 89]]));
    expect(box?.left).toBeCloseTo(0.44, 2);
    expect(box?.right).toBeCloseTo(0.92, 2);
  });
});

/**
 * A photo's thumbnail: a dark floor (40) around a region in columns 10–89 and rows 5–94 whose
 * tone each column gives.
 */
function toneColumns(tone: (x: number, y: number) => number): PixelImage {
  const width = 100;
  const height = 100;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const level = x >= 10 && x < 90 && y >= 5 && y < 95 ? tone(x, y) : 40;
      data.set([level, level, level], (y * width + x) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

describe('findPaper on a pale table', () => {
  it('finds the receipt, not the table, when a darker floor shows around the table', () => {
    // A pale table (170) and on it white paper (240) in columns 40–59, rows 15–84.
    const box = findPaper(toneColumns((x, y) => (x >= 40 && x < 60 && y >= 15 && y < 85 ? 240 : 170)));
    expect(box?.left).toBeCloseTo(0.38, 2);
    expect(box?.right).toBeCloseTo(0.62, 2);
    // The table's rows: a receipt's foot in a shadow is no brighter than the table.
    expect(box?.top).toBeCloseTo(0.03, 2);
    expect(box?.bottom).toBeCloseTo(0.97, 2);
  });

  it('keeps the whole paper when its brighter part reaches its side, as a receipt half in shadow', () => {
    // The receipt fills the region, lit (240) left of column 50 and in a shadow (170) right of it.
    const box = findPaper(toneColumns((x) => (x < 50 ? 240 : 170)));
    expect(box?.left).toBeCloseTo(0.08, 2);
    expect(box?.right).toBeCloseTo(0.92, 2);
  });

  it('keeps the whole paper when the light falls off gradually, bright pixels on every side', () => {
    // Lit in the middle and dimmer to both sides, with the print's bright gaps all over.
    const box = findPaper(toneColumns((x, y) => ((x * 7 + y * 13) % 10 === 0 ? 240 : 250 - Math.abs(x - 50) * 2)));
    expect(box?.left).toBeCloseTo(0.08, 2);
    expect(box?.right).toBeCloseTo(0.92, 2);
  });
});

/**
 * A photo's thumbnail under light that falls off towards its top: paper (190) in columns 45–74
 * and rows 10–169 on a gray table (130), both times the light, which runs from 0.85 at the top
 * to 1.3 at the foot. The lit table at the foot (169) is then brighter than the shaded paper's
 * head (161).
 */
function unevenlyLit(): PixelImage {
  const width = 120;
  const height = 180;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const light = 0.85 * Math.exp(Math.log(1.3 / 0.85) * (y / height));
    for (let x = 0; x < width; x++) {
      const paper = x >= 45 && x < 75 && y >= 10 && y < 170;
      const level = Math.round((paper ? 190 : 130) * light);
      data.set([level, level, level], (y * width + x) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

describe('findPaper under uneven light', () => {
  it('finds the whole receipt, head to foot, not the lit table beside its foot', () => {
    const box = findPaper(unevenlyLit());
    expect(box?.left).toBeCloseTo(0.355, 2);
    expect(box?.right).toBeCloseTo(0.645, 2);
    expect(box?.top).toBeCloseTo(0.036, 2);
    expect(box?.bottom).toBeCloseTo(0.964, 2);
  });
});
