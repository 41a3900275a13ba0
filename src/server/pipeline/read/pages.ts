// The pages of one long receipt, scanned in parts, as one receipt's text. A receipt longer than
// the scanner's page or the phone's frame comes as two or three pages of one PDF, and the parts
// are not cut cleanly: the next page starts a few lines above where the last one ended (often
// with the first line half cut off), or with the store's header scanned again. Read as one text
// such a receipt lists the overlapping items twice; joined here, each printed line once.
import { splitLines } from '../parse/lines.ts';
import { findSections } from '../parse/sections.ts';
import { similarity } from '../similarity.ts';
import { letters, READ_ALIKE } from './alike.ts';

/** Lines of a page searched for the overlap with the page before. */
const MAX_OVERLAP = 20;
/** A header is at most this many lines. */
const MAX_HEADER = 15;

/** Two pages' readings of one printed line (alike.ts). */
function sameLine(a: string, b: string): boolean {
  const x = letters(a);
  const y = letters(b);
  // Too short to allow a slip: a line of one or two characters must read the same.
  if (Math.max(x.length, y.length) < 3) return x === y && x.length > 0;
  return similarity(x, y) >= READ_ALIKE;
}

/** A page's lines without the blank ones at its top and foot. */
function pageLines(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trimEnd());
  const first = lines.findIndex((line) => line !== '');
  if (first < 0) return [];
  let last = lines.length - 1;
  while (lines[last] === '') last--;
  return lines.slice(first, last + 1);
}

/** Indices of the lines that hold print. */
function printedAt(lines: readonly string[]): number[] {
  return lines.flatMap((line, index) => (line.trim() === '' ? [] : [index]));
}

/** The header of the first page: its printed lines above the items, where the parser finds the items start (../parse/sections.ts). */
function headerOf(lines: readonly string[]): string[] {
  const { itemsStart } = findSections(splitLines(lines.join('\n')));
  return lines.slice(0, Math.min(MAX_HEADER, itemsStart)).filter((line) => line.trim() !== '');
}

/**
 * How many lines to drop from the end of `before` and the start of `after` so that the lines
 * both pages show are kept once: a run of lines read alike at the end of one and the start of
 * the other, allowing one half-cut line at either edge (then the run must be two lines long).
 */
function overlap(before: readonly string[], after: readonly string[]): { dropEnd: number; dropStart: number } {
  for (let run = Math.min(MAX_OVERLAP, before.length, after.length); run >= 1; run--) {
    for (const cutEnd of [0, 1]) {
      for (const cutStart of [0, 1]) {
        if ((cutEnd || cutStart) && run < 2) continue;
        const from = before.length - cutEnd - run;
        if (from < 0 || cutStart + run > after.length) continue;
        let alike = true;
        for (let index = 0; index < run && alike; index++) alike = sameLine(before[from + index] ?? '', after[cutStart + index] ?? '');
        if (alike) return { dropEnd: cutEnd, dropStart: cutStart + run };
      }
    }
  }
  return { dropEnd: 0, dropStart: 0 };
}

/**
 * The pages' texts, top to bottom, as one receipt: a later page's lines that repeat the first
 * page's header are left out, and so are the lines it shares with the end of the page before.
 * Blank lines within a page stay, since the parser reads sections by them; one page is returned
 * as it is.
 */
export function joinPages(pages: readonly string[]): string {
  const printedPages = pages.filter((page) => page.trim() !== '');
  if (printedPages.length <= 1) return printedPages[0] ?? '';
  const [first = [], ...rest] = printedPages.map(pageLines);
  const header = headerOf(first);
  let joined = [...first];
  for (const page of rest) {
    const at = printedAt(page);
    let skip = 0;
    while (skip < at.length && header.some((line) => sameLine(line, page[at[skip] ?? 0] ?? ''))) skip++;
    const shown = at.slice(skip);
    const joinedAt = printedAt(joined);
    const { dropEnd, dropStart } = overlap(
      joinedAt.map((index) => joined[index] ?? ''),
      shown.map((index) => page[index] ?? ''),
    );
    const keepUntil = dropEnd > 0 ? (joinedAt[joinedAt.length - dropEnd] ?? joined.length) : joined.length;
    const startAt = dropStart < shown.length ? (shown[dropStart] ?? page.length) : page.length;
    joined = [...joined.slice(0, keepUntil), ...page.slice(startAt)];
    while (joined.length > 0 && joined[joined.length - 1] === '') joined.pop();
  }
  return joined.join('\n');
}
