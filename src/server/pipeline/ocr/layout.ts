// Receipt lines rebuilt from where Tesseract found its words. A receipt prints a name at the
// left and its price far to the right; on a photo of curved or tilted paper the two drift
// apart vertically, and Tesseract's own line finder then puts the price on the neighbour's
// line or reads both as a separate column. Here every run of words Tesseract read together
// (a segment) is placed by its baseline, and segments whose baselines continue one another
// across the gap form one printed line again.
import type { Page } from 'tesseract.js';
import { median } from '../median.ts';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface OcrWord extends Box {
  text: string;
  /** 0–100. */
  confidence: number;
}

/** Words Tesseract read as one line, with that line's baseline. */
export interface OcrSegment {
  words: OcrWord[];
  /** The baseline from (x0, y0) to (x1, y1), in image pixels. */
  baseline: { x0: number; y0: number; x1: number; y1: number };
  /** Tesseract's row height (ascender to descender), px. */
  rowHeight: number;
}

/** Beyond this vertical distance, as a share of the text height, two baselines are different lines. */
const SAME_LINE_TOLERANCE = 0.5;
/** Segments whose baselines lean more than this are read with the common lean instead. */
const MAX_SEGMENT_SLOPE = 0.15;

interface Placed {
  segment: OcrSegment;
  left: number;
  right: number;
  /** Baseline height at the segment's left and right ends. */
  yLeft: number;
  yRight: number;
}

interface Row {
  parts: Placed[];
  right: number;
  /** Where the row's baseline is at `right`, and how it leans. */
  yRight: number;
  slope: number;
}

function place(segment: OcrSegment, commonSlope: number): Placed | null {
  const words = segment.words.filter((word) => word.text.trim().length > 0);
  if (words.length === 0) return null;
  const left = Math.min(...words.map((word) => word.left));
  const right = Math.max(...words.map((word) => word.right));
  const { x0, y0, x1, y1 } = segment.baseline;
  const own = x1 > x0 ? (y1 - y0) / (x1 - x0) : commonSlope;
  const slope = Math.abs(own) <= MAX_SEGMENT_SLOPE ? own : commonSlope;
  const at = (x: number) => y0 + slope * (x - x0);
  return { segment: { ...segment, words }, left, right, yLeft: at(left), yRight: at(right) };
}

/** Typical width of one character, px, from words of three or more characters. */
function characterWidth(segments: readonly OcrSegment[]): number {
  const widths = segments.flatMap((segment) =>
    segment.words.filter((word) => word.text.length >= 3).map((word) => (word.right - word.left) / word.text.length),
  );
  return median(widths) ?? 10;
}

function rowText(row: Row, charWidth: number): string {
  const words = row.parts.flatMap((part) => part.segment.words).sort((a, b) => a.left - b.left);
  let text = '';
  let previousRight: number | null = null;
  for (const word of words) {
    if (previousRight !== null) text += ' '.repeat(Math.max(1, Math.round((word.left - previousRight) / charWidth)));
    text += word.text;
    previousRight = word.right;
  }
  return text;
}

/**
 * The page's text, one printed line per line, top to bottom, words spaced roughly as printed
 * (a wide gap stays wide, so the parser can tell a name from a price column).
 */
export function linesFromSegments(segments: readonly OcrSegment[]): string {
  const slopes = segments
    .filter((segment) => segment.baseline.x1 - segment.baseline.x0 > 0)
    .map((segment) => (segment.baseline.y1 - segment.baseline.y0) / (segment.baseline.x1 - segment.baseline.x0))
    .filter((slope) => Math.abs(slope) <= MAX_SEGMENT_SLOPE);
  const commonSlope = median(slopes) ?? 0;
  const height = median(segments.map((segment) => segment.rowHeight).filter((value) => value > 0)) ?? 20;
  const placed = segments
    .map((segment) => place(segment, commonSlope))
    .filter((part): part is Placed => part !== null)
    .sort((a, b) => a.left - b.left);

  const rows: Row[] = [];
  for (const part of placed) {
    let best: Row | null = null;
    let bestDistance = SAME_LINE_TOLERANCE * height;
    for (const row of rows) {
      // A row only grows to the right: what overlaps it is another line.
      if (part.left < row.right - 0.5 * height) continue;
      const expected = row.yRight + row.slope * (part.left - row.right);
      const distance = Math.abs(expected - part.yLeft);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = row;
      }
    }
    const slope = part.right - part.left > 4 * height ? (part.yRight - part.yLeft) / (part.right - part.left) : commonSlope;
    if (best) {
      best.parts.push(part);
      best.right = part.right;
      best.yRight = part.yRight;
    } else {
      rows.push({ parts: [part], right: part.right, yRight: part.yRight, slope });
    }
  }
  const charWidth = characterWidth(segments);
  // Order rows by where their baseline crosses one common vertical, so leaning lines sort right.
  const reference = median(placed.map((part) => (part.left + part.right) / 2)) ?? 0;
  const keyed = rows.map((row) => ({ row, y: row.yRight + row.slope * (reference - row.right) }));
  keyed.sort((a, b) => a.y - b.y);
  return keyed.map(({ row }) => rowText(row, charWidth)).join('\n');
}

/** Tesseract's lines (with at least one word) as segments. */
export function segmentsOfPage(page: Pick<Page, 'blocks'>): OcrSegment[] {
  const segments: OcrSegment[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        if (line.words.length === 0) continue;
        segments.push({
          words: line.words.map((word) => ({
            text: word.text,
            confidence: word.confidence,
            left: word.bbox.x0,
            top: word.bbox.y0,
            right: word.bbox.x1,
            bottom: word.bbox.y1,
          })),
          baseline: line.baseline,
          rowHeight: line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0,
        });
      }
    }
  }
  return segments;
}
