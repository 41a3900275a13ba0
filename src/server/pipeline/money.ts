// Money and mass, one way everywhere: euros are counted in integer cents and kilograms in
// integer grams, so sums never drift and every total equals the sum of what the visitor sees.
// The one check of a receipt against its own printed total lives here too, with its one
// tolerance: the receipt factory (receipt.ts), the reader's repairs and the wire's `reconciliation` all call it.
// Tolerances are named here and nowhere else.
import type { Notice, Reconciliation } from '../../contract.ts';

/**
 * A sum this close to the printed total adds up: a cent or two is rounding (a weighed line's
 * price × kg, a model's euros), not a lost line, which costs at least a few cents.
 */
export const TOLERANCE_CENTS = 2;

/**
 * What one rounding to the cent leaves between amounts that should agree: a VAT row's net plus
 * tax against its gross, a rate's lines against that rate's row.
 */
export const ROUNDING_CENTS = 1;

// A scaled epsilon keeps 1.005 € (stored as 1.00499…) rounding up, as it reads.
/** EUR → integer cents. */
export function toCents(eur: number): number {
  return Math.round(eur * 100 + Number.EPSILON * 100);
}

/** Integer cents → EUR. */
export function toEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/** EUR to the cent. */
export function roundEur(eur: number): number {
  return toEuros(toCents(eur));
}

/** kg → integer grams. */
export function toGrams(kg: number): number {
  return Math.round(kg * 1000 + Number.EPSILON * 1000);
}

/** kg to the gram; `places` 2 for the coarser figures of the stats. */
export function roundKg(kg: number, places: 2 | 3 = 3): number {
  const scale = 10 ** places;
  return Math.round(kg * scale + Number.EPSILON * scale) / scale;
}

/** `46,90`, the Finnish way, for sentences shown to visitors. */
export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** Two amounts that are the same within the tolerance. */
export function sameAmount(aCents: number, bCents: number): boolean {
  return Math.abs(aCents - bCents) <= TOLERANCE_CENTS;
}

/** Two amounts that differ by no more than one rounding. */
export function withinRounding(aCents: number, bCents: number): boolean {
  return Math.abs(aCents - bCents) <= ROUNDING_CENTS;
}

/** What a receipt's lines add up to, in cents. */
export interface ReceiptSums {
  printedCents: number | null;
  itemCents: number;
  depositCents: number;
  feeCents: number;
  returnCents: number;
}

/** A receipt checked against its printed total, in cents. */
export interface ReconciledCents {
  printedCents: number | null;
  /** Items + deposits + fees − returns. */
  computedCents: number;
  /** computed − printed, when a total was printed. */
  differenceCents: number | null;
  status: Reconciliation['status'];
}

/** Items + deposits + fees − returns against the printed total: the one check of a receipt. */
export function checkTotal(sums: ReceiptSums): ReconciledCents {
  const computedCents = sums.itemCents + sums.depositCents + sums.feeCents - sums.returnCents;
  if (sums.printedCents === null) return { printedCents: null, computedCents, differenceCents: null, status: 'no-total' };
  const differenceCents = computedCents - sums.printedCents;
  return {
    printedCents: sums.printedCents,
    computedCents,
    differenceCents,
    status: sameAmount(computedCents, sums.printedCents) ? 'match' : 'mismatch',
  };
}

/** The wire's `reconciliation`, in euros. */
export function toReconciliation(reconciled: ReconciledCents): Reconciliation {
  return {
    printed_total: reconciled.printedCents === null ? null : toEuros(reconciled.printedCents),
    computed_total: toEuros(reconciled.computedCents),
    difference: reconciled.differenceCents === null ? null : toEuros(reconciled.differenceCents),
    status: reconciled.status,
  };
}

/** The visitor's notice when the items do not add up to the printed total, else null. */
export function mismatchNotice(reconciled: ReconciledCents): Notice | null {
  if (reconciled.status !== 'mismatch' || reconciled.printedCents === null) return null;
  const items = formatEuros(reconciled.computedCents);
  const printed = formatEuros(reconciled.printedCents);
  return {
    code: 'total-mismatch',
    params: { items_total: toEuros(reconciled.computedCents), printed_total: toEuros(reconciled.printedCents) },
    message: `The items found add up to ${items} € but the receipt total is ${printed} €; some lines may not have been read.`,
  };
}
