// The swap rules: the heaviest items, a lower-carbon alternative from the cited factor table,
// the saving for this receipt, largest first.
import { describe, expect, it } from 'vitest';
import type { AnalysisItem } from '../../../src/contract.ts';
import { FACTORS } from '../../../src/server/pipeline/emissions/factors.ts';
import { MAX_SWAPS, MIN_SAVING_KG, SWAPS, SWAP_CANDIDATES, buildSwapTable, swapsFor } from '../../../src/server/pipeline/emissions/swaps.ts';

function keyed(productKey: string, weight: number, name = productKey) {
  const factor = FACTORS.get(productKey)!;
  const item: AnalysisItem = {
    name,
    category: 'Other',
    weight,
    emissions: Math.round(weight * factor.kgCo2ePerKg * 1000) / 1000,
    price: 1,
    factor: factor.kgCo2ePerKg,
    factor_source: factor.source,
  };
  return { item, productKey };
}

describe('swap table', () => {
  it('points every rule at a cited, lower-carbon row named in three languages', () => {
    expect(SWAPS.size).toBeGreaterThan(20);
    for (const [from, rule] of SWAPS) {
      expect(rule.to.kgCo2ePerKg).toBeLessThan(FACTORS.get(from)!.kgCo2ePerKg);
      expect(rule.to.source).toMatch(/\S/);
      expect(rule.name.fi && rule.name.sv && rule.name.en).toBeTruthy();
    }
  });

  it('refuses a rule that would raise the footprint', () => {
    const rows = [{ from_key: 'oat-drink', to_key: 'milk-whole', to_en: 'milk', to_fi: 'maito', to_sv: 'mjölk' }];
    expect(() => buildSwapTable(rows, FACTORS)).toThrow(/not lower-carbon/);
  });
});

describe('swapsFor', () => {
  it('quantifies beef mince → plant protein mince for the same 400 g', () => {
    const [swap] = swapsFor([keyed('beef-mince', 0.4, 'Naudan jauheliha 400g')]);
    expect(swap!.to.key).toBe('meat-substitute');
    expect(swap!.weight).toBe(0.4);
    expect(swap!.saving).toBeCloseTo(0.4 * (35.693 - 1.959), 3);
    expect(swap!.from.factor_source).toMatch(/#6254/);
    expect(swap!.to.factor_source).toMatch(/#30181/);
  });

  it('orders by saving, keeps at most MAX_SWAPS, and looks only at the heaviest items', () => {
    const items = [
      keyed('milk-semi-skimmed', 1.5),
      keyed('butter', 0.5),
      keyed('beef-mince', 0.4),
      keyed('cream', 0.2),
      keyed('cheese-hard', 3),
      keyed('lamb', 1),
      keyed('tofu', 5),
    ];
    const swaps = swapsFor(items);
    expect(swaps.length).toBeLessThanOrEqual(MAX_SWAPS);
    expect(swaps.map((swap) => swap.item_index)).toEqual([5, 2, 1]);
    // Cream (0.75 kg CO2e) is not among the SWAP_CANDIDATES heaviest items.
    expect(SWAP_CANDIDATES).toBeLessThan(items.length);
    expect(swapsFor(items.slice(3, 4))[0]?.item_index).toBe(0);
  });

  it('leaves out savings too small to matter and items without a rule', () => {
    expect(swapsFor([keyed('milk-skimmed', 0.1)])).toEqual([]);
    expect(0.1 * (0.9 - 0.566)).toBeLessThan(MIN_SAVING_KG);
    expect(swapsFor([keyed('potato', 2), keyed('tofu', 1)])).toEqual([]);
  });
});
