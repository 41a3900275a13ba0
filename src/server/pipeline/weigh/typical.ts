// Typical weights when nothing is printed: the product key's own pack weight when the key names a
// product; the category's median pack weight when only the category is known (the model placed
// the name, or nothing did).
import type { CategoryName } from '../../../contract.ts';
import { CATALOGUE } from '../data/catalogue.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const BY_CATEGORY: ReadonlyMap<CategoryName, number> = (() => {
  const lists = new Map<CategoryName, number[]>();
  for (const info of CATALOGUE.keys.values()) lists.set(info.category, [...(lists.get(info.category) ?? []), info.typicalKg]);
  return new Map([...lists].map(([category, weights]) => [category, median(weights)]));
})();

export function categoryTypicalKg(category: CategoryName): number {
  return BY_CATEGORY.get(category) ?? 0.3;
}

export function keyTypicalKg(productKey: string): number {
  return CATALOGUE.get(productKey).typicalKg;
}
