// One receipt text → its parts: the lines, where the item list sits, what the receipt says its
// total is (the witnesses), the product lines read top to bottom, and the store. Pure and
// synchronous: the text never leaves memory. Which reading of the lines makes the receipt (the
// lines as printed, prices paired as columns, a misread digit repaired, several OCR passes
// merged) is the reading stage's choice (../read/).
import { readItemLines, type ItemSection } from './items.ts';
import { splitLines, type Line } from './lines.ts';
import { findSections, type Sections } from './sections.ts';
import { detectStore, type StoreInfo } from './store.ts';
import { findVatTable, paymentAmounts, vatRateRows, type TotalReading } from './totals.ts';

/** What a receipt says its total is: its total line, its VAT table and its payment lines. */
export interface Witnesses {
  total: TotalReading | null;
  vatCents: number | null;
  /** The VAT table's gross per rate, when read: each is what some of the lines add up to. */
  vatRates?: readonly number[];
  payments: number[];
}

/** One text parsed once: everything any reading of its lines is made from. */
export interface ParsedText {
  lines: Line[];
  sections: Sections;
  witnesses: Witnesses;
  /** The product lines read top to bottom, each price on its name's line. */
  lineByLine: ItemSection;
}

export function parseText(text: string): ParsedText {
  const lines = splitLines(text);
  const sections = findSections(lines);
  const vat = findVatTable(lines, sections.itemsEnd);
  const witnesses: Witnesses = {
    total: sections.total,
    vatCents: vat?.grossCents ?? null,
    vatRates: vatRateRows(lines, sections.itemsEnd),
    payments: paymentAmounts(lines, sections.itemsEnd),
  };
  return { lines, sections, witnesses, lineByLine: readItemLines(lines, sections.itemsStart, sections.itemsEnd) };
}

/** The store named in the header above the items as `section` reads them. */
export function storeOf(text: ParsedText, section: ItemSection): StoreInfo {
  const { lines, sections } = text;
  const firstItem = section.items[0]?.lineIndex ?? lines.length;
  const header = sections.itemsStart > 0 ? lines.slice(0, sections.itemsStart) : lines.slice(0, firstItem);
  return detectStore(header, lines);
}
