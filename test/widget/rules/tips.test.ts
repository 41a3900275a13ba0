import { describe, expect, it } from 'vitest';
import { tipsFor } from '../../../src/widget/rules/tips.ts';

const totals = (emissions: number) => ({ count: 1, emissions, price: 1 });

describe('tipsFor', () => {
  it('gives a high-priority red meat tip (80 %) above 5 kg', () => {
    const [tip, ...rest] = tipsFor({ 'Red Meat': totals(5.01) });
    expect(rest).toEqual([]);
    expect(tip).toMatchObject({ id: 'red-meat', priority: 'high', savingsPercent: 80 });
    expect(tip?.savingsKg).toBeCloseTo(4.008, 6);
  });

  it('gives a medium dairy tip (70 %) above 3 kg', () => {
    expect(tipsFor({ Dairy: totals(4) })).toEqual([
      { id: 'dairy', priority: 'medium', savingsPercent: 70, savingsKg: 2.8 },
    ]);
  });

  it('gives a medium processed food tip (40 %) above 2 kg', () => {
    expect(tipsFor({ 'Processed Food': totals(2.5) })).toEqual([
      { id: 'processed-food', priority: 'medium', savingsPercent: 40, savingsKg: 1 },
    ]);
  });

  it('gives all three in priority order when all thresholds are passed', () => {
    const tips = tipsFor({ 'Processed Food': totals(3), Dairy: totals(3.5), 'Red Meat': totals(9) });
    expect(tips.map((tip) => [tip.id, tip.priority])).toEqual([
      ['red-meat', 'high'],
      ['dairy', 'medium'],
      ['processed-food', 'medium'],
    ]);
  });

  it('treats the thresholds as strict: exactly 5, 3 and 2 kg earn praise instead', () => {
    expect(tipsFor({ 'Red Meat': totals(5), Dairy: totals(3), 'Processed Food': totals(2) })).toEqual([
      { id: 'great-job', priority: 'low', savingsPercent: null, savingsKg: null },
    ]);
  });

  it('praises a basket with none of the three categories', () => {
    expect(tipsFor({ Vegetables: totals(20) }).map((tip) => tip.id)).toEqual(['great-job']);
    expect(tipsFor({}).map((tip) => tip.priority)).toEqual(['low']);
  });
});
