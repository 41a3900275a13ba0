// One reading as it stands but for one price another reading read on the same line. On a crumpled
// Prisma photo tilted 10° the page read as one block read all 28 product lines and one price
// wrong (`1,95` for `1,35`, 60 cents over the total); the page read column by column read that
// price right and lost the first and the last line. The line vote holds two lines only one
// reading read, and a price only one reading read, to be three choices resting on a single
// reading, too many to trust; but here the one reading's lines are not chosen among others, they
// are what it read, and the one choice is a price the other reading read on the same line, which
// makes the receipt meet its printed total exactly, and differs from the one reading's own in one
// digit. Like a misread digit repaired (digit-confusions.ts), it is taken only when it is the
// only such price: two that would both do leave the readings as they were.
import { alignReadings } from './align.ts';
import { linesAlike } from './alike.ts';
import { SAME_LINE, sameOutcome, totalsRead, type MergedReading, type SectionReading } from './merge-passes.ts';
import { netCents, sectionCents, type DraftItem } from '../parse/items.ts';

/**
 * Two readings of one printed price that differ in one digit: OCR's disagreement on a price. A
 * price wholly other is another amount read on the line (a neighbour's, a sum), which can meet
 * the total by chance: on the same Prisma photo tilted −10°, `4,98` read for Pepsi's `2,79` did,
 * against a line another reading lost.
 */
function oneDigitApart(a: number, b: number): boolean {
  const [x, y] = [String(a), String(b)];
  if (x.length !== y.length) return false;
  let differ = 0;
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) differ += 1;
  return differ === 1;
}

/** Each reading with one price taken from another reading's version of the same line, where that meets a printed total. */
function* borrowings(readings: readonly SectionReading[], totals: ReadonlyMap<number, number>): Generator<MergedReading> {
  for (const base of readings) {
    const own = sectionCents(base.section);
    for (const other of readings) {
      if (other === base) continue;
      const slots = alignReadings([base.section.items, other.section.items], { of: (a, b) => linesAlike(a.name, b.name), same: SAME_LINE });
      for (const [mine, theirs] of slots) {
        if (!mine || !theirs) continue;
        const totalCents = own - netCents(mine) + netCents(theirs);
        if (!oneDigitApart(netCents(mine), netCents(theirs)) || !totals.has(totalCents)) continue;
        const borrowed: DraftItem = { ...theirs, name: mine.name, lineIndex: mine.lineIndex };
        const items = base.section.items.map((item) => (item === mine ? borrowed : item));
        yield { section: { ...base.section, items }, totalCents };
      }
    }
  }
}

/** The one receipt a reading makes with one price another reading read on the same line, or null when none or several do. */
export function withBorrowedPrice(readings: readonly SectionReading[]): MergedReading | null {
  if (readings.length < 2) return null;
  const totals = totalsRead(readings);
  const outcome = (merged: MergedReading) => ({ items: merged.section.items, totalCents: merged.totalCents });
  let found: MergedReading | null = null;
  for (const merged of borrowings(readings, totals)) {
    if (found && !sameOutcome(outcome(merged), outcome(found))) return null;
    found ??= merged;
  }
  return found;
}
