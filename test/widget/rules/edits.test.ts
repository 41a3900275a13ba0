// The edit rules: a visitor's change → the item list the backend recalculates.
import { describe, expect, it } from 'vitest';
import type { AnalysisItem } from '../../../src/contract.ts';
import { amountOf, applyEdit, keysAfterEdit, parseAmount, requestItemOf, unitsFor } from '../../../src/widget/rules/edits.ts';
import { analysis } from '../support/fixtures.ts';

const eggs: AnalysisItem = {
  name: 'Kananmuna 10kpl',
  category: 'Eggs',
  weight: 1.2,
  emissions: 2,
  price: 3.29,
  quantity: 2,
  piece_weight: 0.6,
  weight_estimated: false,
};

describe('parseAmount', () => {
  it('reads comma and point decimals in g and kg', () => {
    expect(parseAmount('400', 'g')).toEqual({ unit: 'g', value: 400 });
    expect(parseAmount(' 0,45 ', 'kg')).toEqual({ unit: 'kg', value: 0.45 });
    expect(parseAmount('1.5', 'kg')).toEqual({ unit: 'kg', value: 1.5 });
  });

  it('refuses empty, zero, negative, absurd and malformed amounts', () => {
    for (const bad of ['', '0', '-1', 'abc', '1,2,3', '101', '1e3']) expect(parseAmount(bad, 'kg')).toBeNull();
    expect(parseAmount('100001', 'g')).toBeNull();
    expect(parseAmount('0.5', 'g')).toBeNull();
  });

  it('takes whole pieces from 1 to 100 only', () => {
    expect(parseAmount('3', 'pcs')).toEqual({ unit: 'pcs', value: 3 });
    expect(parseAmount('1,5', 'pcs')).toBeNull();
    expect(parseAmount('0', 'pcs')).toBeNull();
    expect(parseAmount('101', 'pcs')).toBeNull();
  });
});

describe('units and shown amounts', () => {
  it('offers pieces only where a typical piece weight exists', () => {
    expect(unitsFor(eggs)).toEqual(['g', 'kg', 'pcs']);
    expect(unitsFor({})).toEqual(['g', 'kg']);
  });

  it('shows counted items in pieces, light ones in grams, heavy ones in kg', () => {
    expect(amountOf(eggs)).toEqual({ unit: 'pcs', value: 2 });
    expect(amountOf(analysis().items[0]!)).toEqual({ unit: 'g', value: 400 });
    expect(amountOf({ ...analysis().items[0]!, weight: 2.5 })).toEqual({ unit: 'kg', value: 2.5 });
  });
});

describe('applyEdit', () => {
  const result = analysis({
    metadata: {
      processed_at: '',
      processing_method: 'ocr',
      items_found: 5,
      reconciliation: { printed_total: 46.9, computed_total: 46.9, difference: 0, status: 'match' },
    },
  });

  it('sends unchanged items back as read: counted ones by count, others by kg', () => {
    expect(requestItemOf(eggs)).toEqual({ name: eggs.name, category: 'Eggs', price: 3.29, quantity: 2 });
    expect(requestItemOf(result.items[0]!)).toEqual({ name: result.items[0]!.name, category: 'Red Meat', price: 5.49, weight: 0.4 });
    expect(requestItemOf({ ...result.items[0]!, edited: true }).edited).toBe(true);
  });

  it('changes one category and marks only that item edited, keeping store, method and other lines', () => {
    const request = applyEdit(result, { type: 'category', index: 4, category: 'Processed Food' });
    expect(request.items).toHaveLength(5);
    expect(request.items[4]).toMatchObject({ category: 'Processed Food', edited: true });
    expect(request.items.filter((item) => item.edited)).toHaveLength(1);
    expect(request.store_info).toEqual(result.store_info);
    expect(request.processing_method).toBe('ocr');
    expect(request.other_lines_total).toBeCloseTo(0.4, 2);
  });

  it('sets an amount in grams as kg, or in pieces as a count without a weight', () => {
    const grams = applyEdit(result, { type: 'amount', index: 0, amount: { unit: 'g', value: 800 } });
    expect(grams.items[0]).toMatchObject({ weight: 0.8, edited: true });
    expect(grams.items[0]).not.toHaveProperty('quantity');
    const pieces = applyEdit({ ...result, items: [eggs] }, { type: 'amount', index: 0, amount: { unit: 'pcs', value: 3 } });
    expect(pieces.items[0]).toMatchObject({ quantity: 3, edited: true });
    expect(pieces.items[0]).not.toHaveProperty('weight');
  });

  it('removes one item, and adds one by name without a category so the backend classifies it', () => {
    const removed = applyEdit(result, { type: 'remove', index: 1 });
    expect(removed.items.map((item) => item.name)).not.toContain('Valio Oltermanni 500g');
    expect(removed.items).toHaveLength(4);
    const added = applyEdit(result, { type: 'add', name: '  Naudan jauheliha ', amount: { unit: 'g', value: 400 } });
    expect(added.items.at(-1)).toEqual({ name: 'Naudan jauheliha', weight: 0.4, edited: true });
    const bare = applyEdit(result, { type: 'add', name: 'Banaani', amount: null });
    expect(bare.items.at(-1)).toEqual({ name: 'Banaani', edited: true });
  });
});

describe('keysAfterEdit', () => {
  it('drops a removed item’s key, gives an added item the next one, and keeps the rest', () => {
    expect(keysAfterEdit([0, 2, 5], { type: 'remove', index: 1 }, 6)).toEqual([0, 5]);
    expect(keysAfterEdit([0, 2, 5], { type: 'add', name: 'Maito', amount: null }, 6)).toEqual([0, 2, 5, 6]);
    expect(keysAfterEdit([0, 2, 5], { type: 'category', index: 1, category: 'Dairy' }, 6)).toEqual([0, 2, 5]);
    expect(keysAfterEdit([0, 2, 5], { type: 'amount', index: 0, amount: { unit: 'g', value: 400 } }, 6)).toEqual([0, 2, 5]);
  });
});
