// Lidl prints each price half a line above its name. Read as one block or line by line,
// Tesseract then cuts lines that hold half a name and half a price and misreads both (`0,99 B`
// as `0.09 B`), or reads each name with the next one's price. This finds such prices from the
// page's print alone and moves each down onto its name's line, so that every line Tesseract cuts
// holds a whole name and its whole price (ocr/README.md, "Prices printed between the lines").
import { median, quantile } from '../median.ts';
import { glyphsOf, halve, printOf, type Glyph } from './orientation.ts';
import type { GrayImage } from './paper.ts';

/** A run of letters on one line with no wider gap than between two words: a name, a price. */
type Phrase = Pick<Glyph, 'left' | 'top' | 'right' | 'bottom'> & { feet?: Foot[] };

/** Where a letter of a phrase stands: its middle across, its bottom. */
interface Foot {
  x: number;
  y: number;
}

/** A price printed between two names' lines, in the page's pixels, and how far down its name's line is. */
export interface RaisedPrice extends Phrase {
  down: number;
}

/** Letters are measured on the page at half its size (`halve`), where they stand 10–20 px tall and the specks of the ground under 5. */
const MIN_LETTER_HEIGHT = 5;
/**
 * A gap wider than this many characters (from one letter's right to the next one's left) ends a
 * phrase: one space (a character and the gaps beside it, about 1.3) does not, two (2.3) do.
 */
const PHRASE_GAP = 1.8;
/** A price phrase ends within this many characters of the column's right edge, and is at most this wide. */
const COLUMN_REACH = 3;
const MAX_PRICE_CHARACTERS = 9;
/**
 * A price's line stands between the names' lines when its middle is at least this share of a
 * letter's height from the nearest name's middle: a price beside its name is within a few pixels,
 * Lidl's about three quarters of a letter away (half a line).
 */
const BETWEEN_LINES = 0.4;
/** Characters left of a price's first digit that stay in the price column: room for a minus. */
const SIGN_ROOM = 1.3;
/**
 * A printer that prints each price above its name prints them all the same way: at least this
 * many prices one after another down the page stand between the names' lines, every one of them
 * as far above the name below it as the others, within STEADY_OFFSET of a letter's height. Paper
 * that curls or is photographed at a slant also brings prices between the lines, but further
 * along the run and less further on, and a price that drifted down belongs to the name above it.
 */
const MIN_RAISED_RUN = 4;
/** Letters a name needs for the slope its letters lie at to count. */
const MIN_SLOPE_LETTERS = 8;
/** The middle half of the names' slopes lies within this (half a degree) where they agree on one. */
const SLOPES_AGREE = Math.tan((0.5 * Math.PI) / 180);
const STEADY_OFFSET = 0.25;

/**
 * The 30 receipt photos' levelled pages hold 500–3 200 shapes of print at half size; a page with
 * many more is noise, not print (a hostile picture of 5 megapixels of specks held 30 000, and
 * pairing its phrases took seconds), and has no price column to find.
 */
const MAX_SHAPES = 10_000;

function letterSize(glyphs: readonly Glyph[]): { height: number; width: number } | null {
  // Specks of the ground and of the paper's grain are smaller than any letter at half size.
  const heights = glyphs.map((glyph) => glyph.bottom - glyph.top + 1).filter((height) => height >= MIN_LETTER_HEIGHT);
  const typical = median(heights);
  if (typical === null) return null;
  const letters = glyphs.filter((glyph) => {
    const height = glyph.bottom - glyph.top + 1;
    return height >= 0.7 * typical && height <= 1.5 * typical;
  });
  // The pitch of the print: from a letter's left to the next one's on its line (receipts print
  // every character in one width, a space too).
  const row = (glyph: Glyph): number => Math.round((glyph.top + glyph.bottom) / 2 / typical);
  const ordered = [...letters].sort((a, b) => row(a) - row(b) || a.left - b.left);
  const steps: number[] = [];
  ordered.forEach((glyph, index) => {
    const next = ordered[index + 1];
    if (next && row(next) === row(glyph) && next.left - glyph.right < 0.5 * typical && next.left > glyph.left) steps.push(next.left - glyph.left);
  });
  const width = median(steps);
  return width === null ? null : { height: typical, width };
}

/**
 * The page's phrases: glyphs no taller than a line (commas and dots too) joined with the next
 * one on their line when the gap between them is narrower than PHRASE_GAP characters.
 */
function phrasesOf(glyphs: readonly Glyph[], size: { height: number; width: number }): Phrase[] {
  const marks = glyphs
    .filter((glyph) => glyph.bottom - glyph.top + 1 <= 1.6 * size.height && glyph.right - glyph.left + 1 <= 3 * size.width)
    .sort((a, b) => a.left - b.left);
  const open: Phrase[] = [];
  const done: Phrase[] = [];
  const gap = PHRASE_GAP * size.width;
  for (const mark of marks) {
    const middle = (mark.top + mark.bottom) / 2;
    let joined: Phrase | null = null;
    for (let index = open.length - 1; index >= 0; index--) {
      const phrase = open[index];
      if (!phrase) continue;
      if (mark.left - phrase.right > gap) {
        done.push(phrase);
        open.splice(index, 1);
        continue;
      }
      // On the phrase's line: within the letters' band (a comma hangs below it, a dot sits low).
      if (joined === null && middle >= phrase.top - 0.3 * size.height && middle <= phrase.bottom + 0.3 * size.height) joined = phrase;
    }
    const letter = mark.bottom - mark.top + 1 >= 0.7 * size.height;
    if (joined) {
      joined.right = Math.max(joined.right, mark.right);
      // Only letters of a line's height set its band, so a comma does not stretch it downwards.
      if (letter) {
        joined.top = Math.min(joined.top, mark.top);
        joined.bottom = Math.max(joined.bottom, mark.bottom);
        addLetter(joined, mark);
      }
    } else if (mark.bottom - mark.top + 1 >= 0.5 * size.height) {
      const phrase: Phrase = { left: mark.left, right: mark.right, top: mark.top, bottom: mark.bottom };
      if (letter) addLetter(phrase, mark);
      open.push(phrase);
    }
  }
  return [...done, ...open];
}

function addLetter(phrase: Phrase, mark: Glyph): void {
  (phrase.feet ??= []).push({ x: (mark.left + mark.right) / 2, y: mark.bottom });
}

/**
 * How far a phrase's baseline falls per pixel across, or null for a phrase of too few letters to
 * tell: the median of the slopes between its letters' feet at least `apart` across (most letters
 * stand on the baseline; a g, p or y reaching below it, or a comma, is outvoted).
 */
function slopeOf(phrase: Phrase, apart: number): number | null {
  const feet = phrase.feet ?? [];
  if (feet.length < MIN_SLOPE_LETTERS) return null;
  const slopes: number[] = [];
  for (let i = 0; i < feet.length; i++) {
    for (let j = i + 1; j < feet.length; j++) {
      const [a, b] = [feet[i] as Foot, feet[j] as Foot];
      if (Math.abs(b.x - a.x) >= apart) slopes.push((b.y - a.y) / (b.x - a.x));
    }
  }
  return median(slopes);
}

/**
 * The slope the names' lines lie at on the page, where they agree on one: a page levelled a
 * degree or two off (its lean misjudged by the paper's edges) brings every price as steadily off
 * its name's line as a printer that raised them would. Where the names' own slopes scatter
 * (crumpled or curled paper, letters too few or too small to tell) or the names are fewer than
 * two runs' worth, 0: the page is taken as level.
 */
function printSlope(names: readonly Phrase[], size: { width: number }): number {
  const slopes = names.flatMap((name) => slopeOf(name, 2 * size.width) ?? []);
  if (slopes.length < 2 * MIN_RAISED_RUN) return 0;
  const [low = 0, middle = 0, high = 0] = [0.25, 0.5, 0.75].map((share) => quantile(slopes, share) ?? 0);
  return high - low <= SLOPES_AGREE ? middle : 0;
}

/**
 * The prices of a level page printed between its names' lines, top to bottom: of its price column
 * (phrases a few characters wide ending at the right edge of the print, with names left of them),
 * the runs of MIN_RAISED_RUN or more that stand between the lines, each as far above its name as
 * the others. None on a page printed any other way.
 */
export function findRaisedPrices(page: GrayImage): RaisedPrice[] {
  const half = halve(page);
  const glyphs = glyphsOf(printOf(half));
  if (glyphs.length > MAX_SHAPES) return [];
  const size = letterSize(glyphs);
  if (!size) return [];
  // A phrase narrower than two letters is a speck, a letter alone or the paper's edge.
  const phrases = phrasesOf(glyphs, size).filter((phrase) => phrase.right - phrase.left >= 2 * size.width);
  const rightHalf = phrases.filter((phrase) => phrase.right > 0.5 * half.width);
  const edge = quantile(
    rightHalf.map((phrase) => phrase.right),
    0.9,
  );
  if (edge === null) return [];
  const isPrice = (phrase: Phrase): boolean =>
    phrase.right >= edge - COLUMN_REACH * size.width && phrase.right - phrase.left <= MAX_PRICE_CHARACTERS * size.width && phrase.left > 0.45 * half.width;
  const prices = phrases.filter(isPrice);
  const names = phrases.filter((phrase) => !isPrice(phrase) && phrase.right - phrase.left >= 3 * size.width);
  const slope = printSlope(names, size);
  // The price column top to bottom: how far each price stands off its nearest name's line, how
  // far down the name below it is, and whether it stands between the lines.
  const column: { price: Phrase; nearest: number; down: number; between: boolean }[] = [];
  const middleOf = (phrase: Phrase): number => (phrase.top + phrase.bottom) / 2;
  for (const price of prices.sort((a, b) => a.top - b.top)) {
    const middle = middleOf(price);
    const across = (price.left + price.right) / 2;
    const lineAt = (name: Phrase): number => middleOf(name) + (across - (name.left + name.right) / 2) * slope;
    // The names on the price's line or the lines next to it, left of the price.
    const beside = names.filter((name) => name.right < price.left && Math.abs(lineAt(name) - middle) < 1.5 * size.height);
    if (beside.length === 0) continue;
    const nearest = Math.min(...beside.map((name) => Math.abs(lineAt(name) - middle)));
    const down = Math.min(...beside.map((name) => lineAt(name) - middle).filter((offset) => offset > 0));
    column.push({ price, nearest, down, between: nearest >= BETWEEN_LINES * size.height && Number.isFinite(down) });
  }
  // Runs of prices one after another down the page that stand between the names' lines.
  const runs: { first: number; last: number }[] = [];
  column.forEach((entry, index) => {
    if (!entry.between) return;
    const run = runs[runs.length - 1];
    if (run && run.last === index - 1) run.last = index;
    else runs.push({ first: index, last: index });
  });
  const raisedRuns = runs
    .map(({ first, last }) => ({ run: column.slice(first, last + 1), before: column[first - 1], after: column[last + 1] }))
    .filter(({ run, before, after }) => isSteady(run, STEADY_OFFSET * size.height) && !isBulge(run, before, after, STEADY_OFFSET * size.height));
  const raised: RaisedPrice[] = [];
  for (const { run } of raisedRuns) {
    // In the page's pixels: room for a discount's minus left of the digits, a comma's tail below.
    for (const { price, down } of run) {
      raised.push({
        left: Math.max(0, 2 * Math.floor(price.left - SIGN_ROOM * size.width)),
        right: Math.min(page.width, 2 * Math.ceil(price.right + 1)),
        top: Math.max(0, 2 * (price.top - 1)),
        bottom: Math.min(page.height, 2 * Math.ceil(price.bottom + 0.35 * size.height)),
        down: Math.round(2 * down),
      });
    }
  }
  return raised;
}

/** A run of at least MIN_RAISED_RUN prices whose offsets all lie within `spread` of each other. */
function isSteady(run: readonly { down: number }[], spread: number): boolean {
  const downs = run.map((price) => price.down);
  return run.length >= MIN_RAISED_RUN && Math.max(...downs) - Math.min(...downs) <= spread;
}

/**
 * Whether a run stands between the lines only at the top of a bulge in the paper: a bulge brings
 * the prices off their names' lines a little more on each and back a little less, so the prices
 * just above and just below the run stand nearly as far off their names as the run does (within
 * `spread` of its middle offset). A printer raises the item prices from the first to the last
 * and prints the lines after them (the total, the payment) beside their words: at one end at
 * least, a raised column ends abruptly or with the column itself.
 */
function isBulge(run: readonly { down: number }[], before: { nearest: number } | undefined, after: { nearest: number } | undefined, spread: number): boolean {
  const middle = median(run.map((price) => price.down)) ?? 0;
  const gradual = (next: { nearest: number } | undefined): boolean => next !== undefined && middle - next.nearest < spread;
  return gradual(before) && gradual(after);
}

/**
 * The page with each raised price moved down onto its name's line, as a printer that printed it
 * beside its name would have: read as one block, each line then holds a whole name and a whole
 * price. Moved from the bottom up, each onto paper its own old place or the one below left white.
 */
export function lowerPrices(page: GrayImage, raised: readonly RaisedPrice[]): GrayImage {
  const data = Uint8Array.from(page.data);
  for (const price of [...raised].reverse()) {
    const width = price.right - price.left;
    const box: Uint8Array[] = [];
    for (let y = price.top; y < price.bottom; y++) {
      const row = y * page.width;
      box.push(data.slice(row + price.left, row + price.right));
      data.fill(255, row + price.left, row + price.right);
    }
    box.forEach((pixels, k) => {
      const y = price.top + k + price.down;
      if (y >= page.height) return;
      const row = y * page.width + price.left;
      for (let x = 0; x < width; x++) data[row + x] = Math.min(data[row + x] ?? 255, pixels[x] ?? 255);
    });
  }
  return { data, width: page.width, height: page.height };
}
