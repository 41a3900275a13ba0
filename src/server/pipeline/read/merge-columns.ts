// Lidl prints each price half a line above its name, and each OCR reading of a photo puts a price
// on its name's line, on the line above or on a line of its own, each reading differently: line by
// line the readings disagree on which price a name has, and a price one reading garbled on its
// name's line (`Punaiset linssit 500g  H39NB`) another read whole on the line above. The columns
// are the same in every reading, though: the labels in printed order and the amounts in printed
// order, wherever each landed. So when the lines do not merge (merge-passes.ts), the readings'
// columns are merged, each on its own, and paired in order as one reading's are (offset-columns.ts):
// - the labels are aligned by name; a label some reading lacks may be left out, and one a single
//   reading read is a lone line, as in the line vote (at most MAX_LONE_LINES);
// - the amounts are aligned by value, a minus lost or not, so each printed amount is one slot; an
//   amount some reading lacks may be left out, and one a single reading read rests on that
//   reading's word alone (at most MAX_LONE_PRICES such choices, lone labels included, a price
//   guessed from a lost comma counting as all of them);
// - the receipt is a choice of labels and of as many amounts, paired in order (an amount read with
//   a minus is no product's), that meets a printed total exactly: the one the readings agree with
//   most, and only when it is the only one. No digit is repaired here: the total checks the
//   amounts, and the pairing rests on the two columns counting alike.
import { alignReadings, type Slot } from './align.ts';
import { agreementWith, linesAlike } from './alike.ts';
import { MAX_COMBINATIONS, MAX_LONE_LINES, MAX_LONE_PRICES, SAME_LINE, sameOutcome, totalsRead, type MergedReading } from './merge-passes.ts';
import { pairSection, takesCredit, type ColumnAmount, type Columns, type Label } from './offset-columns.ts';
import { sectionCents, type ItemSection } from '../parse/items.ts';
import type { Witnesses } from '../parse/index.ts';

/** One reading's two columns and what it read of the total. */
export interface ColumnReading {
  columns: Columns;
  witnesses: Witnesses;
}

/** The amount's values without their sign: OCR drops a thin minus more often than any digit. */
const valuesOf = (amount: ColumnAmount): readonly number[] => (amount.readings ?? [amount.cents]).map(Math.abs);

/** One way to fill an amount slot: a value with the readings that read it, or nothing. */
interface Choice {
  amount: ColumnAmount | null;
  support: number;
  /** Some reading read it with a minus: a discount's, never a product's. */
  minus: boolean;
  /** Only readings that could not read the amount whole (`1109 B`) offered it. */
  guess: boolean;
}

function choicesOf(slot: Slot<ColumnAmount>): Choice[] {
  const byValue = new Map<number, Choice>();
  let absent = 0;
  for (const version of slot) {
    if (!version) {
      absent++;
      continue;
    }
    const guess = version.readings !== null && version.readings.length > 1;
    const minus = version.cents < 0;
    for (const cents of valuesOf(version)) {
      const known = byValue.get(cents);
      if (known) {
        known.support++;
        known.guess &&= guess;
        known.minus ||= minus;
      } else byValue.set(cents, { amount: { cents, readings: null }, support: 1, minus, guess });
    }
  }
  const choices = [...byValue.values()];
  if (absent > 0) choices.push({ amount: null, support: absent, minus: false, guess: false });
  return choices.sort((a, b) => b.support - a.support);
}

/**
 * A label as the readings read it: a version from a line read whole (an amount read at its end)
 * over one whose price OCR garbled into its name (`Ruisleipä 500g H19NB`); of those, one with
 * the most quantity lines kept under it (one reading may lose one); of those, the one most alike
 * to the others (`Porkkana 1kg` read so twice over `Porkkana lkg` once).
 */
function labelOf(slot: Slot<Label>): Label {
  const versions = slot.filter((version) => version !== null);
  const names = versions.map((version) => version.name);
  const agreement = (label: Label): number => agreementWith(label.name, names);
  const priced = versions.some((version) => version.priced) ? versions.filter((version) => version.priced) : versions;
  const most = Math.max(...priced.map((version) => version.modifiers.length));
  const kept = priced.filter((version) => version.modifiers.length === most);
  return kept.reduce((best, version) => (agreement(version) > agreement(best) ? version : best));
}

interface Found {
  section: ItemSection;
  totalCents: number;
  dissent: number;
}

/** A label slot's choices: the label with the readings that read it, and leaving it out where some did not. */
function labelChoices(slot: Slot<Label>, readings: number): { label: Label | null; support: number }[] {
  const support = slot.filter((version) => version !== null).length;
  const present = { label: labelOf(slot), support };
  return support === readings ? [present] : [present, { label: null, support: readings - support }].sort((a, b) => b.support - a.support);
}

/** The one receipt the readings' columns make that meets a printed total, or null. */
export function mergeColumns(readings: readonly ColumnReading[]): MergedReading | null {
  if (readings.length < 2) return null;
  const totals = totalsRead(readings);
  if (totals.size === 0) return null;
  const labelSlots = alignReadings(
    readings.map((reading) => reading.columns.labels),
    { of: (a, b) => linesAlike(a.name, b.name), same: SAME_LINE },
  ).map((slot) => labelChoices(slot, readings.length));
  const amountSlots = alignReadings(
    readings.map((reading) => reading.columns.amounts),
    { of: (a, b) => (valuesOf(a).some((cents) => valuesOf(b).includes(cents)) ? 1 : 0), same: 1 },
  ).map(choicesOf);
  const ways = [...labelSlots, ...amountSlots].reduce((product, options) => product * options.length, 1);
  if (ways > MAX_COMBINATIONS) return null;

  const found: Found[] = [];
  const labels: Label[] = [];
  const column: ColumnAmount[] = [];
  /** The amounts, once the labels are chosen: `single` counts the choices a single reading backs. */
  const visitAmounts = (k: number, dissent: number, single: number): void => {
    // Too few slots left to give every label its amount.
    if (labels.length - column.length > amountSlots.length - k) return;
    const options = amountSlots[k];
    if (!options) {
      const section = pairSection(labels, column);
      const sum = sectionCents(section);
      const votes = totals.get(sum);
      if (votes !== undefined) found.push({ section, totalCents: sum, dissent: dissent + readings.length - votes });
      return;
    }
    for (const choice of options) {
      const against = dissent + readings.length - choice.support;
      if (!choice.amount) {
        visitAmounts(k + 1, against, single);
        continue;
      }
      const label = labels[column.length];
      // Every label has its amount already, or a minus stands on a product's.
      if (!label || (!takesCredit(label) && choice.minus)) continue;
      const cost = choice.support === 1 ? (choice.guess ? MAX_LONE_PRICES : 1) : 0;
      if (single + cost > MAX_LONE_PRICES) continue;
      column.push(choice.amount);
      visitAmounts(k + 1, against, single + cost);
      column.pop();
    }
  };
  /** The labels first: one only a single reading read is a lone line, at most one of them. */
  const visitLabels = (k: number, dissent: number, lone: number): void => {
    const options = labelSlots[k];
    if (!options) {
      if (labels.some((label) => !takesCredit(label))) visitAmounts(0, dissent, lone);
      return;
    }
    for (const choice of options) {
      const alone = choice.label && choice.support === 1 ? 1 : 0;
      if (lone + alone > MAX_LONE_LINES) continue;
      if (choice.label) labels.push(choice.label);
      visitLabels(k + 1, dissent + readings.length - choice.support, lone + alone);
      if (choice.label) labels.pop();
    }
  };
  visitLabels(0, 0, 0);
  if (found.length === 0) return null;

  found.sort((a, b) => a.dissent - b.dissent);
  const best = found[0] as Found;
  const outcome = (one: Found) => ({ items: one.section.items, totalCents: one.totalCents });
  if (found.some((other) => other.dissent === best.dissent && !sameOutcome(outcome(other), outcome(best)))) return null;
  return { section: best.section, totalCents: best.totalCents };
}
