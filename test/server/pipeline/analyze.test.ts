// ParsedReceipt → AnalysisResult: emissions = weight × cited factor, totals and categories summed
// from the rounded items, reconciliation against the printed total, and the additive fields.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, drivingKm, treeMonths, type AnalysisResult } from '../../../src/contract.ts';
import { analyzeParsedReceipt } from '../../../src/server/pipeline/analyze.ts';
import { categoryMedianFactor } from '../../../src/server/pipeline/emissions/category-factors.ts';
import { readReceiptText } from '../../../src/server/pipeline/read/index.ts';
import { factorFor } from '../../../src/server/pipeline/emissions/factors.ts';
import { buildReceipt } from '../../../src/server/pipeline/receipt.ts';
import type { ParsedItem, ParsedReceipt } from '../../../src/server/pipeline/types.ts';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';
import { SHARED_RECEIPTS, sharedDataPresent } from '../../../scripts/paths.ts';

const NOW = new Date('2025-11-14T15:42:00Z');

function item(name: string, price: number, extra: Partial<ParsedItem> = {}): ParsedItem {
  return { name, price, quantity: 1, weightKg: null, unitPrice: null, discount: 0, ...extra };
}

function receipt(items: ParsedItem[], extra: Partial<ParsedReceipt> = {}): ParsedReceipt {
  const store = { name: 'K-Market Testikatu', chain: 'K-Market' };
  return { ...buildReceipt({ store, printedTotal: null, items, deposits: 0, returns: 0, fees: 0 }, 'none'), ...extra };
}

const cents = (eur: number): number => Math.round(eur * 100);
const grams = (kg: number): number => Math.round(kg * 1000);

/** The invariants every result must keep, whatever the items. */
function expectConsistent(result: AnalysisResult): void {
  expect(result.metadata.items_found).toBe(result.items.length);
  expect(grams(result.total_emissions)).toBe(result.items.reduce((sum, i) => sum + grams(i.emissions), 0));
  expect(cents(result.total_price)).toBe(result.items.reduce((sum, i) => sum + cents(i.price), 0));
  for (const name of CATEGORY_NAMES) {
    const inCategory = result.items.filter((i) => i.category === name);
    const totals = result.categories[name];
    if (inCategory.length === 0) {
      expect(totals, name).toBeUndefined();
      continue;
    }
    expect(totals?.count).toBe(inCategory.length);
    expect(grams(totals?.emissions ?? -1)).toBe(inCategory.reduce((sum, i) => sum + grams(i.emissions), 0));
    expect(cents(totals?.price ?? -1)).toBe(inCategory.reduce((sum, i) => sum + cents(i.price), 0));
  }
  for (const line of result.items) {
    // Rounded to the gram: within half a gram of weight × factor.
    expect(Math.abs(line.emissions - line.weight * (line.factor ?? Number.NaN))).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(line.factor_source).toBeTruthy();
    expect(['high', 'medium', 'low']).toContain(line.confidence);
    expect(grams(line.weight) / 1000).toBe(line.weight);
    expect(grams(line.emissions) / 1000).toBe(line.emissions);
  }
  expect(result.summary.driving_equivalent_km).toBeCloseTo(drivingKm(result.total_emissions), 1);
  expect(result.summary.tree_months_absorption).toBeCloseTo(treeMonths(result.total_emissions), 1);
}

describe('analyzeParsedReceipt', () => {
  it('multiplies each weight by its cited factor and sums per category', () => {
    const result = analyzeParsedReceipt(
      receipt([
        item('Pirkka naudan jauheliha 10% 400g', 5.49),
        item('KEVYTMAITO 1L', 1.05, { quantity: 2 }),
        item('BANAANI', 0.98, { quantity: null, weightKg: 0.52 }),
        item('MUOVIKASSI', 0.25),
      ]),
      { method: 'text', now: NOW },
    );
    const [mince, milk, banana, bag] = result.items;
    expect(mince).toMatchObject({ category: 'Red Meat', weight: 0.4, weight_estimated: false, quantity: 1, price: 5.49 });
    expect(mince?.factor).toBe(factorFor('beef-mince').kgCo2ePerKg);
    expect(mince?.factor_source).toBe('Agribalyse 3.1 #6254 Beef, minced steak, 15% fat, raw (cradle to retail)');
    expect(mince?.emissions).toBeCloseTo(0.4 * factorFor('beef-mince').kgCo2ePerKg, 3);
    expect(milk).toMatchObject({ category: 'Dairy', weight: 2, quantity: 2 });
    expect(banana).toMatchObject({ category: 'Fruits', weight: 0.52, weight_estimated: false });
    expect(bag).toMatchObject({ category: 'Other', emissions: 0, factor: 0 });
    expect(result.categories['Red Meat']).toEqual({ count: 1, emissions: mince?.emissions, price: 5.49 });
    expect(result.categories.Other).toEqual({ count: 1, emissions: 0, price: 0.25 });
    expect(Object.keys(result.categories).sort()).toEqual(['Dairy', 'Fruits', 'Other', 'Red Meat']);
    expect(result.total_price).toBe(7.77);
    expectConsistent(result);
  });

  it('keeps totals equal to the sum of the rounded items, even with many thirds', () => {
    const items = Array.from({ length: 7 }, (_, i) => item(`TOMAATTI ${i}`, 1 / 3, { quantity: null, weightKg: 1 / 3 }));
    const result = analyzeParsedReceipt(receipt(items), { method: 'text', now: NOW });
    expect(result.items.every((line) => line.weight === 0.333 && line.price === 0.33)).toBe(true);
    expect(result.total_price).toBe(2.31);
    expectConsistent(result);
  });

  it('marks typical pack weights as estimated', () => {
    const result = analyzeParsedReceipt(receipt([item('RAEJUUSTO', 1.75, { quantity: 2 })]), { method: 'text', now: NOW });
    expect(result.items[0]).toMatchObject({ weight_estimated: true, quantity: 2, category: 'Dairy' });
    expect(result.items[0]?.weight).toBeGreaterThan(0);
  });

  it('reconciles items, deposits and fees minus returns against the printed total', () => {
    const items = [item('Coca-Cola 1,5L', 2.79), item('MUOVIKASSI', 0.25)];
    const match = analyzeParsedReceipt(receipt(items, { printedTotal: 3.64, deposits: 0.4, fees: 0.4, returns: 0.2 }), { method: 'text', now: NOW });
    expect(match.metadata.reconciliation).toEqual({ printed_total: 3.64, computed_total: 3.64, difference: 0, status: 'match' });
    const close = analyzeParsedReceipt(receipt(items, { printedTotal: 3.06 }), { method: 'text', now: NOW });
    expect(close.metadata.reconciliation).toMatchObject({ difference: -0.02, status: 'match' });
    const off = analyzeParsedReceipt(receipt(items, { printedTotal: 10 }), { method: 'text', now: NOW });
    expect(off.metadata.reconciliation).toMatchObject({ computed_total: 3.04, difference: -6.96, status: 'mismatch' });
    const none = analyzeParsedReceipt(receipt(items), { method: 'text', now: NOW });
    expect(none.metadata.reconciliation).toEqual({ printed_total: null, computed_total: 3.04, difference: null, status: 'no-total' });
  });

  it('passes store, method, clock and warnings through', () => {
    const result = analyzeParsedReceipt(receipt([item('KURKKU', 1)], { printedTotal: 1, date: '2025-11-14', notices: [{ code: 'total-not-found', message: 'Parser noticed something.' }] }), {
      method: 'openai-text',
      now: NOW,
      notices: [{ code: 'ai-unavailable', message: 'The AI reader was unavailable, so the receipt was read with the built-in reader.' }],
    });
    expect(result.store_info).toEqual({ name: 'K-Market Testikatu', total: 1, chain: 'K-Market', date: '2025-11-14' });
    expect(result.metadata.processing_method).toBe('openai-text');
    expect(result.metadata.processed_at).toBe('2025-11-14T15:42:00.000Z');
    expect(result.metadata.notices?.map((notice) => notice.code)).toEqual(['total-not-found', 'ai-unavailable']);
    expect(result.metadata.warnings).toEqual([
      'Parser noticed something.',
      'The AI reader was unavailable, so the receipt was read with the built-in reader.',
    ]);
  });

  it('uses the upstream category hint when the lexicon is unsure, never against a sure reading', () => {
    const result = analyzeParsedReceipt(
      receipt([item('XQZY 200G', 3, { categoryHint: 'Fish' }), item('KEVYTMAITO', 1, { categoryHint: 'Beverages' })]),
      { method: 'openai-vision', now: NOW },
    );
    expect(result.items[0]).toMatchObject({ category: 'Fish', confidence: 'medium', weight: 0.2 });
    expect(result.items[1]).toMatchObject({ category: 'Dairy', confidence: 'high' });
    expectConsistent(result);
  });

  it('answers an empty receipt with zeros, not an error', () => {
    const result = analyzeParsedReceipt(receipt([]), { method: 'ocr', now: NOW });
    expect(result).toMatchObject({ total_emissions: 0, total_price: 0, categories: {}, items: [] });
    expect(result.metadata.items_found).toBe(0);
    expectConsistent(result);
  });

  it('reads the widget sample receipt into consistent numbers with red meat on top', () => {
    const result = analyzeParsedReceipt(readReceiptText(SAMPLE_RECEIPT_TEXT), { method: 'text', now: NOW });
    expect(result.items.length).toBeGreaterThan(5);
    expectConsistent(result);
    const top = Object.entries(result.categories).sort((a, b) => b[1].emissions - a[1].emissions)[0];
    expect(top?.[0]).toBe('Red Meat');
  });
});

const receiptsDir = SHARED_RECEIPTS;

describe.skipIf(!sharedDataPresent(receiptsDir, 'analysis of the real receipt texts'))('on the real receipts of the shared data', () => {
  it('keeps every result consistent', () => {
    const dirs = ['text', 'text_from_pdf'].map((d) => resolve(receiptsDir, d)).filter(existsSync);
    const files = dirs.flatMap((dir) => readdirSync(dir).map((file) => resolve(dir, file)));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const result = analyzeParsedReceipt(readReceiptText(readFileSync(file, 'utf8')), { method: 'text', now: NOW });
      expectConsistent(result);
    }
  });
});

describe('ranges in the analysis', () => {
  it('puts a range on every item, its factor and the total, around the central figures', () => {
    const result = analyzeParsedReceipt(
      receipt([item('Naudan jauheliha 400g', 1), item('Kevytmaito 1l', 1), item('BANAANI', 1, { quantity: null, weightKg: 0.6 }), item('Muovikassi', 1)]),
      { method: 'text' },
    );
    for (const line of result.items) {
      expect(line.emissions_low, line.name).toBeLessThanOrEqual(line.emissions);
      expect(line.emissions_high, line.name).toBeGreaterThanOrEqual(line.emissions);
      expect(line.factor_low, line.name).toBeLessThanOrEqual(line.factor!);
      expect(line.factor_high, line.name).toBeGreaterThanOrEqual(line.factor!);
    }
    const [mince] = result.items;
    // A printed pack and a sure category: the item's range is its factor's.
    expect(mince!.emissions_low).toBeCloseTo(0.4 * factorFor('beef-mince').low, 3);
    expect(mince!.emissions_high).toBeCloseTo(0.4 * factorFor('beef-mince').high, 3);
    expect(result.items[3]).toMatchObject({ emissions: 0, emissions_low: 0, emissions_high: 0 });
    expect(result.total_emissions_low).toBeLessThan(result.total_emissions);
    expect(result.total_emissions_high).toBeGreaterThan(result.total_emissions);
    // Independent products: narrower than the sum of the items' lows and highs.
    const sumHigh = result.items.reduce((sum, line) => sum + (line.emissions_high ?? 0), 0);
    expect(result.total_emissions_high).toBeLessThan(sumHigh);
  });

  it('widens an item whose weight is a typical pack’s, and gives one known only by its category the category’s median and range', () => {
    // A weighed line nothing names is uncertain, guessed as produce of unknown kind.
    const result = analyzeParsedReceipt(receipt([item('Naudan jauheliha', 1), item('Qwzx Blorp Zzk', 1, { quantity: null, weightKg: 0.5 })]), { method: 'text', now: NOW });
    const [typical, unknown] = result.items;
    expect(typical!.weight_estimated).toBe(true);
    expect(typical!.emissions_high! / typical!.emissions).toBeGreaterThan(factorFor('beef-mince').high / factorFor('beef-mince').kgCo2ePerKg);
    expect(unknown).toMatchObject({ uncertain: true, category: 'Vegetables' });
    const median = categoryMedianFactor(unknown!.category);
    expect(unknown).toMatchObject({ factor: median.kgCo2ePerKg, factor_low: median.low, factor_high: median.high });
  });
});
