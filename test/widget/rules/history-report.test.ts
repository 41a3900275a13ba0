// The figures of the "My receipts" view, from saved summaries.
import { describe, expect, it } from 'vitest';
import {
  averagePerReceipt,
  changeFromPreviousMonth,
  kgPerCategory,
  kgPerMonth,
  previousMonth,
} from '../../../src/widget/rules/history-report.ts';
import type { SavedReceipt } from '../../../src/widget/rules/history.ts';

const saved = (date: string, totalKg: number, kgByCategory: SavedReceipt['kgByCategory'] = {}): SavedReceipt => ({
  id: date + totalKg,
  date,
  store: null,
  totalKg,
  kgByCategory,
  itemCount: 1,
  priceTotal: 1,
});

describe('history figures', () => {
  const receipts = [
    saved('2025-11-02', 10, { Dairy: 4, 'Red Meat': 6 }),
    saved('2025-10-30', 20, { 'Red Meat': 20 }),
    saved('2025-11-28', 5, { Vegetables: 1, Dairy: 4 }),
  ];

  it('kg per month, oldest first, and per category, largest first', () => {
    expect(kgPerMonth(receipts)).toEqual([
      { month: '2025-10', kg: 20, count: 1 },
      { month: '2025-11', kg: 15, count: 2 },
    ]);
    expect(kgPerCategory(receipts)).toEqual([
      { name: 'Red Meat', kg: 26 },
      { name: 'Dairy', kg: 8 },
      { name: 'Vegetables', kg: 1 },
    ]);
  });

  it('average per receipt', () => {
    expect(averagePerReceipt(receipts)).toBeCloseTo(35 / 3);
    expect(averagePerReceipt([])).toBeNull();
  });

  it('change of the latest month against the calendar month before it', () => {
    expect(changeFromPreviousMonth(kgPerMonth(receipts))).toEqual({
      month: '2025-11',
      previous: '2025-10',
      kg: 15,
      previousKg: 20,
      percent: -25,
    });
    // A gap month means no previous month to compare with.
    expect(changeFromPreviousMonth(kgPerMonth([saved('2025-08-01', 1), saved('2025-10-01', 2)]))).toBeNull();
    expect(changeFromPreviousMonth([])).toBeNull();
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2025-10')).toBe('2025-09');
  });
});
