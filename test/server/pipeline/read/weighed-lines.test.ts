// A weighed line's price is its weight times its unit price: once the total confirms the price,
// a weight one misread digit away from what the price implies is read as that weight.
import { describe, expect, it } from 'vitest';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';
import { weightFromPrice } from '../../../../src/server/pipeline/read/weighed-lines.ts';
import type { ParsedItem } from '../../../../src/server/pipeline/types.ts';

function weighed(price: number, weightKg: number, unitPrice: number, discount = 0): ParsedItem {
  return { name: 'BANAANI', price, quantity: null, weightKg, unitPrice, discount };
}

describe('weighed lines checked by their price', () => {
  it('reads the weight the price implies when one digit of the weight was misread', () => {
    expect(weightFromPrice(weighed(6.22, 0.432, 12.9)).weightKg).toBe(0.482);
    expect(weightFromPrice(weighed(1.15, 0.432, 2.49)).weightKg).toBe(0.462);
  });

  it('leaves a line that agrees with its price, to a cent of rounding', () => {
    const item = weighed(6.22, 0.482, 12.9);
    expect(weightFromPrice(item)).toBe(item);
  });

  it('leaves the weight when a misread digit of the unit price explains the price as well', () => {
    // 0,482 kg × 12,90 €/kg read as 17,90: the unit price is the misread figure.
    const item = weighed(6.22, 0.482, 17.9);
    expect(weightFromPrice(item)).toBe(item);
  });

  it('leaves the weight when no single digit explains the price, or a discount stands between them', () => {
    for (const item of [weighed(6.22, 0.3, 12.9), weighed(5.6, 0.432, 12.9, 0.62)]) expect(weightFromPrice(item)).toBe(item);
  });

  it('corrects the weight only on a receipt that adds up', () => {
    const lines = (total: string) => ['K-MARKET TESTI', 'K001 M000001/0001 1.1.2024 12:00', 'BANAANI 1,15', '0,432 KG x 2,49 €/KG', 'LEIPÄ 2,19', `YHTEENSÄ ${total}`].join('\n');
    expect(readReceiptText(lines('3,34')).items[0]?.weightKg).toBe(0.462);
    expect(readReceiptText(lines('6,00')).items[0]?.weightKg).toBe(0.432);
  });
});
