// One digit of one price misread by OCR, found by the receipt's own arithmetic, through the parser.
import { describe, expect, it } from 'vitest';
import { confusedReadings, withOneDigitLess } from '../../../../src/server/pipeline/read/digit-confusions.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';

const HEADER = 'PRISMA TESTI\nK010 M006009/4637 21.9.2024 16:34\n';

function prices(text: string): number[] {
  return readReceiptText(text).items.map((item) => item.price);
}

describe('confusedReadings', () => {
  it('gives each digit its usual confusions, one at a time', () => {
    expect(confusedReadings(195).sort((a, b) => a - b)).toEqual([185, 191, 194, 595, 795]);
    expect(confusedReadings(-12)).toEqual(expect.arrayContaining([-72, -52]));
    expect(confusedReadings(0)).toEqual([]);
  });
});

describe('a price with one digit misread', () => {
  it('is repaired when exactly one reading makes the items add up (7,95 read as 1,95)', () => {
    const parsed = readReceiptText(`${HEADER}LIPPIS BASEBALL 1,95\nJR NEULE 19,95\nKAURAJUOMA 2,30\nYHTEENSÄ 30,20\n`);
    expect(parsed.items.map((item) => item.price)).toEqual([7.95, 19.95, 2.3]);
    expect(parsed.reconciliation.status).toBe('match');
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('repairs a discount line too (−0,72 read as −0,12)', () => {
    const text = `${HEADER}BAO BUN HÖYRYSÄMPYLÄ 2,39\nLidl Plus -säästösi -0,12\nTÄYSMAITO 0,99\nYHTEENSÄ 2,66\n`;
    expect(prices(text)).toEqual([1.67, 0.99]);
  });

  it('is left as read when two prices could be the misread one', () => {
    // 1,95 → 7,95 and 1,85 → 7,85 both add 6,00.
    const parsed = readReceiptText(`${HEADER}LIPPIS BASEBALL 1,95\nKAURAJUOMA 1,85\nJR NEULE 19,95\nYHTEENSÄ 29,75\n`);
    expect(parsed.items.map((item) => item.price)).toEqual([1.95, 1.85, 19.95]);
    expect(parsed.reconciliation.status).toBe('mismatch');
  });

  describe('two discounts that could be the misread one', () => {
    // −0,12 → −0,72 and −0,10 → −0,70 both take 0,60 more off.
    const twins = (rate: string): string =>
      `${HEADER}BAO BUN HÖYRYSÄMPYLÄ 2,39\n${rate} -0,12\nVIINIRYPÄLE 500G 1,59\nLidl Plus -säästösi -0,10\nSALAATTI 225G 1,18\nYHTEENSÄ 4,34\n`;

    it('are left as read when nothing tells them apart', () => {
      expect(prices(twins('ALENNUS'))).toEqual([2.27, 1.49, 1.18]);
    });

    it('are told apart by the share one of them prints, also as OCR reads its sign', () => {
      // 30 % of 2,39 is 0,72: the first was misread.
      for (const rate of ['ALENNUS 30%', 'ALENNUS 30 %', 'ALENNUS 30X', 'ALENNUS 304']) expect(prices(twins(rate))).toEqual([1.67, 1.49, 1.18]);
      // 35 % of 2,39 would be 0,84: the share agrees with neither reading.
      expect(prices(twins('ALENNUS 35%'))).toEqual([2.27, 1.49, 1.18]);
    });
  });

  it('takes the one reading the VAT table per rate agrees with', () => {
    // As above, but the 14 % row says 1,85 is a line of its own: the cap was 7,95.
    const text =
      `${HEADER}LIPPIS BASEBALL 1,95\nKAURAJUOMA 1,85\nJR NEULE 19,95\nYHTEENSÄ 29,75\n` +
      'ALV VEROTON VERO VEROLLINEN\n14,00% 1,62 0,23 1,85\n25,50% 22,26 5,64 27,90\n';
    expect(prices(text)).toEqual([7.95, 1.85, 19.95]);
  });

  it('is not repaired against its own quantity line', () => {
    // 2 × 0,95 confirms 1,90; no other line has a confusion worth 6,00.
    const text = `${HEADER}SÄMPYLÄ 1,90\n2 KPL 0,95 €/KPL\nLEIPÄ 2,40\nYHTEENSÄ 10,30\n`;
    expect(prices(text)).toEqual([1.9, 2.4]);
  });

  it('is not repaired when the printed total may be the misread amount', () => {
    // Items 17,95; total read 11,95 (17,95 with a 7 read as 1): no price is singled out.
    const text = `${HEADER}MAITO 1,15\nJUUSTO 16,80\nYHTEENSÄ 11,95\n`;
    expect(prices(text)).toEqual([1.15, 16.8]);
  });

  it('is not repaired when a deposit line read another way would meet the total as well', () => {
    // 0,60 too much: MEHU 1,19 read as 1,79, or PANTTI 0,15 read as 0,75. Nothing singles out the price.
    const text = `${HEADER}MEHU 1,79\nPANTTI 0,75\nLEIPÄ 2,40\nYHTEENSÄ 4,34\n`;
    expect(prices(text)).toEqual([1.79, 2.4]);
    // Without the deposit line's doubt the same price is repaired.
    expect(prices(`${HEADER}MEHU 1,79\nPANTTI 0,25\nLEIPÄ 2,40\nYHTEENSÄ 3,84\n`)).toEqual([1.19, 2.4]);
  });

  it('is not repaired toward a total line the card line and the VAT table both contradict', () => {
    // Items 14,38 as read; the total line read 18,38, and 1,59 → 5,59 would meet it. The card
    // paid 14,38 and the table's one rate row says 14,38, its total row misread: the total line is wrong.
    const text =
      `${HEADER}JAUHELIHA 400G 12,79\nKURKKU 1,59\nYHTEENSÄ 18, 38\nCredit/Charde 14,38 EUR\n` +
      'ALV VEROTON VERO VEROLLINEN\n14,00% 12,61 1,77 14,38\nJ YHTEENSÄ 126l1. 177 14,38\n';
    const parsed = readReceiptText(text);
    expect(parsed.items.map((item) => item.price)).toEqual([12.79, 1.59]);
    expect(parsed.printedTotal).toBe(14.38);
    expect(parsed.reconciliation.status).toBe('match');
  });

  it('is not repaired when a price read without its comma met no witness: that price may be the misread one', () => {
    // `1499` (1,59 with its comma read as a 4 and its 5 as a 9) is taken as 1,99, 0,40 too much;
    // 1,55 read as 1,15 would meet the total, but the garbled price is the likelier misread.
    const garbled = readReceiptText(`${HEADER}MAAPÄHKINÄ 1KG 4,40\nRASVATON MAITO 1,55\nRUISEVÄS 540G 1499\nBANAANI 0,75\nYHTEENSÄ 8,29\n`);
    expect(garbled.items.map((item) => item.price)).toEqual([4.4, 1.55, 1.99, 0.75]);
    expect(garbled.reconciliation.status).toBe('mismatch');
    // With that price read with its comma, the same repair is made: nothing else can be the misread amount.
    expect(prices(`${HEADER}MAAPÄHKINÄ 1KG 4,40\nRASVATON MAITO 1,55\nRUISEVÄS 540G 1,99\nBANAANI 0,75\nYHTEENSÄ 8,29\n`)).toEqual([4.4, 1.15, 1.99, 0.75]);
    // And a guess the total confirms leaves nothing to repair (`159` as 1,59).
    expect(prices(`${HEADER}MAAPÄHKINÄ 1KG 4,40\nRASVATON MAITO 1,55\nRUISEVÄS 540G 159\nBANAANI 0,75\nYHTEENSÄ 8,29\n`)).toEqual([4.4, 1.55, 1.59, 0.75]);
  });

  it('leaves a receipt that adds up untouched', () => {
    const text = `${HEADER}LIPPIS BASEBALL 1,95\nJR NEULE 19,95\nYHTEENSÄ 21,90\n`;
    const parsed = readReceiptText(text);
    expect(parsed.items.map((item) => item.price)).toEqual([1.95, 19.95]);
    expect(parsed.reconciliation.status).toBe('match');
  });

  it('is not repaired when the difference is no single confused digit (a lost line)', () => {
    const text = `${HEADER}LIPPIS BASEBALL 1,95\nJR NEULE 19,95\nYHTEENSÄ 25,33\n`;
    expect(prices(text)).toEqual([1.95, 19.95]);
    expect(readReceiptText(text).reconciliation.status).toBe('mismatch');
  });
});

describe('withOneDigitLess', () => {
  it('lists the amounts a stray digit may have turned into this one', () => {
    expect(withOneDigitLess(1555).sort((a, b) => a - b)).toEqual([155, 555]);
    expect(withOneDigitLess(129).sort((a, b) => a - b)).toEqual([]);
  });
});
