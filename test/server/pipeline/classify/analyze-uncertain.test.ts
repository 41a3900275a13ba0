// What the result says about items the classifier could not place and lines that are not food.
import { describe, expect, it } from 'vitest';
import { analyzeParsedReceipt } from '../../../../src/server/pipeline/analyze.ts';
import { CATALOGUE } from '../../../../src/server/pipeline/data/catalogue.ts';
import { classifyName } from '../../../../src/server/pipeline/classify/classify.ts';
import { categoryMedianFactor } from '../../../../src/server/pipeline/emissions/category-factors.ts';
import { FACTORS, factorFor } from '../../../../src/server/pipeline/emissions/factors.ts';
import { categoryTypicalKg } from '../../../../src/server/pipeline/weigh/typical.ts';
import { buildReceipt } from '../../../../src/server/pipeline/receipt.ts';
import type { ParsedItem } from '../../../../src/server/pipeline/types.ts';

function item(name: string, extra: Partial<ParsedItem> = {}): ParsedItem {
  return { name, price: 2, quantity: 1, weightKg: null, unitPrice: null, discount: 0, ...extra };
}

function analyze(items: ParsedItem[]) {
  const receipt = buildReceipt({ store: { name: null, chain: null }, printedTotal: null, items, deposits: 0, returns: 0, fees: 0 }, 'none');
  return analyzeParsedReceipt(receipt, { method: 'text', now: new Date('2026-01-01T00:00:00Z') });
}

describe('uncertain items', () => {
  it('carry their category\'s median factor, are marked, and are counted', () => {
    const result = analyze([item('KEVYTMAITO 1L'), item('XQZY VORB 123'), item('QWRTZ PLK', { weightKg: 0.5, quantity: null })]);
    const [milk, unknown, weighed] = result.items;
    expect(milk?.uncertain).toBeUndefined();
    expect(unknown).toMatchObject({ uncertain: true, confidence: 'low' });
    // A guess of Other stands for the unnamed non-food key (0 kg); any other guess for its category's median.
    expect(unknown?.factor).toBe(unknown?.not_food ? 0 : categoryMedianFactor(unknown!.category).kgCo2ePerKg);
    expect(weighed).toMatchObject({ uncertain: true, category: 'Vegetables', weight: 0.5, weight_estimated: false });
    expect(weighed?.factor).toBe(categoryMedianFactor('Vegetables').kgCo2ePerKg);
    expect(result.metadata.uncertain_items).toBe(2);
  });

  it('no longer books an unknown line as a ready meal with its full factor', () => {
    const [unknown] = analyze([item('XQZY VORB 123')]).items;
    expect(unknown?.factor).not.toBe(factorFor('meal').kgCo2ePerKg);
  });

  it('uses medians that lie among the category\'s own factors', () => {
    for (const category of ['Red Meat', 'Dairy', 'Vegetables', 'Processed Food'] as const) {
      const factors = [...CATALOGUE.keys.values()].filter((info) => info.category === category).map((info) => FACTORS.get(info.key)?.kgCo2ePerKg ?? 0);
      const median = categoryMedianFactor(category).kgCo2ePerKg;
      expect(median).toBeGreaterThanOrEqual(Math.min(...factors));
      expect(median).toBeLessThanOrEqual(Math.max(...factors));
    }
  });
});

describe('non-food lines', () => {
  it('count 0 kg of food CO2e and are marked not food', () => {
    const result = analyze([item('BE 95 E10', { price: 60 }), item('VARTA AA 4KPL'), item('RUISLEIPÄ 500G')]);
    const [fuel, battery, bread] = result.items;
    expect(fuel).toMatchObject({ category: 'Other', emissions: 0, not_food: true });
    expect(battery).toMatchObject({ category: 'Other', emissions: 0, not_food: true });
    expect(bread?.not_food).toBeUndefined();
    expect(result.total_emissions).toBe(bread?.emissions);
  });
});

describe('weights without a printed one', () => {
  it('come from the product key when the lexicon named the product', () => {
    const [ham] = analyze([item('KINKKU')]).items;
    expect(ham).toMatchObject({ weight: CATALOGUE.get('ham').typicalKg, weight_estimated: true });
  });

  it('come from the category when only the model placed the name, times the count', () => {
    const reading = classifyName('Wigren kotimainen meetwursti');
    expect(reading.source).toBe('model');
    const [sausage] = analyze([item('Wigren kotimainen meetwursti', { quantity: 2 })]).items;
    expect(sausage?.weight).toBeCloseTo(categoryTypicalKg(reading.category) * 2, 3);
    expect(sausage?.weight_estimated).toBe(true);
  });
});
