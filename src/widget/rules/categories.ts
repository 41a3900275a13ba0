// The category breakdown in display order: by emissions, largest first.
import type { AnalysisResult, CategoryTotals } from '../../contract.ts';

export interface CategoryRow extends CategoryTotals {
  /** As sent by the backend; may be a name this widget does not know yet. */
  name: string;
}

export function sortedCategories(categories: AnalysisResult['categories']): CategoryRow[] {
  return Object.entries(categories as Record<string, CategoryTotals | undefined>)
    .filter((entry): entry is [string, CategoryTotals] => entry[1] !== undefined)
    .map(([name, totals]) => ({ name, ...totals }))
    .sort((a, b) => b.emissions - a.emissions || a.name.localeCompare(b.name));
}
