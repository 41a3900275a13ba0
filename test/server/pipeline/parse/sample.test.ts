// The widget's built-in sample must parse exactly: the demo shows these numbers.
import { describe, expect, it } from 'vitest';
import { parseText } from '../../../../src/server/pipeline/parse/index.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';
import { SAMPLE_RECEIPT_TEXT } from '../../../../src/sample-receipt.ts';

describe('the widget sample receipt', () => {
  const parsed = readReceiptText(SAMPLE_RECEIPT_TEXT);

  it('has every product line as an item, the bag included, and the deposit apart', () => {
    // 15 product lines are printed; PANTTI is the deposit, not an item.
    expect(parsed.items).toHaveLength(15);
    expect(parsed.items.map((i) => i.name)).toContain('Muovikassi');
    expect(parsed.items.map((i) => i.name)).not.toContain('PANTTI 0,40');
    expect(parsed.deposits).toBe(0.4);
  });

  it('has the total 46,90 confirmed by the VAT table and the card line', () => {
    expect(parsed.printedTotal).toBe(46.9);
    expect(parseText(SAMPLE_RECEIPT_TEXT).witnesses.vatCents).toBe(4690);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('takes the PLUSSA-ETU off the pizza and reads the weighed and multi-pack lines', () => {
    const byName = new Map(parsed.items.map((i) => [i.name, i]));
    expect(byName.get('Pirkka pizza margherita 350g')).toMatchObject({ price: 2.49, discount: 0.5 });
    expect(byName.get('Pirkka banaani')).toMatchObject({ price: 0.98, weightKg: 0.52, quantity: null, unitPrice: 1.89 });
    expect(byName.get('Tomaatti Suomi')).toMatchObject({ price: 2.46, weightKg: 0.63 });
    expect(byName.get('Oatly kaurajuoma 1L')).toMatchObject({ price: 2.3, quantity: 2, unitPrice: 1.15 });
  });

  it('names the store and chain', () => {
    expect(parsed.store).toEqual({ name: 'K-Citymarket Helsinki Ruoholahti', chain: 'K-Citymarket' });
  });
});
