// OCR reads a printed digit as another of a similar shape now and then (7,95 as 1,95, a discount
// −0,72 as −0,12). When the items do not add up to the printed total, the receipt's own
// arithmetic can say which price it was: the one price (or discount) that, with one digit read
// as its usual confusion, makes the items add up. A repair is made only when exactly one such
// reading exists and nothing else could be the misread amount (the total, a deposit, fee or
// return line, or a price guessed from digits that lost their comma and met no witness:
// fit-to-total.ts), and the rest of the receipt agrees: the item's own quantity or weight line,
// when printed, and each rate's row of the VAT table, which some of the lines must add up to.
// Of two readings that meet the total (−0,12 → −0,72 under one item, 0,10 → 0,70 under
// another), the one a discount's printed share confirms (`ALENNUS 30%` of 2,39 is 0,72) is taken.
// A digit OCR added (`15.55` for 1,55) is here too: `withOneDigitLess`, which fit-to-total.ts tries.
import { ROUNDING_CENTS, sameAmount } from '../money.ts';
import { netCents, type DraftItem } from '../parse/items.ts';

/**
 * Digits OCR mistook for each other on the real photos of two public sources, both ways round
 * (printed → read: 7→1, 5→1, 4→5, 9→8; ocr/README.md); the third source was held out. The
 * project's own degraded photos also show 4→1, 1→8, 4→9 and 5→7, left out: every pair more makes
 * a lost line of a round price (3,00 € missing, read as 1,15 for 4,15) look like a misread digit.
 */
const CONFUSED_DIGITS: readonly (readonly [string, string])[] = [
  ['1', '7'],
  ['1', '5'],
  ['4', '5'],
  ['8', '9'],
];

const PARTNERS = new Map<string, string[]>();
for (const [a, b] of CONFUSED_DIGITS) {
  PARTNERS.set(a, [...(PARTNERS.get(a) ?? []), b]);
  PARTNERS.set(b, [...(PARTNERS.get(b) ?? []), a]);
}

/** The amounts `cents` may have been printed as, one digit read as its confusion (`1,95` → 7,95, 5,95, …). */
export function confusedReadings(cents: number): number[] {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const out = new Set<number>();
  for (let i = 0; i < digits.length; i++) {
    for (const partner of PARTNERS.get(digits[i] ?? '') ?? []) {
      // A leading 0 of `12,95` would be no digit at all: that is a lost digit, not a confusion.
      if (i === 0 && digits.length > 3 && partner === '0') continue;
      const other = Number(digits.slice(0, i) + partner + digits.slice(i + 1));
      out.add(cents < 0 ? -other : other);
    }
  }
  out.delete(cents);
  return [...out];
}

/**
 * Whether two sums may differ by one digit read as another: a single digit's change is a digit
 * 1–9 times a power of ten (`6,00`, `0,40`). A quick test before the search for which price.
 */
export function sumsOneDigitApart(aCents: number, bCents: number): boolean {
  let diff = Math.abs(aCents - bCents);
  if (diff === 0) return false;
  while (diff % 10 === 0) diff /= 10;
  return diff <= 9;
}

/** The prices a printed amount may have been with one stray digit removed (`15.55` → 1,55, 5,55, 15,5…). */
export function withOneDigitLess(cents: number): number[] {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const out = new Set<number>();
  for (let i = 0; i < digits.length; i++) {
    const shorter = digits.slice(0, i) + digits.slice(i + 1);
    if (shorter.length >= 3) out.add(Number(shorter));
  }
  out.delete(Math.abs(cents));
  return [...out];
}

/** One price of the receipt read another way. */
export interface DigitRepair {
  item: DraftItem;
  /** The item as it was printed: its price or one of its discounts changed. */
  repaired: DraftItem;
}

/** What a quantity or weight line says the line cost, when it says it. */
function impliedCents(item: DraftItem): number | null {
  const amount = item.weightKg ?? (item.quantity !== null && item.quantity !== 1 ? item.quantity : null);
  if (amount === null || item.unitCents === null) return null;
  return Math.round(amount * item.unitCents);
}

/** The repaired line agrees with its own quantity or weight line, when one is printed. */
function agreesWithItsLine(repaired: DraftItem): boolean {
  const implied = impliedCents(repaired);
  if (implied === null) return true;
  const discount = repaired.discounts.reduce((a, b) => a + b, 0);
  return sameAmount(repaired.cents, implied) || sameAmount(repaired.cents + discount, implied);
}

/**
 * How many of the item's discounts printed with a share (`ALENNUS 30%`) it has no discount line
 * for: none that is that share of its price before discounts, to a cent of rounding.
 */
function rateMisses(item: DraftItem): number {
  if (item.discountRates.length === 0) return 0;
  const gross = item.normCents ?? impliedCents(item) ?? item.cents;
  const agrees = (rate: number): boolean => item.discounts.some((discount) => sameAmount(discount, Math.round((gross * rate) / 100)));
  return item.discountRates.filter((rate) => !agrees(rate)).length;
}

/** Every way one digit of one item's price or discount may have been misread. */
function candidates(item: DraftItem): DraftItem[] {
  const out: DraftItem[] = [];
  // A price its own quantity or weight line confirms was read right.
  const confirmed = impliedCents(item) !== null && agreesWithItsLine(item);
  if (!confirmed) for (const cents of confusedReadings(item.cents)) if (cents > 0) out.push({ ...item, cents });
  item.discounts.forEach((discount, k) => {
    for (const other of confusedReadings(discount)) {
      if (other <= 0) continue;
      out.push({ ...item, discounts: item.discounts.map((d, j) => (j === k ? other : d)) });
    }
  });
  // A discount its printed share confirmed stays confirmed.
  return out.filter((repaired) => agreesWithItsLine(repaired) && rateMisses(repaired) <= rateMisses(item));
}

/** The receipt's other evidence, beside its total. */
export interface DigitEvidence {
  /** The VAT table's gross per rate: each is what the lines of one rate add up to. */
  vatRates: readonly number[];
  /**
   * Deposit and fee lines (cents) and returns (negated): OCR misreads them as well, so one of
   * them read another way that meets the total leaves no price singled out.
   */
  otherLines: readonly number[];
  /** The lines a digit may be repaired on (default: every line whose price was no guess already). */
  repairable?: (item: DraftItem) => boolean;
}

/** True when `target` is within one rounding of what some of `amounts` (all positive) add up to. */
function someAddUpTo(amounts: readonly number[], target: number): boolean {
  // Also bounds the table below by the receipt's own size, whatever OCR made of the row.
  if (target > amounts.reduce((a, b) => a + b, 0) + ROUNDING_CENTS) return false;
  const reach = new Uint8Array(target + ROUNDING_CENTS + 1);
  reach[0] = 1;
  for (const amount of amounts) {
    for (let sum = target + ROUNDING_CENTS - amount; sum >= 0; sum--) if (reach[sum]) reach[sum + amount] = 1;
  }
  for (let sum = Math.max(0, target - ROUNDING_CENTS); sum <= target + ROUNDING_CENTS; sum++) if (reach[sum] === 1) return true;
  return false;
}

/** Every rate's row of the VAT table is met by some of the lines (with one price repaired). */
function agreesWithVatRates(lines: readonly DraftItem[], evidence: DigitEvidence): boolean {
  if (evidence.vatRates.length < 2) return true;
  const amounts = [...lines.map((line) => netCents(line)), ...evidence.otherLines];
  // A return or a free line: which rows they belong to cannot be told by adding up.
  if (amounts.some((amount) => amount <= 0)) return true;
  return evidence.vatRates.every((gross) => gross > 0 && someAddUpTo(amounts, gross));
}

/**
 * The one repair that makes `items` (summing to `sumCents` with extras) meet `printedCents`,
 * or null when there is none, more than one, or the printed total may itself be the misread
 * amount. Items whose price was already a guess (`readings`) are not touched.
 */
export function repairConfusedDigit(
  items: readonly DraftItem[],
  sumCents: number,
  printedCents: number,
  evidence: DigitEvidence = { vatRates: [], otherLines: [] },
): DigitRepair | null {
  if (sameAmount(sumCents, printedCents)) return null;
  // The total read with one confused digit meets the items: then no price can be singled out.
  if (confusedReadings(printedCents).some((total) => total === sumCents)) return null;
  // A deposit, fee or return line read another way that meets the total: no price can be singled out.
  if (evidence.otherLines.some((line) => confusedReadings(line).some((other) => sumCents - line + other === printedCents))) return null;
  const fits: DigitRepair[] = [];
  for (const item of items) {
    if (item.readings !== null || evidence.repairable?.(item) === false) continue;
    const before = netCents(item);
    for (const repaired of candidates(item)) {
      // Exactly: a digit read wrong leaves no rounding behind, and a near miss is a line lost, not a digit.
      if (sumCents - before + netCents(repaired) !== printedCents) continue;
      const lines = items.map((line) => (line === item ? repaired : line));
      if (agreesWithVatRates(lines, evidence)) fits.push({ item, repaired });
    }
  }
  // Of several, the one that leaves the fewest discounts disagreeing with their printed share.
  const misses = fits.map((fit) => items.reduce((n, line) => n + rateMisses(line === fit.item ? fit.repaired : line), 0));
  const fewest = Math.min(...misses);
  const best = fits.filter((_, k) => misses[k] === fewest);
  return best.length === 1 ? (best[0] ?? null) : null;
}
