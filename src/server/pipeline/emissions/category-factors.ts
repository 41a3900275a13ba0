// Factors that stand for a whole category: the median of the cited factors of its product keys,
// for items whose name nothing placed with at least medium confidence (the category is a guess,
// so its typical product is a fairer number than any one product's); and which keys are not food.
import type { CategoryName } from '../../../contract.ts';
import { CATALOGUE } from '../data/catalogue.ts';
import { median } from '../median.ts';
import { FACTORS, type EmissionFactor } from './factors.ts';

// Zero-factor keys that are still eaten: supplements count 0 kg because no cited factor exists.
const EATEN_WITHOUT_FACTOR = new Set(['supplement']);

/** A line that is bought but not eaten (fuel, batteries, bags, detergents): 0 kg CO2e of food. */
export function isNotFood(productKey: string): boolean {
  const info = CATALOGUE.keys.get(productKey);
  return info?.category === 'Other' && FACTORS.get(productKey)?.kgCo2ePerKg === 0 && !EATEN_WITHOUT_FACTOR.has(productKey);
}

function buildMedians(): ReadonlyMap<CategoryName, EmissionFactor> {
  const byCategory = new Map<CategoryName, number[]>();
  for (const info of CATALOGUE.keys.values()) {
    const factor = FACTORS.get(info.key)?.kgCo2ePerKg;
    // Food keys only: a guessed line is a food we could not name, not a bag.
    if (factor === undefined || factor === 0) continue;
    byCategory.set(info.category, [...(byCategory.get(info.category) ?? []), factor]);
  }
  const medians = new Map<CategoryName, EmissionFactor>();
  for (const [category, factors] of byCategory) {
    const value = Math.round((median(factors) ?? 0) * 1000) / 1000;
    medians.set(category, {
      key: `median:${category}`,
      kgCo2ePerKg: value,
      source: `Median of the ${factors.length} cited factors of ${category} in this table (the item's name was not recognised)`,
    });
  }
  return medians;
}

const MEDIANS = buildMedians();

export function categoryMedianFactor(category: CategoryName): EmissionFactor {
  const factor = MEDIANS.get(category);
  if (!factor) throw new Error(`No factors for category ${category}`);
  return factor;
}
