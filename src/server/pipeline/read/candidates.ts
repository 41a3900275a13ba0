// The receipts one parsed text may be: its lines as printed, the prices paired with the names
// as two columns (Lidl prints each price half a line above its name), names and prices on
// separate lines (a column-broken text), and the lines as printed with one misread digit
// repaired. They are tried in that order and made only while none before adds up, since a
// receipt that adds up as printed needs no other reading.
import type { ParsedText, Witnesses } from '../parse/index.ts';
import type { ItemSection } from '../parse/items.ts';
import { readBrokenColumns } from './broken-columns.ts';
import { fitToTotal, type Fitted } from './fit-to-total.ts';
import { readOffsetColumns } from './offset-columns.ts';

/** One way of reading a text: its items, the witnesses they are checked against, and the check. */
export interface Candidate {
  section: ItemSection;
  witnesses: Witnesses;
  fitted: Fitted;
}

/** The other ways, after the lines as printed, in the order they are tried. */
function* alternatives(text: ParsedText): Generator<Omit<Candidate, 'fitted'> & { digitConfusions?: boolean }> {
  const { lines, sections, witnesses, lineByLine } = text;
  for (const columns of readOffsetColumns(lines, sections.itemsStart, sections.itemsEnd)) yield { section: columns, witnesses };
  // Names and prices on separate lines, or the prices in a block after the names: only with a
  // total to check the pairing against (the one printed, or the one paired with its label).
  const broken = readBrokenColumns(lines, sections.itemsStart);
  const total = broken?.totalCents ?? null;
  if (broken && total !== null) {
    yield { section: broken.section, witnesses: { ...witnesses, total: witnesses.total ?? { cents: total, uncertain: false, lineIndex: -1 } } };
  }
  // One digit of one price misread (7,95 as 1,95): the lines' own arithmetic may say which.
  yield { section: lineByLine, witnesses, digitConfusions: true };
}

/** The first reading of the text that adds up, else its lines as printed. */
export function readingOf(text: ParsedText): Candidate {
  const asPrinted: Candidate = { section: text.lineByLine, witnesses: text.witnesses, fitted: fitToTotal(text.lineByLine, text.witnesses) };
  if (asPrinted.fitted.matches) return asPrinted;
  for (const { digitConfusions, ...alternative } of alternatives(text)) {
    const fitted = fitToTotal(alternative.section, alternative.witnesses, { digitConfusions: digitConfusions === true });
    if (fitted.matches) return { ...alternative, fitted };
  }
  return asPrinted;
}
