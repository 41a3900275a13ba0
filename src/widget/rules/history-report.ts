// What the "My receipts" view shows, computed from the saved summaries: kg per month and per
// category, the average per receipt, and the change of the latest month against the one before.
import { CATEGORY_NAMES, type CategoryName } from '../../contract.ts';
import type { SavedReceipt } from './history.ts';

export interface MonthTotal {
  /** `YYYY-MM` */
  month: string;
  kg: number;
  count: number;
}

/** kg per calendar month, oldest first; months without receipts are left out. */
export function kgPerMonth(receipts: readonly SavedReceipt[]): MonthTotal[] {
  const months = new Map<string, MonthTotal>();
  for (const receipt of receipts) {
    const month = receipt.date.slice(0, 7);
    const total = months.get(month) ?? { month, kg: 0, count: 0 };
    total.kg += receipt.totalKg;
    total.count += 1;
    months.set(month, total);
  }
  return [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
}

/** kg per category over every saved receipt, largest first, categories with nothing left out. */
export function kgPerCategory(receipts: readonly SavedReceipt[]): Array<{ name: CategoryName; kg: number }> {
  return CATEGORY_NAMES.map((name) => ({
    name,
    kg: receipts.reduce((sum, receipt) => sum + (receipt.kgByCategory[name] ?? 0), 0),
  }))
    .filter((row) => row.kg > 0)
    .sort((a, b) => b.kg - a.kg);
}

export function averagePerReceipt(receipts: readonly SavedReceipt[]): number | null {
  if (receipts.length === 0) return null;
  return receipts.reduce((sum, receipt) => sum + receipt.totalKg, 0) / receipts.length;
}

/** The calendar month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  const before = index === 0 ? { year: year - 1, month: 12 } : { year, month: index };
  return `${before.year}-${String(before.month).padStart(2, '0')}`;
}

export interface MonthChange {
  month: string;
  previous: string;
  kg: number;
  previousKg: number;
  /** Signed percent, rounded; positive means a heavier month. */
  percent: number;
}

/** The latest month against the calendar month before it; null when that month has no receipts. */
export function changeFromPreviousMonth(months: readonly MonthTotal[]): MonthChange | null {
  const latest = months.at(-1);
  if (!latest) return null;
  const before = months.find((total) => total.month === previousMonth(latest.month));
  if (!before || before.kg <= 0) return null;
  return {
    month: latest.month,
    previous: before.month,
    kg: latest.kg,
    previousKg: before.kg,
    percent: Math.round(((latest.kg - before.kg) / before.kg) * 100),
  };
}
