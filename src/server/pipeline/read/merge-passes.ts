// Several OCR readings of one photo, none of which adds up on its own, often lose different
// lines: a crease hides a line from the page read as one block and not from the page read band
// by band, and each misreads other digits. Put side by side, line by line, they say more than
// any one of them: a line read by one reading only may still be a line, and where two readings
// disagree on a price the receipt's own total can decide. This is the readings' vote
// (as in combining OCR engines' outputs by alignment), with the total as the last word:
// - the readings' product lines are aligned in order by name, so each printed line is one slot;
// - every way to take one reading's version of each slot (or to leave out a slot some reading
//   lacks) is tried, and kept only when the lines meet a printed total exactly, or do with one
//   digit read as its usual confusion (digit-confusions.ts);
// - of those, the one the readings agree with most is kept, and only when it is the only one:
//   two different receipts that both add up leave the readings as they were; so is a receipt
//   that would rest on more than one line a single reading has (MAX_LONE_LINES), or on more than
//   two prices a single reading read (MAX_LONE_PRICES), or on a price a single reading guessed
//   (its last digit lost, its comma lost) beside any other such choice;
// - a reading that printed a line without making an item of it (noise glued to its price, the
//   price lost) still saw the line, and the price too when its digits stand on that line: a line
//   so seen is no line made up from garble, and a price so read is read twice;
// - a digit is repaired only where the readings left room for it: among the prices a single
//   reading read, when there are any;
// - when all the readings find nothing, each is left out in turn (one garbled beyond the others
//   can hold every choice to a line that is none), and what the others find stands when every
//   such vote that finds a receipt finds the same one.
import { sumsOneDigitApart, repairConfusedDigit } from './digit-confusions.ts';
import { letters, linesAlike } from './alike.ts';
import { alignReadings, type Slot as AlignedSlot } from './align.ts';
import { formatEuros } from '../money.ts';
import { extraCents, netCents, otherLineCents, type DraftItem, type ItemSection } from '../parse/items.ts';
import type { Witnesses } from '../parse/index.ts';

/** One reading as the parser saw it: its product lines and what it read of the total. */
export interface SectionReading {
  section: ItemSection;
  witnesses: Witnesses;
  /** The lines among its items the reading made no item of (a product line whose price it lost or could not read). */
  lines?: readonly string[];
}

/** The merged receipt: the lines chosen and the total they meet. */
export interface MergedReading {
  section: ItemSection;
  /** The printed total the chosen lines meet. */
  totalCents: number;
}

/** Names at least this alike are the same printed line read twice (OCR slips of a few letters). */
export const SAME_LINE = 0.5;
/** Beyond this many ways to choose, the readings disagree too much to be merged. */
export const MAX_COMBINATIONS = 20_000;
/**
 * Lines kept that only one reading printed at all (a line the others lost): one is the point of
 * merging; more, and a receipt that adds up is as likely found by chance among the readings'
 * garbled lines (a Lidl photo whose prices sit between lines added up from three such lines and
 * one repaired digit, none of them its own).
 */
export const MAX_LONE_LINES = 1;
/**
 * Choices that rest on a single reading, lone lines included: a price only one reading read of a
 * line the others printed too (their own price lost, garbled or read otherwise) is that
 * reading's word on the price only, not on the line. At most two, at most one a lone line.
 */
export const MAX_LONE_PRICES = 2;

/** One printed line: each reading's version of it, or null where a reading lacks it. */
type Slot = AlignedSlot<DraftItem>;

/** The line as this reading may have it: each of its possible prices, and whether it may be no line at all. */
function versionsOf(item: DraftItem | null): { items: DraftItem[]; mayBeAbsent: boolean } {
  if (!item) return { items: [], mayBeAbsent: true };
  const prices = item.readings ?? [item.cents];
  return {
    items: prices.map((cents) => ({ ...item, cents, readings: null, mayDrop: false, confirmOnly: false })),
    mayBeAbsent: item.mayDrop || item.confirmOnly,
  };
}

/**
 * A slot's choices: a version (by net price) with the readings that have it, or leaving it out.
 * `seen`: another reading than the version's own printed a line like it, item or not.
 */
interface Choice {
  item: DraftItem | null;
  support: number;
  seen: boolean;
  /**
   * Only a reading that could not read the price whole offered it, among others it may be
   * (`1.8`: 1,80–1,89; `1135`: 1,35 or 11,35).
   */
  guess: boolean;
}

/** The reading's lines like `name` (the same printed line), as letters and digits. */
function linesLike(name: string, lines: readonly string[]): string[] {
  return lines.filter((line) => linesAlike(name, line) >= SAME_LINE).map(letters);
}

function choicesOf(slot: Slot, readings: readonly SectionReading[]): Choice[] {
  const byNet = new Map<number, Choice>();
  let absent = 0;
  for (const version of slot) {
    if (!version) continue;
    const { items, mayBeAbsent } = versionsOf(version);
    if (mayBeAbsent) absent++;
    const guess = items.length > 1;
    for (const item of items) {
      const net = netCents(item);
      const known = byNet.get(net);
      if (known) {
        known.support++;
        known.guess &&= guess;
      } else byNet.set(net, { item, support: 1, seen: false, guess });
    }
  }
  // The readings with no version of the line: those that printed it without an item saw it, and
  // read its price too when the price's digits stand on it; the others back leaving it out.
  const names = slot.flatMap((version) => (version ? [version.name] : []));
  slot.forEach((version, k) => {
    if (version) return;
    const like = names.flatMap((name) => linesLike(name, readings[k]?.lines ?? []));
    if (like.length === 0) absent++;
    for (const choice of byNet.values()) {
      if (like.length > 0) choice.seen = true;
      // The price's digits as printed (`1,99` → `199`), as `like` holds the lines' letters and digits.
      const printed = letters(formatEuros(netCents(choice.item as DraftItem)));
      if (like.some((line) => line.includes(printed))) choice.support++;
    }
  });
  const versions = slot.filter((version) => version !== null).length;
  const choices = [...byNet.values()].map((choice) => ({ ...choice, seen: choice.seen || versions > 1 }));
  if (absent > 0) choices.push({ item: null, support: absent, seen: false, guess: false });
  return choices.sort((a, b) => b.support - a.support);
}

interface Candidate {
  items: DraftItem[];
  totalCents: number;
  extrasFrom: number;
  repairs: number;
  /**
   * Readings' votes against the choice, summed over slots, the total and the extras; a repaired
   * price also counts the readings that read it as it was, so a digit the readings agree on is
   * not changed where leaving it costs fewer votes.
   */
  dissent: number;
}

/** What the readings read as the receipt's total, each with how many readings read it. */
export function totalsRead(readings: readonly Pick<SectionReading, 'witnesses'>[]): Map<number, number> {
  const votes = new Map<number, number>();
  for (const { witnesses } of readings) {
    const seen = new Set<number>();
    if (witnesses.total) seen.add(witnesses.total.cents);
    if (witnesses.vatCents !== null) seen.add(witnesses.vatCents);
    for (const payment of witnesses.payments) seen.add(payment);
    for (const cents of seen) if (cents > 0) votes.set(cents, (votes.get(cents) ?? 0) + 1);
  }
  return votes;
}

/** Two receipts alike: the same total, and the same lines at the same net prices. */
export function sameOutcome(a: Pick<Candidate, 'items' | 'totalCents'>, b: Pick<Candidate, 'items' | 'totalCents'>): boolean {
  if (a.totalCents !== b.totalCents || a.items.length !== b.items.length) return false;
  return a.items.every((item, k) => netCents(item) === netCents(b.items[k] as DraftItem));
}

/**
 * How many ways to choose the search below visits: choices a single reading backs are taken at
 * most MAX_LONE_PRICES at a time, so a line read ten ways by one reading (a price's last digit
 * unsure) costs ten times two, not ten to the power of the lines.
 */
function searchSize(choices: readonly Choice[][]): number {
  let ways = new Array<number>(MAX_LONE_PRICES + 1).fill(0);
  ways[0] = 1;
  for (const options of choices) {
    const single = options.filter((choice) => choice.item !== null && choice.support === 1).length;
    const backed = options.length - single;
    ways = ways.map((_, j) => (ways[j] ?? 0) * backed + (j > 0 ? (ways[j - 1] ?? 0) * single : 0));
  }
  return ways.reduce((a, b) => a + b, 0);
}

/**
 * The one receipt the readings together make that adds up, or null: fewer than two readings,
 * no total read, too many ways to choose, no choice that adds up, or two that do equally well.
 */
function vote(readings: readonly SectionReading[]): MergedReading | 'rivals' | null {
  if (readings.length < 2) return null;
  const totals = totalsRead(readings);
  if (totals.size === 0) return null;
  const slots: Slot[] = alignReadings(
    readings.map((reading) => reading.section.items),
    { of: (a, b) => linesAlike(a.name, b.name), same: SAME_LINE },
  );
  const choices = slots.map((slot) => choicesOf(slot, readings));
  const combinations = searchSize(choices);
  if (combinations > MAX_COMBINATIONS) return null;

  const extras = [...new Set(readings.map((reading) => extraCents(reading.section)))].map((cents) => ({
    cents,
    from: readings.findIndex((reading) => extraCents(reading.section) === cents),
    dissent: readings.filter((reading) => extraCents(reading.section) !== cents).length,
  }));
  const vatRates = readings.find((reading) => (reading.witnesses.vatRates?.length ?? 0) > 0)?.witnesses.vatRates ?? [];

  const found: Candidate[] = [];
  const picked: Choice[] = [];
  /**
   * `lone`: lines only one reading saw; `single`: choices only one reading backs, those lines
   * included, a guess counting as all of MAX_LONE_PRICES.
   */
  const visit = (k: number, sum: number, dissent: number, lone: number, single: number): void => {
    const options = choices[k];
    if (!options) {
      const items = picked.flatMap((choice) => (choice.item ? [choice.item] : []));
      for (const extra of extras) {
        for (const [total, votes] of totals) {
          const against = dissent + extra.dissent + (readings.length - votes);
          const lines = sum + extra.cents;
          if (lines === total) {
            found.push({ items, totalCents: total, extrasFrom: extra.from, repairs: 0, dissent: against });
            continue;
          }
          // A digit repaired on top of a line only one reading has would be a guess on a guess.
          if (lone > 0 || !sumsOneDigitApart(lines, total)) continue;
          const section = readings[extra.from]?.section;
          // Where some prices rest on one reading, the misread digit is among them: the others were read alike twice.
          const unconfirmed = picked.flatMap((choice) => (choice.item && choice.support === 1 ? [choice.item] : []));
          const repair = repairConfusedDigit(items, lines, total, {
            vatRates,
            otherLines: section ? otherLineCents(section) : [],
            ...(unconfirmed.length > 0 ? { repairable: (item: DraftItem) => unconfirmed.includes(item) } : {}),
          });
          if (!repair) continue;
          const repaired = items.map((item) => (item === repair.item ? repair.repaired : item));
          // The readings that read the price as it was are overruled by the repair: votes against it.
          const overruled = picked.find((choice) => choice.item === repair.item)?.support ?? 1;
          found.push({ items: repaired, totalCents: total, extrasFrom: extra.from, repairs: 1, dissent: against + overruled });
        }
      }
      return;
    }
    for (const choice of options) {
      const onOne = choice.item !== null && choice.support === 1;
      const alone = onOne && !choice.seen ? 1 : 0;
      // One of the prices a reading offers for a price it could not read whole (ten for a lost
      // digit) is a guess, and one of them meets the total by chance all the more often: nothing
      // else may rest on a single reading beside it (a real scan's `1.8` taken as 1,83 beside a
      // lone 2,51 met its total, both prices wrong).
      const cost = onOne ? (choice.guess ? MAX_LONE_PRICES : 1) : 0;
      if (lone + alone > MAX_LONE_LINES || single + cost > MAX_LONE_PRICES) continue;
      picked.push(choice);
      visit(k + 1, sum + (choice.item ? netCents(choice.item) : 0), dissent + readings.length - choice.support, lone + alone, single + cost);
      picked.pop();
    }
  };
  visit(0, 0, 0, 0, 0);
  if (found.length === 0) return null;

  found.sort((a, b) => a.dissent - b.dissent || a.repairs - b.repairs);
  const best = found[0] as Candidate;
  const rival = found.find((other) => other.repairs === best.repairs && other.dissent === best.dissent && !sameOutcome(other, best));
  if (rival) return 'rivals';
  if (best.items.length === 0) return null;
  const from = readings[best.extrasFrom]?.section as ItemSection;
  return {
    section: { ...from, items: best.items },
    totalCents: best.totalCents,
  };
}

/**
 * The readings' vote (`vote`), or, when it finds no receipt, the vote held again without each
 * reading in turn. One reading garbled beyond the others (a discount read as a product, a line no
 * other reading made an item of) leaves every choice holding its line and nothing that adds up;
 * the others may still agree on one receipt. It stands only when every vote without one reading
 * that finds a receipt finds the same one. Beside it, whether the readings made several receipts
 * that add up (in the vote of them all, or in the votes without one): then no other merge may
 * pick one of them.
 */
export function voteOnPasses(readings: readonly SectionReading[]): { merged: MergedReading | null; rivals: boolean } {
  const all = vote(readings);
  if (all !== null && all !== 'rivals') return { merged: all, rivals: false };
  if (readings.length < 3) return { merged: null, rivals: all === 'rivals' };
  const votes = readings.map((_, k) => vote(readings.filter((__, j) => j !== k)));
  const without = votes.flatMap((merged) => (merged === null || merged === 'rivals' ? [] : [merged]));
  const first = without[0];
  const outcome = (merged: MergedReading) => ({ items: merged.section.items, totalCents: merged.totalCents });
  const agree = without.every((other) => first !== undefined && sameOutcome(outcome(other), outcome(first)));
  return { merged: first && agree ? first : null, rivals: all === 'rivals' || !agree || votes.includes('rivals') };
}
