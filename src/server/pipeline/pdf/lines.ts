// Rebuilds printed lines from a PDF text layer. A receipt PDF stores a product name and its
// price as separate text runs; grouped by baseline and placed on a character grid, they end up
// on one line with the gap between them, as `pdftotext -layout` prints them.
import { median } from '../median.ts';

/** A text run in page coordinates: x to the right, y (the baseline) downwards. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  /** Advance width of the whole run. */
  width: number;
  /** Font size. */
  size: number;
}

/** Runs whose baselines differ by less than this share of the font size share a line. */
const SAME_LINE = 0.5;
/** A gap wider than this many line pitches is kept as an empty line. */
const BLANK_LINE_PITCH = 1.6;
/** Runs closer than this share of a character are one word split in two. */
const ABUTTING = 0.25;

function groupByBaseline(runs: PlacedText[]): PlacedText[][] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: PlacedText[][] = [];
  let current: PlacedText[] = [];
  let baseline = Number.NaN;
  for (const run of sorted) {
    if (current.length > 0 && Math.abs(run.y - baseline) <= SAME_LINE * Math.max(run.size, 1)) {
      current.push(run);
      continue;
    }
    if (current.length > 0) lines.push(current);
    current = [run];
    baseline = run.y;
  }
  if (current.length > 0) lines.push(current);
  return lines.map((line) => line.sort((a, b) => a.x - b.x));
}

/** Text of one page, line by line in reading order, columns kept apart by spaces. */
export function layoutLines(runs: PlacedText[]): string {
  const visible = runs.filter((run) => run.text.trim().length > 0 && Number.isFinite(run.x) && Number.isFinite(run.y));
  if (visible.length === 0) return '';
  // Receipts are printed in a monospaced font: one character width puts every run on a grid.
  const charWidth = median(visible.map((run) => run.width / run.text.length).filter((width) => width > 0)) || 1;
  const left = Math.min(...visible.map((run) => run.x));
  const lines = groupByBaseline(visible);
  const pitch = median(lines.slice(1).map((line, index) => (line[0]?.y ?? 0) - (lines[index]?.[0]?.y ?? 0))) ?? 0;

  const output: string[] = [];
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    if (previous && pitch > 0 && (line[0]?.y ?? 0) - (previous[0]?.y ?? 0) > BLANK_LINE_PITCH * pitch) output.push('');
    let text = '';
    let end = Number.NEGATIVE_INFINITY;
    for (const run of line) {
      const column = Math.round((run.x - left) / charWidth);
      if (text.length === 0) text = ' '.repeat(Math.max(0, column));
      else if (run.x - end >= ABUTTING * charWidth) text += ' '.repeat(Math.max(1, column - text.length));
      text += run.text;
      end = run.x + run.width;
    }
    output.push(text.trimEnd());
  });
  return output.join('\n');
}
