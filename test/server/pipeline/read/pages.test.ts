// One long receipt scanned as several pages, joined into one receipt's text.
import { describe, expect, it } from 'vitest';
import { joinPages } from '../../../../src/server/pipeline/read/pages.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';

const HEADER = ['K-Market Pispala', 'Pispalan valtatie 1, 33250 Tampere', 'Y-tunnus: 1234567-8'];
const ITEMS = [
  'Valio rasvaton maito 1l          1,09',
  'Vaasan ruispalat 330g            2,39',
  'Pirkka banaani                   1,15',
  'Atria jauheliha 400g             4,99',
  'Pirkka kaurahiutale 1kg          1,49',
  'Arla kermaviili 200g             0,99',
];
const TOTAL = ['----------', 'YHTEENSÄ                        12,10', 'Kiitos käynnistä!'];

describe('joinPages', () => {
  it('keeps each line of two overlapping pages once', () => {
    const first = [...HEADER, ...ITEMS.slice(0, 4)].join('\n');
    const second = [...ITEMS.slice(2), ...TOTAL].join('\n');
    expect(joinPages([first, second])).toBe([...HEADER, ...ITEMS, ...TOTAL].join('\n'));
  });

  it('leaves out a header scanned again, and reads OCR slips and half-cut lines at the edges as the same lines', () => {
    const first = [...HEADER, ...ITEMS.slice(0, 3), 'Atr1a jauhel'].join('\n');
    const second = ['K-Market Pispaia', 'Pispalan valtatie 1, 33250 Tampere', 'Y-tunnus: 1234567-8', 'rasvaton maito 1l    1,0', 'Vaasan ruispalat 330g            2,39', 'Pirkka banaani                   1.15', ...ITEMS.slice(3, 5)].join('\n');
    const third = [...HEADER, ITEMS[4] ?? '', ITEMS[5] ?? '', ...TOTAL].join('\n');
    const joined = joinPages([first, second, third]);
    // The earlier page's reading of a shared line is kept; the half-cut line at its foot is not.
    expect(joined.split('\n')).toEqual([...HEADER, ...ITEMS, ...TOTAL]);
    const receipt = readReceiptText(joined);
    expect(receipt.items).toHaveLength(6);
    expect(receipt.printedTotal).toBe(12.1);
    expect(receipt.reconciliation.status).toBe('match');
  });

  it('keeps pages that share nothing as they are, and a one-page text unchanged', () => {
    const first = [...HEADER, ...ITEMS.slice(0, 3)].join('\n');
    const second = [...ITEMS.slice(3), ...TOTAL].join('\n');
    expect(joinPages([first, second])).toBe([...HEADER, ...ITEMS, ...TOTAL].join('\n'));
    expect(joinPages([first])).toBe(first);
    expect(joinPages(['', first, '  '])).toBe(first);
  });
});
