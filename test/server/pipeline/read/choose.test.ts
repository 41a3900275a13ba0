// Choosing between two OCR readings of one receipt by how well each adds up to its total.
import { describe, expect, it } from 'vitest';
import { bestReading, checkReading as checkParsed } from '../../../../src/server/pipeline/read/choose.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';

const checkReading = (text: string) => checkParsed(readReceiptText(text));

const HEADER = 'K-Market Testi\n1.2.2024 12:00\n';

describe('checkReading', () => {
  it('says a reading whose items add up to its printed total reconciles', () => {
    expect(checkReading(`${HEADER}MAITO 1L 1,15\nLEIPÄ 2,40\nYHTEENSÄ 3,55\n`)).toEqual({ reconciles: true, gap: 0 });
  });

  it('measures how far the items are from the total, as a share of it', () => {
    const check = checkReading(`${HEADER}MAITO 1L 1,15\nLEIPÄ 2,40\nJUUSTO 3,45\nYHTEENSÄ 10,00\n`);
    expect(check.reconciles).toBe(false);
    expect(check.gap).toBeCloseTo(0.3, 5);
  });

  it('gives no finite gap without items or without a total', () => {
    expect(checkReading(`${HEADER}MAITO 1L 1,15\nLEIPÄ 2,40\n`).gap).toBe(Infinity);
    expect(checkReading('nothing legible here').gap).toBe(Infinity);
  });
});

describe('bestReading', () => {
  it('takes the first reading that reconciles', () => {
    expect(bestReading([{ reconciles: false, gap: 0.01 }, { reconciles: true, gap: 0 }])).toBe(1);
    expect(bestReading([{ reconciles: true, gap: 0 }, { reconciles: true, gap: 0 }])).toBe(0);
  });

  it('else the reading closest to its total, and the earlier one on a tie', () => {
    expect(bestReading([{ reconciles: false, gap: 0.4 }, { reconciles: false, gap: 0.1 }])).toBe(1);
    expect(bestReading([{ reconciles: false, gap: 0.2 }, { reconciles: false, gap: 0.2 }])).toBe(0);
    expect(bestReading([{ reconciles: false, gap: Infinity }, { reconciles: false, gap: Infinity }])).toBe(0);
  });
});
