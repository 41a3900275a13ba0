// A long receipt cut into bands of a few lines each, for a reading that takes them one at a time.
// Tesseract reads a block with one lean and one layout, and on a photo the paper's lean and light
// change down a long receipt; a band is short enough for one of each. Measured on the real
// receipt photos: read with the local threshold (MODE_PARAMETERS['block-local']), bands of
// 600 px found the most items where the page as one block found none (a bent Lidl receipt).
import type { GrayImage } from './paper.ts';

/** Pixels darker than this (on a paper tone evened to white) are ink. */
const INK_BELOW = 160;

/** Ink pixels in each row. */
function rowInk(image: GrayImage): Uint32Array {
  const ink = new Uint32Array(image.height);
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width;
    let count = 0;
    for (let x = 0; x < image.width; x++) if ((image.data[row + x] ?? 255) < INK_BELOW) count++;
    ink[y] = count;
  }
  return ink;
}

/**
 * The rows where the page is cut: near every `bandHeight` rows, the row with the least ink
 * within a quarter band either way, so a cut falls between printed lines where there is a gap.
 */
export function bandCuts(image: GrayImage, bandHeight: number): number[] {
  const ink = rowInk(image);
  const cuts = [0];
  const reach = Math.floor(bandHeight / 4);
  let target = bandHeight;
  while (target < image.height - bandHeight / 2) {
    let best = target;
    for (let y = Math.max(0, target - reach); y <= Math.min(image.height - 1, target + reach); y++) {
      if ((ink[y] ?? 0) < (ink[best] ?? 0)) best = y;
    }
    cuts.push(best);
    target = best + bandHeight;
  }
  cuts.push(image.height);
  return cuts;
}

/** The page as bands of about `bandHeight` rows, top to bottom (one band when it is short). */
export function cutIntoBands(image: GrayImage, bandHeight: number): GrayImage[] {
  const cuts = bandCuts(image, bandHeight);
  const bands: GrayImage[] = [];
  for (let index = 0; index + 1 < cuts.length; index++) {
    const top = cuts[index] ?? 0;
    const bottom = cuts[index + 1] ?? image.height;
    if (bottom <= top) continue;
    bands.push({ width: image.width, height: bottom - top, data: image.data.slice(top * image.width, bottom * image.width) });
  }
  return bands;
}
