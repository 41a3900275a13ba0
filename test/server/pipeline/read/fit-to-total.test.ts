// The items checked against the receipt's witnesses of its total (the total line, the VAT
// table, the payment lines), through the parser as a receipt's text reaches them.
import { describe, expect, it } from 'vitest';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';

const HEADER = 'PRISMA TESTI\nK012 M004411/2213 4.9.2024 18:04\n';

describe('a price read only in part', () => {
  it('is completed only where the items then meet a witness to the cent', () => {
    // `1.8` may be 1,80–1,89; the card paid 16,42, which 1,79 would meet and no reading does
    // (the 2,89 beside it was read 2,88). 1,80 lands a cent off: a guess, not a reading.
    const text = `${HEADER}COCA-COLA 0,5L PL 1.8\nPANTTI MUOVI 0,5L 0,20\nSUKLAAMIX CLASSIC 2,88\nBISCUIT CRISPS 2,55\nLEGGINGSIT 9,00\nYHTEENSÄ 164\nDebit/Veloitus 16,42 EUR\n`;
    const parsed = readReceiptText(text);
    expect(parsed.items.map((item) => item.price)).not.toContain(1.8);
    expect(parsed.reconciliation.status).toBe('mismatch');
  });

  it('is completed when a reading meets the witness exactly', () => {
    const text = `${HEADER}COCA-COLA 0,5L PL 1.8\nPANTTI MUOVI 0,5L 0,20\nSUKLAAMIX CLASSIC 2,88\nBISCUIT CRISPS 2,55\nLEGGINGSIT 9,00\nYHTEENSÄ 16,46\n`;
    const parsed = readReceiptText(text);
    expect(parsed.items.map((item) => item.price)).toEqual([1.83, 2.88, 2.55, 9]);
    expect(parsed.reconciliation.status).toBe('match');
  });
});

describe('the printed total', () => {
  it('is the payment line’s amount, read with its comma, over a total line read without one', () => {
    // The total line lost its comma and its last digit (`164`); the card line says 16,42.
    const text = `${HEADER}SUKLAAMIX CLASSIC 2,88\nBISCUIT CRISPS 2,55\nLEGGINGSIT 9,00\nYHTEENSÄ 164\nDebit/Veloitus 16,42 EUR\n`;
    expect(readReceiptText(text).printedTotal).toBe(16.42);
  });

  it('is what the witness that outvotes a misread total line printed, not what the items add up to', () => {
    // Items 14,37 (a weighed line's cent of rounding); the total line misread 18,38; the card paid 14,38.
    const text = `${HEADER}JAUHELIHA 12,78\nKURKKU 1,59\nYHTEENSÄ 18,38\nDebit/Veloitus 14,38 EUR\n`;
    const parsed = readReceiptText(text);
    expect(parsed.printedTotal).toBe(14.38);
    expect(parsed.reconciliation.status).toBe('match');
  });

  it('is what the card paid to the cent where the total line reads a cent off the items', () => {
    // The total line's last digit misread (12,95 for 12,96); the card paid the items' 12,96.
    const paid = readReceiptText(`${HEADER}JAUHELIHA 8,97\nKURKKU 1,59\nMAITO 2,40\nYHTEENSÄ 12,95\nKorttimaksu 12,96\n`);
    expect(paid.printedTotal).toBe(12.96);
    expect(paid.reconciliation.status).toBe('match');
    // A cent of a weighed line's rounding: the card paid the total as printed, which stays.
    const rounded = readReceiptText(`${HEADER}JAUHELIHA 12,78\nKURKKU 1,59\nYHTEENSÄ 14,38\nDebit/Veloitus 14,38 EUR\n`);
    expect(rounded.printedTotal).toBe(14.38);
    // Paid in cash, rounded to five cents: no payment meets the items to the cent.
    const cash = readReceiptText(`${HEADER}JAUHELIHA 8,97\nKURKKU 1,59\nMAITO 2,40\nYHTEENSÄ 12,95\nKÄTEINEN 20,00\nTAKAISIN 7,05\n`);
    expect(cash.printedTotal).toBe(12.95);
  });
});
