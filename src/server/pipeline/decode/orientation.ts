// Which way a receipt's text runs on a prepared page, from its pixels alone. A phone photo
// taken sideways to fill the frame, or a scanner app's landscape page, reaches the reader with
// no orientation metadata; read as it is, its lines run down the page and Tesseract finds
// nothing. Measured on a half-size copy of the evened page (about 15 ms a photo):
// - across or down: along a printed line letters stand about half a letter apart, lines a
//   whole line apart, so on a page the right way round most letters' nearest letter is beside
//   them (O'Gorman's docstrum); and receipt paper is taller than wide;
// - up or down: along a printed line letters share one baseline and rise above it to
//   different heights (capitals, digits, ascenders, Ä and Ö dots), and few reach below it
//   (commas, g, j, p, y): most of a line's ink above its core band means it stands upright;
// - the lean: the shear that stacks the print into the sharpest rows (as decode/deskew.ts).
import { median } from '../median.ts';
import { sharpestShear, shearedProfile, type Ink, type LeanSearch } from './deskew.ts';
import type { GrayImage } from './paper.ts';

/** Pixels darker than this (on a paper tone evened to white) are ink. */
const INK_BELOW = 160;
/**
 * An ink run longer than this share of the page's shorter side is a paper edge, a shadow or
 * the table beside the paper, not print: its pixels are left out of every measure.
 */
const MAX_PRINT_RUN = 0.06;
/**
 * The leans searched: a receipt photographed by hand may lean 15° and still read, and lie a few
 * degrees askew on the table besides (a committed photo lies 6° askew by itself). Coarser than
 * deskew.ts's search, on a half-size page: enough to level a page before its first reading.
 */
const LEAN_SEARCH: LeanSearch = { maxDegrees: 22, coarseStep: 2, fineReach: 1, fineStep: 0.25 };
/** Fewer print pixels than this say nothing about direction. */
const MIN_PRINT_PIXELS = 400;

/** The print of a page: ink pixels outside long runs, as coordinates. */
export type Print = Ink;

/** Lengths of the ink runs through each pixel along rows (dx = 1) or columns. */
function runLengths(ink: Uint8Array, width: number, height: number, alongRows: boolean): Uint16Array {
  const lengths = new Uint16Array(width * height);
  const outer = alongRows ? height : width;
  const inner = alongRows ? width : height;
  const at = (o: number, i: number) => (alongRows ? o * width + i : i * width + o);
  for (let o = 0; o < outer; o++) {
    let start = -1;
    for (let i = 0; i <= inner; i++) {
      const inside = i < inner && ink[at(o, i)] === 1;
      if (inside && start < 0) start = i;
      if (!inside && start >= 0) {
        const length = Math.min(65535, i - start);
        for (let j = start; j < i; j++) lengths[at(o, j)] = length;
        start = -1;
      }
    }
  }
  return lengths;
}

/** The page's print: dark pixels whose runs both ways are short enough to be letters. */
export function printOf(image: GrayImage): Print {
  const { width, height, data } = image;
  const ink = new Uint8Array(width * height);
  for (let index = 0; index < ink.length; index++) ink[index] = (data[index] ?? 255) < INK_BELOW ? 1 : 0;
  const maxRun = Math.max(4, Math.round(MAX_PRINT_RUN * Math.min(width, height)));
  const across = runLengths(ink, width, height, true);
  const down = runLengths(ink, width, height, false);
  let count = 0;
  for (let index = 0; index < ink.length; index++) {
    if (ink[index] === 1 && (across[index] ?? 0) <= maxRun && (down[index] ?? 0) <= maxRun) count++;
    else ink[index] = 0;
  }
  const xs = new Int32Array(count);
  const ys = new Int32Array(count);
  let next = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x] !== 1) continue;
      xs[next] = x;
      ys[next] = y;
      next++;
    }
  }
  return { xs, ys, count, width, height };
}

/**
 * How upright the page's text stands, from -1 (upside down) to 1 (upright); 0 when no line
 * could be measured. Each printed line is found in the row projection at the page's lean; its
 * core is the band of rows holding at least half of its fullest row's ink. Ink above the core
 * (capitals and digits over small letters, ascenders, Ä and Ö dots) outweighs ink below it
 * (commas, descenders) in upright Finnish print, and the other way round when it is turned.
 */
export function uprightness(print: Print, lean: number): number {
  if (print.count < MIN_PRINT_PIXELS) return 0;
  const rows = shearedProfile(print, lean);
  let peak = 0;
  for (const value of rows) peak = Math.max(peak, value);
  // Between lines the sheared profile falls close to empty; a line is a run of rows above that.
  const floor = 0.08 * peak;
  let above = 0;
  let below = 0;
  let y = 0;
  while (y < rows.length) {
    if ((rows[y] ?? 0) <= floor) {
      y++;
      continue;
    }
    let end = y;
    while (end + 1 < rows.length && (rows[end + 1] ?? 0) > floor) end++;
    let linePeak = 0;
    for (let row = y; row <= end; row++) linePeak = Math.max(linePeak, rows[row] ?? 0);
    let top = y;
    while ((rows[top] ?? 0) < 0.5 * linePeak) top++;
    let bottom = end;
    while ((rows[bottom] ?? 0) < 0.5 * linePeak) bottom--;
    for (let row = y; row < top; row++) above += rows[row] ?? 0;
    for (let row = bottom + 1; row <= end; row++) below += rows[row] ?? 0;
    y = end + 1;
  }
  return above + below === 0 ? 0 : (above - below) / (above + below);
}

/** A connected patch of print: a letter, a digit, a dot. */
export interface Glyph {
  left: number;
  top: number;
  right: number;
  bottom: number;
  pixels: number;
}

/** The print's connected patches (8-connected), by union-find over one pass of the mask. */
export function glyphsOf(print: Print): Glyph[] {
  const { width, height } = print;
  const label = new Int32Array(width * height).fill(-1);
  for (let index = 0; index < print.count; index++) label[(print.ys[index] ?? 0) * width + (print.xs[index] ?? 0)] = index;
  const parent = new Int32Array(print.count);
  for (let index = 0; index < print.count; index++) parent[index] = index;
  const find = (a: number): number => {
    let root = a;
    while (parent[root] !== root) root = parent[root] ?? root;
    while (parent[a] !== root) {
      const next = parent[a] ?? root;
      parent[a] = root;
      a = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let index = 0; index < print.count; index++) {
    const x = print.xs[index] ?? 0;
    const y = print.ys[index] ?? 0;
    // Neighbours already visited: left, and the three above.
    if (x > 0) {
      const left = label[y * width + x - 1] ?? -1;
      if (left >= 0) union(index, left);
    }
    if (y > 0) {
      for (let dx = -1; dx <= 1; dx++) {
        if (x + dx < 0 || x + dx >= width) continue;
        const above = label[(y - 1) * width + x + dx] ?? -1;
        if (above >= 0) union(index, above);
      }
    }
  }
  const byRoot = new Map<number, Glyph>();
  for (let index = 0; index < print.count; index++) {
    const root = find(index);
    const x = print.xs[index] ?? 0;
    const y = print.ys[index] ?? 0;
    const glyph = byRoot.get(root);
    if (!glyph) byRoot.set(root, { left: x, top: y, right: x, bottom: y, pixels: 1 });
    else {
      glyph.left = Math.min(glyph.left, x);
      glyph.right = Math.max(glyph.right, x);
      glyph.top = Math.min(glyph.top, y);
      glyph.bottom = Math.max(glyph.bottom, y);
      glyph.pixels++;
    }
  }
  return [...byRoot.values()];
}

/**
 * The share of letters whose nearest letter lies beside them rather than above or below:
 * along a printed line letters stand about half a letter height apart, lines a whole line
 * apart, so on a page read the right way round most nearest neighbours are beside
 * (O'Gorman's docstrum). Null when there are too few letters to tell.
 */
export function besideShare(glyphs: readonly Glyph[]): number | null {
  const sizes = glyphs.map((g) => Math.max(g.right - g.left, g.bottom - g.top) + 1);
  const typical = median(sizes) ?? 0;
  const letters = glyphs.filter((_, index) => {
    const size = sizes[index] ?? 0;
    return size >= 0.5 * typical && size <= 2 * typical && size >= 3;
  });
  if (letters.length < 20) return null;
  const cell = Math.max(4, 2 * typical);
  const grid = new Map<string, number[]>();
  const centres = letters.map((g) => ({ x: (g.left + g.right) / 2, y: (g.top + g.bottom) / 2 }));
  centres.forEach((c, index) => {
    const key = `${Math.floor(c.x / cell)},${Math.floor(c.y / cell)}`;
    const bucket = grid.get(key);
    if (bucket) bucket.push(index);
    else grid.set(key, [index]);
  });
  let beside = 0;
  let stacked = 0;
  centres.forEach((c, index) => {
    const gx = Math.floor(c.x / cell);
    const gy = Math.floor(c.y / cell);
    let best = Infinity;
    let dx = 0;
    let dy = 0;
    for (let i = -1; i <= 1; i++) {
      for (let j = -1; j <= 1; j++) {
        for (const other of grid.get(`${gx + i},${gy + j}`) ?? []) {
          if (other === index) continue;
          const o = centres[other];
          if (!o) continue;
          const distance = (o.x - c.x) ** 2 + (o.y - c.y) ** 2;
          if (distance < best) {
            best = distance;
            dx = Math.abs(o.x - c.x);
            dy = Math.abs(o.y - c.y);
          }
        }
      }
    }
    if (best === Infinity) return;
    if (dy < 0.7 * dx) beside++;
    else if (dx < 0.7 * dy) stacked++;
  });
  return beside + stacked === 0 ? null : beside / (beside + stacked);
}

/** The image at half its size, each pixel the mean of a 2 × 2 block: cheap, and enough to see lines. */
export function halve(image: GrayImage): GrayImage {
  if (image.width < 2 || image.height < 2) return image;
  const width = Math.floor(image.width / 2);
  const height = Math.floor(image.height / 2);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const top = 2 * y * image.width;
    const bottom = top + image.width;
    for (let x = 0; x < width; x++) {
      const sum = (image.data[top + 2 * x] ?? 255) + (image.data[top + 2 * x + 1] ?? 255) + (image.data[bottom + 2 * x] ?? 255) + (image.data[bottom + 2 * x + 1] ?? 255);
      data[y * width + x] = sum >> 2;
    }
  }
  return { data, width, height };
}

export interface PageMeasure {
  /** Share of letters whose nearest letter is beside them (null: too few letters to tell). */
  beside: number | null;
  /** -1 (upside down) to 1 (upright); 0 when no line could be measured. */
  upright: number;
  /** The lean of the lines, degrees (positive: they fall to the right); 0 without print. */
  lean: number;
  /** Height over width of the page. */
  aspect: number;
}

/**
 * A long receipt's page is measured on its middle only, at most this many times as tall as it
 * is wide: the turn and the lean are the whole page's, and a 300-line receipt would otherwise
 * cost as much to measure as to prepare.
 */
const MAX_MEASURED_ASPECT = 2;

/**
 * The lean is measured on the print of the page's middle columns only: a receipt photographed
 * tilted is cut from the picture with the table beside its sides, and a patterned table's
 * marks stack into rows at an angle of their own (a real photo on a hammered-metal tray tilted
 * 10° measured 2° on the whole width, 9.25° on the middle four fifths).
 */
const LEAN_MEASURED_WIDTH = 0.8;

function centralPrint(print: Print): Print {
  const from = ((1 - LEAN_MEASURED_WIDTH) / 2) * print.width;
  const to = print.width - from;
  const keep: number[] = [];
  for (let i = 0; i < print.count; i++) {
    const x = print.xs[i] ?? 0;
    if (x >= from && x < to) keep.push(i);
  }
  return { ...print, xs: Int32Array.from(keep, (i) => print.xs[i] ?? 0), ys: Int32Array.from(keep, (i) => print.ys[i] ?? 0), count: keep.length };
}

/** The search a page is levelled by before it is read line by line: to a tenth of a degree. */
const LEVEL_SEARCH: LeanSearch = { maxDegrees: 15, coarseStep: 0.5, fineReach: 0.5, fineStep: 0.1 };

/**
 * The lean of a page's print to a tenth of a degree (positive: lines fall to the right; 0 with
 * too little print): measured as `measurePage` measures it, on the print of the middle columns
 * without the long runs of ink, away from the table beside the paper (`levelPaper` in image.ts).
 */
export function printLean(page: GrayImage): number {
  const print = printOf(page);
  if (print.count < MIN_PRINT_PIXELS) return 0;
  return Math.round(sharpestShear(centralPrint(print), LEVEL_SEARCH) * 10) / 10;
}

/** The middle rows of a page, at most MAX_MEASURED_ASPECT times its width. */
function middleOf(page: GrayImage): GrayImage {
  const rows = Math.min(page.height, Math.round(MAX_MEASURED_ASPECT * page.width));
  if (rows === page.height) return page;
  const top = Math.floor((page.height - rows) / 2);
  return { width: page.width, height: rows, data: page.data.subarray(top * page.width, (top + rows) * page.width) };
}

/** The measures of a prepared page (the evened paper, white with dark print). */
export function measurePage(page: GrayImage): PageMeasure {
  const sample = halve(middleOf(page));
  const print = printOf(sample);
  const aspect = page.height / Math.max(1, page.width);
  if (print.count < MIN_PRINT_PIXELS) return { beside: null, upright: 0, lean: 0, aspect };
  const lean = sharpestShear(centralPrint(print), LEAN_SEARCH);
  return { beside: besideShare(glyphsOf(print)), upright: uprightness(print, lean), lean: Math.round(lean * 100) / 100, aspect };
}

/**
 * On a page read as it came, letters whose nearest letter is beside them: at most this share
 * on a landscape page, or SURELY_SIDEWAYS_BESIDE on any, means its lines run down the page.
 * Measured on the real and the committed photos (30), each also turned a quarter: upright
 * pages 0.35–1.00 (every one taller than wide), turned ones 0.00–0.60 (every one wider than tall).
 */
const SIDEWAYS_BESIDE = 0.7;
const SURELY_SIDEWAYS_BESIDE = 0.2;
/**
 * A page the right way up or the wrong way up is turned over only below this uprightness:
 * the upright photos measured -0.17 to 0.56, the same turned over -0.56 to 0.03. Between, the
 * page is read as it came, and turned over only when that reading fails (see extract/).
 */
export const UPSIDE_DOWN_BELOW = -0.25;

/**
 * Whether a page too small in its print to measure may be a quarter turn from upright: wider than
 * tall, with too few letters of a measurable size. A long receipt photographed sideways and a
 * little tilted, on a light table its paper box takes in, is scaled to the reading width along
 * its length: its letters stand 1–2 px tall at half size, too small to tell lines from columns
 * (a committed blurry Lidl photo turned 80–105° was read sideways and read no item). Turned a
 * quarter, the receipt's width is scaled to the reading width instead, and its letters measure.
 */
export function maybeSideways(measure: PageMeasure): boolean {
  return measure.beside === null && measure.aspect < 1;
}

/** Whether a page's lines plainly run across it: most letters' nearest letter is beside them. */
export function readsAcross(measure: PageMeasure): boolean {
  return measure.beside !== null && measure.beside > SIDEWAYS_BESIDE;
}

/** Whether the page's lines run down it: the page is a quarter turn from upright. */
export function isSideways(measure: PageMeasure): boolean {
  if (measure.beside === null) return false;
  return measure.beside <= SURELY_SIDEWAYS_BESIDE || (measure.aspect < 1 && measure.beside <= SIDEWAYS_BESIDE);
}
