// Emissions arithmetic for the wire: item emissions = weight × factor; totals and per-category sums
// are added up from the rounded item values (in integer grams and cents), so every total equals the
// sum of what the visitor sees.
import type { AnalysisItem, CategoryName, CategoryTotals, Reconciliation } from '../../../contract.ts';
import { checkTotal, roundKg, toCents as cents, toGrams as grams, toReconciliation } from '../money.ts';

/** Equivalents (km, months) to one decimal. */
export const roundOne = (value: number): number => Math.round(value * 10) / 10;

/** kg CO2e of a line, from its (already rounded) weight. */
export function itemEmissions(weightKg: number, kgCo2ePerKg: number): number {
  return roundKg(weightKg * kgCo2ePerKg);
}

export interface ItemTotals {
  totalEmissions: number;
  totalPrice: number;
  categories: Partial<Record<CategoryName, CategoryTotals>>;
}

/** Totals and the per-category map (only categories present), summed exactly from rounded items. */
export function sumItems(items: readonly Pick<AnalysisItem, 'category' | 'emissions' | 'price'>[]): ItemTotals {
  let totalGrams = 0;
  let totalCents = 0;
  const perCategory = new Map<CategoryName, { count: number; grams: number; cents: number }>();
  for (const item of items) {
    totalGrams += grams(item.emissions);
    totalCents += cents(item.price);
    const sums = perCategory.get(item.category) ?? { count: 0, grams: 0, cents: 0 };
    sums.count += 1;
    sums.grams += grams(item.emissions);
    sums.cents += cents(item.price);
    perCategory.set(item.category, sums);
  }
  const categories: Partial<Record<CategoryName, CategoryTotals>> = {};
  for (const [category, sums] of perCategory) {
    categories[category] = { count: sums.count, emissions: sums.grams / 1000, price: sums.cents / 100 };
  }
  return { totalEmissions: totalGrams / 1000, totalPrice: totalCents / 100, categories };
}

export interface ReconciliationInput {
  printedTotal: number | null;
  itemsPrice: number;
  deposits: number;
  fees: number;
  returns: number;
}

/** The wire's `reconciliation` of the items as analysed (+ deposits + fees − returns) against the printed total, by the one check of money.ts. */
export function reconciliationOf(input: ReconciliationInput): Reconciliation {
  return toReconciliation(
    checkTotal({
      printedCents: input.printedTotal === null ? null : cents(input.printedTotal),
      itemCents: cents(input.itemsPrice),
      depositCents: cents(input.deposits),
      feeCents: cents(input.fees),
      returnCents: cents(input.returns),
    }),
  );
}
