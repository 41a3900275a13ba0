// Money and mass in one place: integer cents and grams inside, and the one check of a receipt
// against its printed total, with the one tolerance every reader and the answer share.
import { describe, expect, it } from 'vitest';
import {
  formatEuros,
  mismatchNotice,
  checkTotal,
  roundEur,
  roundKg,
  TOLERANCE_CENTS,
  toCents,
  toEuros,
  toGrams,
  toReconciliation,
} from '../../../src/server/pipeline/money.ts';

const sums = (printedCents: number | null, itemCents: number, extra: Partial<{ depositCents: number; feeCents: number; returnCents: number }> = {}) =>
  checkTotal({ printedCents, itemCents, depositCents: 0, feeCents: 0, returnCents: 0, ...extra });

describe('cents and grams', () => {
  it('round euros to integer cents as they read, also where binary floats fall short', () => {
    expect(toCents(1.29)).toBe(129);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toEuros(4690)).toBe(46.9);
    expect(roundEur(2.675)).toBe(2.68);
  });

  it('round kilograms to the gram, or to two decimals for the stats', () => {
    expect(toGrams(0.5125)).toBe(513);
    expect(roundKg(1.1725)).toBe(1.173);
    expect(roundKg(2.2249, 2)).toBe(2.22);
    expect(roundKg(2.225, 2)).toBe(2.23);
  });

  it('write euros the Finnish way', () => {
    expect(formatEuros(4690)).toBe('46,90');
    expect(formatEuros(-114)).toBe('-1,14');
  });
});

describe('checkTotal', () => {
  it('adds deposits and fees, takes off returns, and compares with the printed total', () => {
    expect(sums(364, 304, { depositCents: 40, feeCents: 40, returnCents: 20 })).toEqual({
      printedCents: 364,
      computedCents: 364,
      differenceCents: 0,
      status: 'match',
    });
  });

  it('has one tolerance: within it a match, one cent past it a mismatch', () => {
    expect(sums(1000, 1000 - TOLERANCE_CENTS).status).toBe('match');
    expect(sums(1000, 1000 + TOLERANCE_CENTS).status).toBe('match');
    expect(sums(1000, 1000 - TOLERANCE_CENTS - 1).status).toBe('mismatch');
  });

  it('says no-total without a printed total', () => {
    expect(sums(null, 304)).toEqual({ printedCents: null, computedCents: 304, differenceCents: null, status: 'no-total' });
  });

  it('gives the wire its euros', () => {
    expect(toReconciliation(sums(1000, 304))).toEqual({ printed_total: 10, computed_total: 3.04, difference: -6.96, status: 'mismatch' });
  });

  it('words a mismatch as a coded notice, and only a mismatch', () => {
    expect(mismatchNotice(sums(598, 348, { depositCents: 40 }))).toEqual({
      code: 'total-mismatch',
      params: { items_total: 3.88, printed_total: 5.98 },
      message: 'The items found add up to 3,88 € but the receipt total is 5,98 €; some lines may not have been read.',
    });
    expect(mismatchNotice(sums(388, 348, { depositCents: 40 }))).toBeNull();
    expect(mismatchNotice(sums(null, 348))).toBeNull();
  });
});
