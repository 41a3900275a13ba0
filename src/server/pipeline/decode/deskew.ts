// How far a receipt's text lines lean. Tesseract's line finder tolerates little skew: on a
// phone photo tilted by 2°, a name at the left and its price at the right of a 40-character
// line sit half a line apart, and the two get read onto different lines or merged with the
// neighbour's. The lean is the shear that stacks the ink into the sharpest rows.
import type { GrayImage } from './paper.ts';

/** Pixels darker than this (on a paper tone evened to white) are ink. */
const INK_BELOW = 160;
/** A receipt photographed by hand may lean this much and still read (decode/orientation.ts measures the same range). */
const MAX_SKEW_DEGREES = 15;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.1;
/** Fewer ink pixels than this are specks, not lines. */
const MIN_INK = 50;

/** Ink pixels of a page, as coordinates. */
export interface Ink {
  xs: Int32Array;
  ys: Int32Array;
  count: number;
  width: number;
  height: number;
}

function inkOf(image: GrayImage): Ink {
  let count = 0;
  for (let index = 0; index < image.data.length; index++) if ((image.data[index] ?? 255) < INK_BELOW) count++;
  const xs = new Int32Array(count);
  const ys = new Int32Array(count);
  let next = 0;
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x++) {
      if ((image.data[row + x] ?? 255) >= INK_BELOW) continue;
      xs[next] = x;
      ys[next] = y;
      next++;
    }
  }
  return { xs, ys, count, width: image.width, height: image.height };
}

/** Ink per row after shearing by `degrees`: the row profile of lines leaning that much. */
export function shearedProfile(ink: Ink, degrees: number): Float64Array {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(Math.abs(slope) * ink.width);
  const rows = new Float64Array(ink.height + 2 * offset + 1);
  for (let index = 0; index < ink.count; index++) {
    const row = Math.round((ink.ys[index] ?? 0) - (ink.xs[index] ?? 0) * slope) + offset;
    rows[row] = (rows[row] ?? 0) + 1;
  }
  return rows;
}

/** Sum of squares: highest when the ink falls into few, full rows. */
function sharpness(profile: Float64Array): number {
  let sum = 0;
  for (const value of profile) sum += value * value;
  return sum;
}

export interface LeanSearch {
  maxDegrees: number;
  coarseStep: number;
  /** The second search, around the coarse best: this far either way, in steps of `fineStep`. */
  fineReach: number;
  fineStep: number;
}

const SKEW_SEARCH: LeanSearch = { maxDegrees: MAX_SKEW_DEGREES, coarseStep: COARSE_STEP, fineReach: COARSE_STEP, fineStep: FINE_STEP };

/** The shear within ±maxDegrees that stacks the ink into the sharpest rows (the earliest on a tie). */
export function sharpestShear(ink: Ink, search: LeanSearch): number {
  let best = 0;
  let bestScore = -1;
  const scan = (from: number, to: number, step: number) => {
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = sharpness(shearedProfile(ink, degrees));
      if (score > bestScore) {
        bestScore = score;
        best = degrees;
      }
    }
  };
  scan(-search.maxDegrees, search.maxDegrees, search.coarseStep);
  const coarse = best;
  scan(coarse - search.fineReach, coarse + search.fineReach, search.fineStep);
  return best;
}

/**
 * The angle in degrees (positive: lines fall to the right, as y grows downwards) at which
 * the text lines of a gray image with white paper lie; 0 when the image has too little ink.
 * Rotating the image by the negative of this angle levels the lines.
 */
export function estimateSkew(image: GrayImage): number {
  const ink = inkOf(image);
  if (ink.count < MIN_INK) return 0;
  return Math.round(sharpestShear(ink, SKEW_SEARCH) * 10) / 10;
}
