// Tailored tips from the category breakdown (spec §9). Thresholds are kg CO2e per category.
import type { AnalysisResult, CategoryName } from '../../contract.ts';

export type TipPriority = 'high' | 'medium' | 'low';
export type TipId = 'red-meat' | 'dairy' | 'processed-food' | 'great-job';

export interface Tip {
  id: TipId;
  priority: TipPriority;
  /** Share of the category's emissions a switch could save, in percent; null for praise. */
  savingsPercent: number | null;
  /** kg CO2e that share amounts to on this receipt; null for praise. */
  savingsKg: number | null;
}

interface TipRule {
  id: TipId;
  category: CategoryName;
  /** The tip applies when the category's emissions are above this. */
  aboveKg: number;
  priority: TipPriority;
  savingsPercent: number;
}

export const TIP_RULES: readonly TipRule[] = [
  { id: 'red-meat', category: 'Red Meat', aboveKg: 5, priority: 'high', savingsPercent: 80 },
  { id: 'dairy', category: 'Dairy', aboveKg: 3, priority: 'medium', savingsPercent: 70 },
  { id: 'processed-food', category: 'Processed Food', aboveKg: 2, priority: 'medium', savingsPercent: 40 },
];

export function tipsFor(categories: AnalysisResult['categories']): Tip[] {
  const tips: Tip[] = [];
  for (const rule of TIP_RULES) {
    const emissions = categories[rule.category]?.emissions ?? 0;
    if (emissions > rule.aboveKg) {
      tips.push({
        id: rule.id,
        priority: rule.priority,
        savingsPercent: rule.savingsPercent,
        savingsKg: (emissions * rule.savingsPercent) / 100,
      });
    }
  }
  if (tips.length === 0) tips.push({ id: 'great-job', priority: 'low', savingsPercent: null, savingsKg: null });
  return tips;
}
