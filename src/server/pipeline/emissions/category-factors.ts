// Factors that stand for a whole category: the median of the cited factors of its product keys, for
// items only the category of which is known (nothing in the name named a product of it: the model,
// a hint or the visitor's choice gave the category), since the category's typical product is a fairer number
// than any one product's. Its range is the category's: the 10th to 90th percentile of its keys'
// factors, and at least CATEGORY_SPREAD either way, the widest default of the table. Also: which
// keys are not food.
import type { CategoryName } from '../../../contract.ts';
import { CATALOGUE, type Catalogue } from '../data/catalogue.ts';
import { median, quantile } from '../median.ts';
import { FACTORS, type EmissionFactor } from './factors.ts';

// Zero-factor keys that are still eaten: supplements count 0 kg because no cited factor exists.
const EATEN_WITHOUT_FACTOR = new Set(['supplement']);

/** The narrowest range of a category's factor, ×/÷ (a proxy for one product gets 2). */
export const CATEGORY_SPREAD = 2.5;

/** A line that is bought but not eaten (fuel, batteries, bags, detergents): 0 kg CO2e of food. */
export function isNotFood(productKey: string): boolean {
  const info = CATALOGUE.keys.get(productKey);
  return info?.category === 'Other' && FACTORS.get(productKey)?.kgCo2ePerKg === 0 && !EATEN_WITHOUT_FACTOR.has(productKey);
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** The factor of each category's median product, with the category's spread as its range. */
export function buildCategoryFactors(
  factors: ReadonlyMap<string, EmissionFactor> = FACTORS,
  catalogue: Catalogue = CATALOGUE,
): ReadonlyMap<CategoryName, EmissionFactor> {
  const byCategory = new Map<CategoryName, number[]>();
  for (const info of catalogue.keys.values()) {
    const factor = factors.get(info.key)?.kgCo2ePerKg;
    // Food keys only: a guessed line is a food we could not name, not a bag.
    if (factor === undefined || factor === 0) continue;
    byCategory.set(info.category, [...(byCategory.get(info.category) ?? []), factor]);
  }
  const medians = new Map<CategoryName, EmissionFactor>();
  for (const [category, values] of byCategory) {
    const middle = round3(median(values) ?? 0);
    medians.set(category, {
      key: `median:${category}`,
      kgCo2ePerKg: middle,
      low: round3(Math.min(quantile(values, 0.1) ?? middle, middle / CATEGORY_SPREAD)),
      high: round3(Math.max(quantile(values, 0.9) ?? middle, middle * CATEGORY_SPREAD)),
      source: `Median of the ${values.length} cited factors of ${category} in this table (the item's name did not say which product it is)`,
    });
  }
  return medians;
}

const MEDIANS = buildCategoryFactors();

export function categoryMedianFactor(
  category: CategoryName,
  medians: ReadonlyMap<CategoryName, EmissionFactor> = MEDIANS,
): EmissionFactor {
  const factor = medians.get(category);
  if (!factor) throw new Error(`No factors for category ${category}`);
  return factor;
}
