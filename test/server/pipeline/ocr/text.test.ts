// What a reading of a page says about the page: whether it holds a receipt at all.
import { describe, expect, it } from 'vitest';
import { amountCount, readsNoReceipt } from '../../../../src/server/pipeline/ocr/text.ts';

describe('amountCount', () => {
  it('counts amounts as receipts print them', () => {
    expect(amountCount('MAITO 1L 1,29\nLEIPÄ 2.49 B\nYHTEENSÄ 3,78\nPANTTI 0,20-')).toBe(4);
  });

  it('does not count digits that run on into letters or a slash', () => {
    // An upside-down Prisma photo's first reading: a date and a code read as runs of digits.
    expect(amountCount("j  YI S0' hl   96.14/11P8J9\n/  1062011 260b7   '9908.19J9y")).toBe(0);
  });
});

describe('readsNoReceipt', () => {
  it('takes a barely legible reading with runs of digits for a page turned over', () => {
    expect(readsNoReceipt({ text: "YI S0' hl 96.14/11P8J9\n'9908.19J9y 29'Z- 58'1", confidence: 36 })).toBe(true);
  });

  it('takes a barely legible reading with prices for a receipt', () => {
    expect(readsNoReceipt({ text: 'KAURAJUOMA 1,85\nKOSTEUSPYYHE 1,00\nYHTEENSÄ 2,85', confidence: 36 })).toBe(false);
  });

  it('takes a legible reading for a receipt', () => {
    expect(readsNoReceipt({ text: 'K-Market Pispala\nkiitos käynnistä', confidence: 85 })).toBe(false);
  });
});
