// Two readings of one printed line, one way for the reader: OCR splits and joins words, drops
// accents and misreads a letter or two, so only the letters and digits count, folded, compared
// by the one similarity (../similarity.ts). The passes of one photo are merged by it
// (merge-passes.ts), and the pages of one receipt scanned in parts are joined by it (pages.ts).
import { fold } from '../parse/lines.ts';
import { similarity } from '../similarity.ts';

/** A line's letters and digits, folded: spaces and punctuation say nothing. */
export function letters(line: string): string {
  return fold(line).replace(/[^A-Z0-9]/g, '');
}

/**
 * Two readings of one printed line, OCR slips allowed, found among other lines rather than in
 * printed order (a page's overlap with the one before, a name the chosen pass has elsewhere):
 * at least this alike. Aligned in order, the merge of passes asks less (merge-passes.ts).
 */
export const READ_ALIKE = 0.8;

/** How alike two readings' lines are: 1 for the same letters and digits, 0 for nothing in common. */
export function linesAlike(a: string, b: string): number {
  return similarity(letters(a), letters(b));
}

/** How much the readings of a line agree with one of them: its likeness to each, itself included. */
export function agreementWith(name: string, names: readonly string[]): number {
  return names.reduce((sum, other) => sum + linesAlike(name, other), 0);
}
