// Ranges: an item's from its factor's, widened by an estimated weight and an unsure category; a
// receipt's from its items', adding within a product and combining across products as independent.
// The ranges in a whole analysis: ../analyze.test.ts.
import { describe, expect, it } from 'vitest';
import { ESTIMATED_WEIGHT_SPREAD, itemRange, totalRange } from '../../../../src/server/pipeline/emissions/range.ts';

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
