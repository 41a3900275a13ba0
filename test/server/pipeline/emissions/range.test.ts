// Ranges: an item's from its factor's, widened by an estimated weight and an unsure category; a
// receipt's from its items', adding within a product and combining across products as independent.
import { describe, expect, it } from 'vitest';
import { analyzeParsedReceipt } from '../../../../src/server/pipeline/analyze.ts';
import { categoryMedianFactor } from '../../../../src/server/pipeline/emissions/category-factors.ts';
import { factorFor } from '../../../../src/server/pipeline/emissions/factors.ts';
import { ESTIMATED_WEIGHT_SPREAD, itemRange, totalRange } from '../../../../src/server/pipeline/emissions/range.ts';
import { reconcile } from '../../../../src/server/pipeline/money.ts';
import type { ParsedItem, ParsedReceipt } from '../../../../src/server/pipeline/types.ts';

const factor = { kgCo2ePerKg: 2, low: 1, high: 4 };

describe('itemRange', () => {
  it('is the factor’s range for a printed weight and a sure category', () => {
    expect(itemRange({ emissions: 1, factor, weightEstimated: false, confidence: 'high' })).toEqual({ low: 0.5, high: 2 });
  });

  it('widens with an estimated weight and an unsure category, as independent errors on a log scale', () => {
    const sure = itemRange({ emissions: 1, factor, weightEstimated: false, confidence: 'high' });
    const estimated = itemRange({ emissions: 1, factor, weightEstimated: true, confidence: 'high' });
    const unsure = itemRange({ emissions: 1, factor, weightEstimated: false, confidence: 'medium' });
    const both = itemRange({ emissions: 1, factor, weightEstimated: true, confidence: 'low' });
    expect(estimated.high).toBeGreaterThan(sure.high);
    expect(estimated.low).toBeLessThan(sure.low);
    expect(unsure.high).toBeGreaterThan(sure.high);
    expect(both.high).toBeGreaterThan(Math.max(estimated.high, unsure.high));
    // Root of the sum of squares: wider than either part, narrower than their product.
    const expected = Math.exp(Math.hypot(Math.log(2), Math.log(ESTIMATED_WEIGHT_SPREAD)));
    expect(estimated.high).toBeCloseTo(expected, 3);
    expect(estimated.high).toBeLessThan(2 * ESTIMATED_WEIGHT_SPREAD);
  });

  it('is zero for what is not food', () => {
    expect(itemRange({ emissions: 0, factor: { kgCo2ePerKg: 0, low: 0, high: 0 }, weightEstimated: true, confidence: 'low' })).toEqual({ low: 0, high: 0 });
  });
});

describe('totalRange', () => {
  const item = (group: string, emissions: number, low: number, high: number) => ({ group, emissions, low, high });

  it('is the item’s own range for one item', () => {
    expect(totalRange([item('a', 2, 1, 4)])).toEqual({ low: 1, high: 4 });
  });

  it('adds the errors of one product’s items, which share its factor', () => {
    expect(totalRange([item('mince', 2, 1, 4), item('mince', 2, 1, 4)])).toEqual({ low: 2, high: 8 });
  });

  it('combines different products’ errors as independent: narrower than summing lows and highs', () => {
    const range = totalRange([item('mince', 2, 1, 4), item('milk', 2, 1, 4)]);
    expect(range.low).toBeCloseTo(4 - Math.SQRT2, 3);
    expect(range.high).toBeCloseTo(4 + 2 * Math.SQRT2, 3);
    expect(range.low).toBeGreaterThan(2);
    expect(range.high).toBeLessThan(8);
  });

  it('never goes below zero and is zero for nothing', () => {
    expect(totalRange([])).toEqual({ low: 0, high: 0 });
    expect(totalRange([item('a', 1, 0, 3)]).low).toBe(0);
  });
});

function receipt(items: ParsedItem[]): ParsedReceipt {
  return {
    reconciliation: reconcile({ printedCents: null, itemCents: 0, depositCents: 0, feeCents: 0, returnCents: 0 }),
    notices: [],
    store: { name: null, chain: null },
    printedTotal: null,
    items,
    deposits: 0,
    returns: 0,
    fees: 0,
    vatTableTotal: null,
    warnings: [],
  };
}
const line = (name: string, extra: Partial<ParsedItem> = {}): ParsedItem => ({
  name,
  price: 1,
  quantity: 1,
  weightKg: null,
  unitPrice: null,
  discount: 0,
  ...extra,
});

describe('ranges in the analysis', () => {
  it('puts a range on every item, its factor and the total, around the central figures', () => {
    const result = analyzeParsedReceipt(
      receipt([line('Naudan jauheliha 400g'), line('Kevytmaito 1l'), line('BANAANI', { quantity: null, weightKg: 0.6 }), line('Muovikassi')]),
      { method: 'text' },
    );
    for (const item of result.items) {
      expect(item.emissions_low, item.name).toBeLessThanOrEqual(item.emissions);
      expect(item.emissions_high, item.name).toBeGreaterThanOrEqual(item.emissions);
      expect(item.factor_low, item.name).toBeLessThanOrEqual(item.factor!);
      expect(item.factor_high, item.name).toBeGreaterThanOrEqual(item.factor!);
    }
    const [mince] = result.items;
    // A printed pack and a sure category: the item's range is its factor's.
    expect(mince!.emissions_low).toBeCloseTo(0.4 * factorFor('beef-mince').low, 3);
    expect(mince!.emissions_high).toBeCloseTo(0.4 * factorFor('beef-mince').high, 3);
    expect(result.items[3]).toMatchObject({ emissions: 0, emissions_low: 0, emissions_high: 0 });
    expect(result.total_emissions_low).toBeLessThan(result.total_emissions);
    expect(result.total_emissions_high).toBeGreaterThan(result.total_emissions);
    // Independent products: narrower than the sum of the items' lows and highs.
    const sumHigh = result.items.reduce((sum, item) => sum + (item.emissions_high ?? 0), 0);
    expect(result.total_emissions_high).toBeLessThan(sumHigh);
  });

  it('widens an item whose weight is a typical pack’s, and gives one known only by its category the category’s median and range', () => {
    // A weighed line nothing names is produce of unknown kind (a weak cue).
    const result = analyzeParsedReceipt(receipt([line('Naudan jauheliha'), line('Qwzx Blorp Zzk', { quantity: null, weightKg: 0.5 })]), {
      method: 'text',
    });
    const [typical, unknown] = result.items;
    expect(typical!.weight_estimated).toBe(true);
    expect(typical!.emissions_high! / typical!.emissions).toBeGreaterThan(factorFor('beef-mince').high / factorFor('beef-mince').kgCo2ePerKg);
    expect(unknown).toMatchObject({ uncertain: true, category: 'Vegetables' });
    const median = categoryMedianFactor(unknown!.category);
    expect(unknown).toMatchObject({ factor: median.kgCo2ePerKg, factor_low: median.low, factor_high: median.high });
  });
});
