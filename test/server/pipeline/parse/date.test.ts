// The day of the purchase: each chain's layout, days that are not the purchase, OCR's lost
// separators, and what is never taken for a date (times, amounts, register numbers).
import { describe, expect, it } from 'vitest';
import { readPurchaseDate } from '../../../../src/server/pipeline/parse/date.ts';
import { claimableDate } from '../../../../src/server/pipeline/read/claimed-date.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';
import { splitLines } from '../../../../src/server/pipeline/parse/lines.ts';
import { K_CITYMARKET, K_MARKET, K_SUPERMARKET_OCR, PRISMA, PRISMA_OCR, S_MARKET, TOKMANNI, UNKNOWN_STORE } from './receipt-texts.ts';

const dateOf = (text: string, headerEnd = Infinity) => readPurchaseDate(splitLines(text), headerEnd)?.day ?? null;

describe('readPurchaseDate', () => {
  it.each([
    ['K register, time before the day', K_CITYMARKET, '2024-03-03'],
    ['K register, time with a dot', K_MARKET, '2024-02-12'],
    ['K register in lower-case OCR, dashes', K_SUPERMARKET_OCR, '2015-03-14'],
    ['S register', PRISMA, '2024-04-05'],
    ['S register read by OCR', PRISMA_OCR, '2024-04-05'],
    ['S-market', S_MARKET, '2024-06-20'],
    ['Tokmanni, till and receipt number', TOKMANNI, '2024-01-12'],
    ['a small shop, the day first', UNKNOWN_STORE, '2024-05-12'],
  ])('%s', (_, text, date) => {
    expect(readReceiptText(text).date).toBe(date);
  });

  it('reads Lidl’s day at the foot, slashes and two-digit years', () => {
    expect(dateOf('LIDL\nBANAANI 1,29 A\nYHTEENSÄ 1,29\n15/02/2024          08:58')).toBe('2024-02-15');
    expect(dateOf('KASSA 2\n15.02.24 08:58\nMAITO 1,05')).toBe('2024-02-15');
    // Columns broken apart (an OCR service's output): the time on the line below the day.
    expect(dateOf('BANAANI\n1,29 A\nYHTEENSÄ\n1,29\n15/02/2024\n08:58', 1)).toBe('2024-02-15');
  });

  it('takes the day printed with a time over other days, and never an offer’s or a return’s last day', () => {
    const text = ['Tarjous voimassa 31.12.2025 asti', 'K001 M000111/2222 09.15 2.11.2025', 'Palautettava viimeistään 2.12.2025'].join('\n');
    expect(dateOf(text)).toBe('2025-11-02');
    expect(dateOf('Voimassa 31.12.2025 asti\nMAITO 1,05')).toBeNull();
  });

  it('a day without a time counts only in the header', () => {
    expect(dateOf('Kauppa\n3.4.2025\nMAITO 1,05\nYHTEENSÄ 1,05', 2)).toBe('2025-04-03');
    expect(dateOf('Kauppa\nMAITO 1,05\nYHTEENSÄ 1,05\nTunnus 3.4.2025', 1)).toBeNull();
  });

  it('takes no impossible day, and nothing that only looks like one', () => {
    expect(dateOf('31.2.2025 10:00')).toBeNull();
    expect(dateOf('12.13.2025 10:00')).toBeNull();
    expect(dateOf('1.2.1999 10:00')).toBeNull();
    // A price, a weight, a register number and a time are no days.
    expect(dateOf('K055 M391997/9838 15:26\nMAITO 1,35\n0,742 KG 1,89 €/KG\n12.5 x 2')).toBeNull();
    expect(dateOf('29.2.2024 12:00')).toBe('2024-02-29');
  });

  it('a photo’s or a scan’s reading claims a day only where two lines print it alike', () => {
    const once = readReceiptText(PRISMA);
    expect(once.dateLines).toBe(1);
    expect(claimableDate(once, 'text').date).toBe('2024-04-05');
    expect(claimableDate(once, 'pdf-text').date).toBe('2024-04-05');
    expect(claimableDate(once, 'ocr').date).toBeNull();
    expect(claimableDate(once, 'pdf-ocr').date).toBeNull();
    const twice = readReceiptText(`${PRISMA}\nKORTTITAPAHTUMA\nAika 5.4.2024 19:12`);
    expect(twice.dateLines).toBe(2);
    expect(claimableDate(twice, 'ocr').date).toBe('2024-04-05');
  });
});
