// Cross-checks the items against the receipt's own totals. A receipt carries up to three
// witnesses of its total: the YHTEENSÄ line, the VAT table's gross total and the payment lines.
// When two of them agree with the items, a misread total is corrected; when a price read
// without its decimal comma makes the sum match, that reading is taken; otherwise the items
// stay as read and the receipt says they do not add up (../receipt.ts tells the visitor).
import { checkTotal, sameAmount, type ReconciledCents } from '../money.ts';
import type { Witnesses } from '../parse/index.ts';
import { extraCents, netCents, otherLineCents, toParsedItem, type DraftItem, type ItemSection } from '../parse/items.ts';
import type { ParsedItem } from '../types.ts';
import { repairConfusedDigit, withOneDigitLess } from './digit-confusions.ts';
import { weightFromPrice } from './weighed-lines.ts';

export interface Fitted {
  items: ParsedItem[];
  /** The items (+ deposits + fees − returns) against the printed total. */
  check: ReconciledCents;
  /** True when they add up. */
  matches: boolean;
}

// A receipt with more unreadable prices than this, or more ways to read them, is left as read.
const MAX_UNCERTAIN = 8;
const MAX_COMBINATIONS = 100_000;

/**
 * For each uncertain item, the index of the reading to use, or -1 to drop the line, and whether
 * that choice meets a witness. When none does, the likeliest readings are kept, but lines whose
 * readings are only guesses (`confirmOnly`) are dropped.
 */
function chooseReadings(uncertain: DraftItem[], baseCents: number, targets: number[]): { choice: number[]; met: boolean } {
  const fallback: number[] = uncertain.map((item) => (item.confirmOnly ? -1 : 0));
  if (uncertain.length === 0 || uncertain.length > MAX_UNCERTAIN || targets.length === 0) return { choice: fallback, met: false };
  const combinations = uncertain.reduce((product, item) => product * ((item.readings?.length ?? 1) + (item.mayDrop ? 1 : 0)), 1);
  if (combinations > MAX_COMBINATIONS) return { choice: fallback, met: false };
  const best = { choice: fallback, rank: Infinity };
  // Each way the guessed digits (`confirmOnly`) were read where the lines met a witness, by how
  // many lines it left out. A guessed digit's readings are alike likely, so a guess is confirmed
  // only where no other guess, keeping as many lines, meets a witness too: neither where two
  // lines' guesses split the sum otherwise (`2,3` and `0,6` meeting 3,00 as 2,35 + 0,65 or
  // 2,31 + 0,69), nor where one guess reaches two witnesses that disagree, one of them misread
  // itself (a real photo's total line read 26,71 for 26,77).
  const guessesMeeting = new Map<number, Set<string>>();
  const choice: number[] = [];
  const visit = (k: number, sum: number, dropped: number): void => {
    if (k === uncertain.length) {
      // Exactly: the printed prices of a receipt add up to its total to the cent, and the
      // tolerance's cents are for rounding, not for guessing a lost digit (a price read `1.8`
      // taken as 1,80 a cent from the card's 16,42, its true 1,78 unreachable by a misread 2,89).
      const targetRank = targets.indexOf(sum);
      if (targetRank < 0) return;
      const guesses = choice.map((r, g) => (uncertain[g]?.confirmOnly ? r : '')).join();
      guessesMeeting.set(dropped, (guessesMeeting.get(dropped) ?? new Set()).add(guesses));
      // Prefer the strongest witness, then keeping every line, then the likeliest readings.
      const rank = targetRank * 1e6 + dropped * 1e4 + choice.reduce((a, b) => a + Math.max(b, 0), 0);
      if (rank < best.rank) [best.choice, best.rank] = [[...choice], rank];
      return;
    }
    const item = uncertain[k];
    if (!item) return;
    const readings = item.readings ?? [item.cents];
    readings.forEach((reading, r) => {
      choice.push(r);
      visit(k + 1, sum + netCents(item, reading), dropped);
      choice.pop();
    });
    if (item.mayDrop) {
      choice.push(-1);
      visit(k + 1, sum, dropped + 1);
      choice.pop();
    }
  };
  visit(0, baseCents, 0);
  const dropped = best.choice.filter((r) => r < 0).length;
  if ((guessesMeeting.get(dropped)?.size ?? 0) > 1) return { choice: fallback, met: false };
  return { choice: best.choice, met: best.rank < Infinity };
}

/**
 * OCR adds a digit now and then (`15.55` for `1,55`). When exactly one item loses the
 * difference to the total by dropping one of its digits, that is the misreading.
 */
function strayDigitRepair(
  items: readonly DraftItem[],
  priceOf: (item: DraftItem) => number,
  excessCents: number,
): { item: DraftItem; cents: number } | null {
  if (excessCents <= 0) return null;
  const fits = items
    .map((item) => ({ item, cents: priceOf(item) - excessCents }))
    .filter(({ item, cents }) => cents >= 0 && withOneDigitLess(priceOf(item)).includes(cents));
  return fits.length === 1 ? (fits[0] ?? null) : null;
}

export interface FitOptions {
  /**
   * Also try one digit of one price read as its usual OCR confusion (digit-confusions.ts).
   * Only for the reading finally kept: a layout must add up as read to be chosen.
   */
  digitConfusions?: boolean;
}

/**
 * The section's items fitted to the receipt's witnesses of its total: the readings of uncertain
 * prices chosen, a stray digit dropped, a misread total outvoted, and (with `digitConfusions`) one
 * confused digit repaired, where the receipt's own arithmetic says so; then checked once.
 */
export function fitToTotal(section: ItemSection, witnesses: Witnesses, options: FitOptions = {}): Fitted {
  const extras = extraCents(section);
  const certain = section.items.filter((item) => item.readings === null);
  const uncertain = section.items.filter((item) => item.readings !== null);
  const certainCents = certain.reduce((sum, item) => sum + netCents(item), 0);

  // A total line read without its comma (`164`) is a guess at where the comma was: it is the
  // weakest witness, after every amount read with its comma.
  const total = witnesses.total && !witnesses.total.uncertain ? witnesses.total.cents : null;
  const guessedTotal = witnesses.total?.uncertain ? witnesses.total.cents : null;
  const targets = [
    ...(total !== null ? [total] : []),
    ...(witnesses.vatCents !== null ? [witnesses.vatCents] : []),
    ...witnesses.payments,
    ...(guessedTotal !== null ? [guessedTotal] : []),
  ];
  const { choice, met } = chooseReadings(uncertain, certainCents + extras, targets);
  const chosen = new Map<DraftItem, number>();
  uncertain.forEach((item, k) => {
    const r = choice[k] ?? 0;
    if (r >= 0) chosen.set(item, item.readings?.[r] ?? item.cents);
  });

  let kept = section.items.filter((item) => item.readings === null || chosen.has(item));
  let printed = total ?? witnesses.payments[0] ?? witnesses.vatCents ?? guessedTotal;
  const priceOf = (item: DraftItem): number => chosen.get(item) ?? item.cents;
  const sumOf = (): number => kept.reduce((sum, item) => sum + netCents(item, priceOf(item)), extras);

  if (printed !== null && !sameAmount(printed, sumOf())) {
    const stray = strayDigitRepair(kept, priceOf, sumOf() - printed);
    if (stray) chosen.set(stray.item, stray.cents);
  }
  // A VAT table or payment line that meets the items as read says the total line is the misread one.
  const secondedAsRead = [witnesses.vatCents, ...witnesses.payments].some((w) => w !== null && sameAmount(w, sumOf()));
  // A price kept as a guess that met no witness (`1499`, its comma read as a digit, taken as 1,99)
  // was misread already, and may be the amount misread: a confused digit elsewhere that meets
  // the total is then no evidence (a receipt's 1,55 "repaired" to 1,15 beside its 1,59 read `1499`).
  const unconfirmedGuess = !met && kept.some((item) => item.readings !== null);
  if (options.digitConfusions && printed !== null && !sameAmount(printed, sumOf()) && !secondedAsRead && !unconfirmedGuess) {
    const repair = repairConfusedDigit(kept.filter((item) => !chosen.has(item)), sumOf(), printed, {
      vatRates: witnesses.vatRates ?? [],
      otherLines: otherLineCents(section),
    });
    if (repair) kept = kept.map((item) => (item === repair.item ? repair.repaired : item));
  }
  const items = kept.map((item) => toParsedItem(item, priceOf(item)));
  const computedCents = sumOf();

  // The VAT table or a payment line agreeing with the items outvotes a misread total line; the
  // total is then what that witness printed, not what the items add up to.
  const seconding = [witnesses.vatCents, ...witnesses.payments].find((w): w is number => w !== null && sameAmount(w, computedCents));
  if (printed !== null && !sameAmount(printed, computedCents) && seconding !== undefined && items.length > 0) printed = seconding;
  // Within a rounding of the items, a total line a cent or two off them may be a misread last
  // digit (`12,95` for 12,96) as well as a weighed line's rounding. A card pays the total to the
  // cent, so a payment line that meets the items to the cent says which: the total line misread.
  const paidExactly = witnesses.payments.includes(computedCents);
  if (printed !== null && printed !== computedCents && sameAmount(printed, computedCents) && paidExactly && items.length > 0) printed = computedCents;

  const check = checkTotal({
    printedCents: printed,
    itemCents: computedCents - extras,
    depositCents: section.depositCents,
    feeCents: section.feeCents,
    returnCents: section.returnCents,
  });
  const matches = check.status === 'match';
  // Prices the total confirmed say what their weighed lines weigh, where one digit of a weight was misread.
  return { items: matches ? items.map(weightFromPrice) : items, check, matches };
}
