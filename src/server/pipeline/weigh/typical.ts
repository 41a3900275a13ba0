// Typical weights when nothing is printed: the product key's own pack weight when the key names a
// product; the category's median pack weight when only the category is known (the model placed
// the name, or nothing did).
import type { CategoryName } from '../../../contract.ts';
import { CATALOGUE } from '../data/catalogue.ts';
import { median } from '../median.ts';

const BY_CATEGORY: ReadonlyMap<CategoryName, number> = (() => {
  const lists = new Map<CategoryName, number[]>();
  for (const info of CATALOGUE.keys.values()) lists.set(info.category, [...(lists.get(info.category) ?? []), info.typicalKg]);
  return new Map([...lists].map(([category, weights]) => [category, median(weights) ?? 0]));
})();

export function categoryTypicalKg(category: CategoryName): number {
  return BY_CATEGORY.get(category) ?? 0.3;
}

export function keyTypicalKg(productKey: string): number {
  return CATALOGUE.get(productKey).typicalKg;
}
