// Pure pixel rules for receipt photos: where the paper is, and an even paper tone.
// Measured on real Finnish receipt photos (phone shots on tables, tablecloths, in hands):
// cropping to the paper and then scaling it to one width, plus dividing out uneven lighting,
// raised item names found from 129 to 137 of 140 and prices from 86 to 111.

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Interleaved pixels with 1 (gray) or 3+ (RGB first) channels. */
export interface PixelImage extends GrayImage {
  channels: number;
}

/** A region as fractions (0–1) of the image's width and height. */
export interface FractionBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Paper is brighter than Otsu's split of the thumbnail and nearly colourless. */
const MAX_PAPER_SATURATION = 60;
/** A column belongs to the paper when this share of its pixels is paper. */
const MIN_PAPER_COLUMN = 0.25;
/**
 * A gap of paper columns this narrow (as a fraction of the width) is a crease's or a fold's
 * shadow across the paper, not its edge: a crumpled receipt filling the frame lost a fifth of
 * its width, the names' first letters, where one shadowed column fell short.
 */
const PAPER_BRIDGE = 0.02;
/** Rows are trimmed only where almost no paper remains, so a long receipt keeps its ends. */
const MIN_PAPER_ROW = 0.1;
/** Margin kept around the paper, as a fraction of the image. */
const PAPER_MARGIN = 0.02;
/** Below this area the "paper" is more likely a bright spot than a receipt. */
const MIN_PAPER_AREA = 0.08;
/** Above this area cropping gains nothing. */
const MAX_CROP_AREA = 0.9;
/** Pale table on each side of a brighter paper, as a share of the table's width, for the paper to be the receipt. */
const MIN_TABLE_BESIDE = 0.15;
/** A column with this share of a brighter paper's rows is the paper's edge, crossed by a lean. */
const MIN_RECEIPT_EDGE_COLUMN = 0.02;
/** Share of the table outside a brighter paper's box that may be as bright as it: specks, not light. */
const MAX_BRIGHT_BESIDE = 0.06;

export function otsuThreshold(histogram: ArrayLike<number>): number {
  let total = 0;
  let weightedSum = 0;
  for (let level = 0; level < 256; level++) {
    total += histogram[level] ?? 0;
    weightedSum += level * (histogram[level] ?? 0);
  }
  let backgroundWeight = 0;
  let backgroundSum = 0;
  let bestVariance = -1;
  let threshold = 127;
  for (let level = 0; level < 256; level++) {
    const count = histogram[level] ?? 0;
    backgroundWeight += count;
    if (backgroundWeight === 0) continue;
    const foregroundWeight = total - backgroundWeight;
    if (foregroundWeight === 0) break;
    backgroundSum += level * count;
    const meanBackground = backgroundSum / backgroundWeight;
    const meanForeground = (weightedSum - backgroundSum) / foregroundWeight;
    const variance = backgroundWeight * foregroundWeight * (meanBackground - meanForeground) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      threshold = level;
    }
  }
  return threshold;
}

/**
 * The longest run of indices whose value reaches `min`, as [first, last]; null when none does.
 * A run goes on across at most `bridge` indices below `min`.
 */
function longestRun(values: readonly number[], min: number, bridge = 0): [number, number] | null {
  let best: [number, number] | null = null;
  let start = -1;
  let last = -1;
  const close = (): void => {
    if (start >= 0 && (!best || last - start > best[1] - best[0])) best = [start, last];
  };
  for (let index = 0; index < values.length; index++) {
    if ((values[index] ?? 0) < min) continue;
    if (start < 0 || index - last - 1 > bridge) {
      close();
      start = index;
    }
    last = index;
  }
  close();
  return best;
}

/**
 * How cleanly a split at `threshold` parts the histogram's tones: the variance between the two
 * sides as a share of the whole (Otsu's effectiveness), 1 for two flat tones, near 0 for one.
 */
function splitSeparation(histogram: ArrayLike<number>, threshold: number): number {
  let count = 0;
  let sum = 0;
  let squares = 0;
  let darkCount = 0;
  let darkSum = 0;
  for (let level = 0; level < 256; level++) {
    const n = histogram[level] ?? 0;
    count += n;
    sum += level * n;
    squares += level * level * n;
    if (level <= threshold) {
      darkCount += n;
      darkSum += level * n;
    }
  }
  const variance = count > 0 ? squares / count - (sum / count) ** 2 : 0;
  if (variance <= 0 || darkCount === 0 || darkCount === count) return 0;
  const between = (darkCount / count) * (1 - darkCount / count) * (darkSum / darkCount - (sum - darkSum) / (count - darkCount)) ** 2;
  return between / variance;
}

/** A thumbnail's paper pixels, the luminance they were split on, and how cleanly it parted. */
interface PaperMask {
  mask: Uint8Array;
  luminance: Uint8Array;
  /** `splitSeparation` of the last split. */
  separation: number;
}

/**
 * Rounds of splitting the thumbnail into paper and table and fitting the light both share. The
 * first split is taken under uneven light as it is; each fit evens the light for the next.
 */
const LIGHT_ROUNDS = 3;

/**
 * The x solving A x = b for a small square system (Gaussian elimination with partial
 * pivoting); null when A is singular, as when every pixel fell on one side of the split.
 */
function solveLinear(matrix: number[][], vector: number[]): number[] | null {
  const size = vector.length;
  const rows = matrix.map((row, index) => [...row, vector[index] ?? 0]);
  for (let column = 0; column < size; column++) {
    let pivot = column;
    for (let row = column + 1; row < size; row++) {
      if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row;
    }
    const pivotRow = rows[pivot];
    if (!pivotRow || Math.abs(pivotRow[column] ?? 0) < 1e-9) return null;
    [rows[pivot], rows[column]] = [rows[column] ?? [], pivotRow];
    for (let row = 0; row < size; row++) {
      const target = rows[row];
      if (row === column || !target) continue;
      const factor = (target[column] ?? 0) / (pivotRow[column] ?? 1);
      for (let k = column; k <= size; k++) target[k] = (target[k] ?? 0) - factor * (pivotRow[k] ?? 0);
    }
  }
  return rows.map((row, index) => (row[size] ?? 0) / (row[index] ?? 1));
}

/**
 * The light falling across the thumbnail, as the slope of its log luminance along x and y (each
 * from -0.5 to 0.5 across the frame): the one plane that, with one tone for the paper and one
 * for the table, fits the pixels of both best. Light multiplies both alike, so a shade that
 * darkens the receipt's head darkens the table beside it by as much.
 */
function lightSlope(logLuminance: Float64Array, paper: Uint8Array, outside: Uint8Array, width: number): [number, number] | null {
  // Normal equations of log(L) = tone(paper or table) + slopeX·x + slopeY·y, from their sums.
  const count = [0, 0];
  const sumX = [0, 0];
  const sumY = [0, 0];
  const sumLog = [0, 0];
  let xx = 0;
  let xy = 0;
  let yy = 0;
  let xLog = 0;
  let yLog = 0;
  const height = logLuminance.length / width;
  for (let row = 0; row < height; row++) {
    const y = row / height - 0.5;
    for (let column = 0; column < width; column++) {
      const index = row * width + column;
      if (outside[index]) continue;
      const x = column / width - 0.5;
      const value = logLuminance[index] ?? 0;
      const side = paper[index] ? 1 : 0;
      count[side] = (count[side] ?? 0) + 1;
      sumX[side] = (sumX[side] ?? 0) + x;
      sumY[side] = (sumY[side] ?? 0) + y;
      sumLog[side] = (sumLog[side] ?? 0) + value;
      xx += x * x;
      xy += x * y;
      yy += y * y;
      xLog += x * value;
      yLog += y * value;
    }
  }
  const [table = 0, sheet = 0] = count;
  const [tableX = 0, sheetX = 0] = sumX;
  const [tableY = 0, sheetY = 0] = sumY;
  const solution = solveLinear(
    [
      [table, 0, tableX, tableY],
      [0, sheet, sheetX, sheetY],
      [tableX, sheetX, xx, xy],
      [tableY, sheetY, xy, yy],
    ],
    [sumLog[0] ?? 0, sumLog[1] ?? 0, xLog, yLog],
  );
  return solution ? [solution[2] ?? 0, solution[3] ?? 0] : null;
}

/**
 * Marks each pixel of a small thumbnail as paper (bright, nearly colourless) or not, twice: split
 * on the photo's own luminance (`asLit`), and split again with the light falling across it evened
 * out (`evened`, `lightSlope`), each with the luminance it was split on. Where the light falls off
 * across the frame, one split of the photo's own tones takes the lit table for paper and the
 * shaded paper for table: a receipt lit from its foot lost its first six items to its box. The
 * evening starts from the first split, so both come of one pass over the pixels. With four
 * channels the fourth tells the photo's own pixels from the corners a levelled picture gained
 * (transparent): those are neither paper nor background, so they stay out of the splits and the
 * fit, which a dark quarter of the frame would otherwise drag down into the table's tone.
 */
export function paperMasks(thumb: PixelImage): { asLit: PaperMask; evened: PaperMask } {
  const { data, width, height, channels } = thumb;
  const pixels = width * height;
  const measured = new Float64Array(pixels);
  const saturation = new Uint8Array(pixels);
  const outside = new Uint8Array(pixels);
  for (let index = 0; index < pixels; index++) {
    const base = index * channels;
    const red = data[base] ?? 0;
    const green = channels >= 3 ? (data[base + 1] ?? 0) : red;
    const blue = channels >= 3 ? (data[base + 2] ?? 0) : red;
    measured[index] = 0.299 * red + 0.587 * green + 0.114 * blue;
    saturation[index] = Math.max(red, green, blue) - Math.min(red, green, blue);
    if (channels === 4 && (data[base + 3] ?? 255) < 128) outside[index] = 1;
  }
  /** The measured luminance divided by the light of `slope`, in whole levels. */
  const evenedBy = (slope: [number, number]): Uint8Array => {
    const luminance = new Uint8Array(pixels);
    const across = Float64Array.from({ length: width }, (_, x) => Math.exp(-slope[0] * (x / width - 0.5)));
    for (let y = 0; y < height; y++) {
      const down = Math.exp(-slope[1] * (y / height - 0.5));
      for (let x = 0; x < width; x++) {
        const index = y * width + x;
        luminance[index] = Math.min(255, Math.round((measured[index] ?? 0) * down * (across[x] ?? 1)));
      }
    }
    return luminance;
  };
  /** Otsu's split of the photo's own pixels: those brighter than it, and how cleanly it parted. */
  const split = (luminance: Uint8Array): { brighter: Uint8Array; separation: number } => {
    const histogram = new Array<number>(256).fill(0);
    for (let index = 0; index < pixels; index++) if (!outside[index]) histogram[luminance[index] ?? 0] = (histogram[luminance[index] ?? 0] ?? 0) + 1;
    const threshold = otsuThreshold(histogram);
    const brighter = new Uint8Array(pixels);
    for (let index = 0; index < pixels; index++) brighter[index] = (luminance[index] ?? 0) > threshold ? 1 : 0;
    return { brighter, separation: splitSeparation(histogram, threshold) };
  };
  const paperOf = (luminance: Uint8Array, { brighter, separation }: ReturnType<typeof split>): PaperMask => {
    const mask = new Uint8Array(pixels);
    for (let index = 0; index < pixels; index++) {
      mask[index] = outside[index] === 0 && brighter[index] && (saturation[index] ?? 0) < MAX_PAPER_SATURATION ? 1 : 0;
    }
    return { mask, luminance, separation };
  };
  const lit = evenedBy([0, 0]);
  const litSplit = split(lit);
  const logLuminance = measured.map((level) => Math.log(Math.max(1, level)));
  let luminance = lit;
  let last = litSplit;
  for (let round = 0; round < LIGHT_ROUNDS; round++) {
    const slope = lightSlope(logLuminance, last.brighter, outside, width);
    if (!slope) break;
    luminance = evenedBy(slope);
    last = split(luminance);
  }
  return { asLit: paperOf(lit, litSplit), evened: paperOf(luminance, last) };
}

/** Columns and rows of a region, inclusive. */
interface PixelBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The paper's columns and rows within `region`: the longest run of columns that are paper in
 * MIN_PAPER_COLUMN of its rows, then the longest run of rows with any paper in those columns.
 */
function paperPixels(mask: Uint8Array, width: number, region: PixelBox): PixelBox | null {
  const rowsTall = region.y1 - region.y0 + 1;
  const columnShare: number[] = [];
  for (let x = region.x0; x <= region.x1; x++) {
    let count = 0;
    for (let y = region.y0; y <= region.y1; y++) count += mask[y * width + x] ?? 0;
    columnShare.push(count / rowsTall);
  }
  const columns = longestRun(columnShare, MIN_PAPER_COLUMN, Math.round(width * PAPER_BRIDGE));
  if (!columns) return null;
  const x0 = region.x0 + columns[0];
  const x1 = region.x0 + columns[1];
  const rowShare: number[] = [];
  for (let y = region.y0; y <= region.y1; y++) {
    let count = 0;
    for (let x = x0; x <= x1; x++) count += mask[y * width + x] ?? 0;
    rowShare.push(count / (x1 - x0 + 1));
  }
  const rows = longestRun(rowShare, MIN_PAPER_ROW);
  if (!rows) return null;
  return { x0, x1, y0: region.y0 + rows[0], y1: region.y0 + rows[1] };
}

/**
 * A receipt on a pale table is paper twice over when a darker floor or frame shows around the
 * table: one split of the photo's tones counts the table as paper, and its box, the table,
 * leaves the print a third of the reading width. The receipt is the brighter paper within the
 * box, with pale table on both sides of it and none of its brightness outside it. A receipt
 * darker on one side (a shadow, a fold) has its bright part touching the box's edge, and one
 * whose light only changes gradually leaves bright pixels all over; both keep the whole box.
 */
function brighterPaperWithin(mask: Uint8Array, luminance: Uint8Array, width: number, box: PixelBox): PixelBox | null {
  const histogram = new Array<number>(256).fill(0);
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const index = y * width + x;
      if (mask[index]) histogram[luminance[index] ?? 0] = (histogram[luminance[index] ?? 0] ?? 0) + 1;
    }
  }
  const threshold = otsuThreshold(histogram);
  const brighter = new Uint8Array(mask.length);
  for (let index = 0; index < mask.length; index++) brighter[index] = mask[index] && (luminance[index] ?? 0) > threshold ? 1 : 0;
  const core = paperPixels(brighter, width, box);
  if (!core) return null;
  const brightIn = (x: number): number => {
    let count = 0;
    for (let y = box.y0; y <= box.y1; y++) count += brighter[y * width + x] ?? 0;
    return count;
  };
  // A receipt leaning a few degrees crosses its edge columns for a few rows only: they are its
  // columns too, or the names' first letters are cut off.
  const rows = box.y1 - box.y0 + 1;
  let { x0, x1 } = core;
  while (x0 > box.x0 && brightIn(x0 - 1) >= MIN_RECEIPT_EDGE_COLUMN * rows) x0 -= 1;
  while (x1 < box.x1 && brightIn(x1 + 1) >= MIN_RECEIPT_EDGE_COLUMN * rows) x1 += 1;
  const boxWidth = box.x1 - box.x0 + 1;
  if ((x0 - box.x0) / boxWidth < MIN_TABLE_BESIDE || (box.x1 - x1) / boxWidth < MIN_TABLE_BESIDE) return null;
  let brightBeside = 0;
  for (let x = box.x0; x <= box.x1; x++) if (x < x0 || x > x1) brightBeside += brightIn(x);
  // The table's rows stay: a shadow across the receipt's foot is darker than the table's light.
  return brightBeside <= MAX_BRIGHT_BESIDE * rows * (boxWidth - (x1 - x0 + 1)) ? { x0, x1, y0: box.y0, y1: box.y1 } : null;
}

/** The paper's box in a thumbnail, as `findPaper` gives it, from one mask of its paper. */
function paperBox({ mask, luminance }: PaperMask, width: number, height: number): FractionBox | null {
  const table = paperPixels(mask, width, { x0: 0, x1: width - 1, y0: 0, y1: height - 1 });
  if (!table) return null;
  const { x0, x1, y0, y1 } = brighterPaperWithin(mask, luminance, width, table) ?? table;
  const box: FractionBox = {
    left: Math.max(0, x0 / width - PAPER_MARGIN),
    top: Math.max(0, y0 / height - PAPER_MARGIN),
    right: Math.min(1, (x1 + 1) / width + PAPER_MARGIN),
    bottom: Math.min(1, (y1 + 1) / height + PAPER_MARGIN),
  };
  const area = (box.right - box.left) * (box.bottom - box.top);
  if (area < MIN_PAPER_AREA || area > MAX_CROP_AREA) return null;
  return box;
}

/**
 * The paper's box under the light evened out is taken over the box under the photo's own light
 * only when one of its sides lies further than this (a fraction of the frame) from the other's.
 * The two splits differ by a pixel or two along the edges of many photos, whose light always
 * falls off somewhat; such a shift moves no line of print in or out of the box, but
 * every change of the page resamples its letters, and a real photo's digits read differently
 * (item F1 0.98 to 0.94 on the real photos with every box taken from the evened light).
 */
const EVEN_LIGHT_MOVES_EDGE = 2 * PAPER_MARGIN;
/**
 * And only where the evened light parts paper from table much more cleanly (`splitSeparation`)
 * than the photo's own: where one plane of light explains most of what kept the tones together.
 * A real room's light is no plane; on the open part's real photos and the committed ones, as
 * sent and rendered tilted, the evened split parted the tones by at most 0.13 more, except where
 * a lit table took the receipt's head from its box (0.21–0.25 more).
 */
const EVEN_LIGHT_SEPARATES_BETTER = 0.15;

const WHOLE_FRAME: FractionBox = { left: 0, top: 0, right: 1, bottom: 1 };

function edgesApart(first: FractionBox | null, second: FractionBox | null): number {
  const a = first ?? WHOLE_FRAME;
  const b = second ?? WHOLE_FRAME;
  return Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top), Math.abs(a.right - b.right), Math.abs(a.bottom - b.bottom));
}

/**
 * Where the receipt paper lies in a small thumbnail of the photo, or null when the paper
 * already fills the frame (a scan, a screenshot) or cannot be told from the background.
 */
export function findPaper(thumb: PixelImage): FractionBox | null {
  const { width, height } = thumb;
  if (width < 8 || height < 8) return null;
  const { asLit, evened } = paperMasks(thumb);
  const litBox = paperBox(asLit, width, height);
  const evenedBox = paperBox(evened, width, height);
  const cleaner = evened.separation - asLit.separation >= EVEN_LIGHT_SEPARATES_BETTER;
  return cleaner && edgesApart(litBox, evenedBox) > EVEN_LIGHT_MOVES_EDGE ? evenedBox : litBox;
}

/** Grayscale dilation: each pixel becomes the brightest within `radius` (square window). */
export function maxFilter(image: GrayImage, radius: number): Uint8Array {
  const { data, width, height } = image;
  const better = Math.max;
  const start = 0;
  const horizontal = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let extreme = start;
      const end = Math.min(width - 1, x + radius);
      for (let xx = Math.max(0, x - radius); xx <= end; xx++) extreme = better(extreme, data[row + xx] ?? start);
      horizontal[row + x] = extreme;
    }
  }
  const result = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let extreme = start;
      const end = Math.min(height - 1, y + radius);
      for (let yy = Math.max(0, y - radius); yy <= end; yy++) extreme = better(extreme, horizontal[yy * width + x] ?? start);
      result[y * width + x] = extreme;
    }
  }
  return result;
}

/**
 * Divides the image by its paper tone so shadows and uneven light become white paper and
 * only the print stays dark; Tesseract's global threshold then works across the whole receipt.
 */
export function divideByBackground(image: Uint8Array, background: Uint8Array): Uint8Array {
  const result = new Uint8Array(image.length);
  for (let index = 0; index < image.length; index++) {
    const paper = Math.max(background[index] ?? 255, 1);
    result[index] = Math.min(255, Math.round(((image[index] ?? 0) * 255) / paper));
  }
  return result;
}

/**
 * Gray this light or lighter is paper, in the page whitened by `whitenPaperTexture`: the creases
 * of a crumpled receipt stand at 150–200 once the paper tone is divided out, its print darker.
 */
export const PAPER_TEXTURE_WHITE = 200;

/**
 * The evened page with its levels stretched so that gray PAPER_TEXTURE_WHITE and lighter is
 * white. Tesseract's line recogniser reads the gray page, not its binarisation, and takes a
 * line's black from the local minima along it (a quarter of them darker): beside the creases of
 * crumpled paper those minima are mostly the creases', so the line's black sits at their gray
 * and its digits are read as blots (`1.78` as `%`). Whitened, the lighter creases are paper and
 * the darker ones stand further from the print, so fewer of a line's minima are theirs. Only for
 * a reading after the others failed: as the page of every reading it lost more photos than it
 * won (ocr/README.md).
 */
export function whitenPaperTexture(image: GrayImage): GrayImage {
  const data = new Uint8Array(image.data.length);
  for (let index = 0; index < data.length; index++) data[index] = Math.min(255, Math.round(((image.data[index] ?? 255) * 255) / PAPER_TEXTURE_WHITE));
  return { data, width: image.width, height: image.height };
}

/** Binary PGM: the cheapest image container Tesseract's reader (Leptonica) accepts. */
export function toPgm(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data]);
}
