// The store is a cue: a store that sells one kind of goods leans its lines' categories, through
// the model, and never outweighs a name that says what it is.
import { describe, expect, it } from 'vitest';
import { analyzeParsedReceipt } from '../../../../src/server/pipeline/analyze.ts';
import { classifyName } from '../../../../src/server/pipeline/classify/classify.ts';
import { storeKindOf } from '../../../../src/server/pipeline/classify/store-kind.ts';
import { buildReceipt } from '../../../../src/server/pipeline/receipt.ts';
import type { ParsedItem, ParsedReceipt } from '../../../../src/server/pipeline/types.ts';

describe('the kind of a store', () => {
  it('is read from the printed store name or chain', () => {
    expect(storeKindOf('Alko Helsinki Arkadia', null)).toBe('alcohol');
    expect(storeKindOf('ALKO 2107 TAMPERE', null)).toBe('alcohol');
    expect(storeKindOf('Neste Express Kuopio', null)).toBe('fuel');
    expect(storeKindOf('ST1 Vantaa Tikkurila', null)).toBe('fuel');
    expect(storeKindOf('Teboil Kannus', null)).toBe('fuel');
    expect(storeKindOf('Yliopiston Apteekki Kamppi', null)).toBe('pharmacy');
    expect(storeKindOf('Hervannan apteekki', null)).toBe('pharmacy');
    expect(storeKindOf('R-kioski Kamppi', 'R-kioski')).toBe('kiosk');
  });

  it('says nothing of a grocery or of a name merely containing the letters', () => {
    expect(storeKindOf('K-Citymarket Tampere Turtola', 'K-Citymarket')).toBeUndefined();
    expect(storeKindOf('Prisma Lielahti', 'Prisma')).toBeUndefined();
    expect(storeKindOf('Alkon tie 4 Lidl', 'Lidl')).toBeUndefined();
    expect(storeKindOf(null, null)).toBeUndefined();
  });
});

const item = (name: string): ParsedItem => ({ name, price: 9.9, quantity: 1, weightKg: null, unitPrice: null, discount: 0 });

function receiptAt(store: string, names: string[]): ParsedReceipt {
  return buildReceipt({ store: { name: store, chain: null }, printedTotal: null, items: names.map(item), deposits: 0, returns: 0, fees: 0 }, 'none');
}

describe('lines of a store that sells one kind of goods', () => {
  // Wine names of no Finnish food word: a maker, a grape, a region.
  const WINES = ['Cono Sur Bicicleta Pinot Noir', 'Appassimento Rosso Puglia', "Jacob's Creek Shiraz", 'Tomme de Savoie Chardonnay'];

  it('lean to what the store sells: an Alko line is a drink', () => {
    for (const name of WINES) expect(classifyName(name, { store: 'alcohol' }).category, name).toBe('Beverages');
    // Read without the store, the same names are guesses, some of them wrong.
    expect(WINES.every((name) => classifyName(name).uncertain)).toBe(true);
    expect(WINES.filter((name) => classifyName(name).category !== 'Beverages').length).toBeGreaterThan(0);
  });

  it('keep a line that says what it is', () => {
    expect(classifyName('MUOVIKASSI', { store: 'alcohol' }).category).toBe('Other');
    expect(classifyName('Fazer Sininen maitosuklaalevy 200g', { store: 'pharmacy' }).category).toBe('Processed Food');
    expect(classifyName('Valio kevytmaito 1l', { store: 'fuel' }).category).toBe('Dairy');
  });

  it('are read with the store the receipt names', () => {
    const result = analyzeParsedReceipt(receiptAt('Alko Tampere Koskikeskus', WINES), { method: 'text' });
    expect(result.items.map((line) => line.category)).toEqual(WINES.map(() => 'Beverages'));
  });
});
