import { describe, expect, it } from 'vitest';
import { sortedCategories } from '../../../src/widget/rules/categories.ts';
import { fileTypeOf, firstFile } from '../../../src/widget/rules/file-type.ts';
import { displayedUsers, tonnesTracked } from '../../../src/widget/rules/stats.ts';

const stats = (total: number, average: number) => ({
  total_receipts_processed: total,
  receipts_today: 0,
  receipts_this_week: 0,
  average_emissions_per_receipt: average,
});

describe('community figures', () => {
  it('counts users as receipts / 3.2 rounded up', () => {
    expect(displayedUsers(stats(32, 1))).toBe(10);
    expect(displayedUsers(stats(33, 1))).toBe(11);
    expect(displayedUsers(stats(0, 1))).toBe(0);
  });

  it('tracks tonnes as receipts × average kg / 1000', () => {
    expect(tonnesTracked(stats(3200, 8.7))).toBeCloseTo(27.84);
  });
});

describe('sortedCategories', () => {
  it('orders categories by emissions, largest first, and keeps unknown names', () => {
    const rows = sortedCategories({
      Dairy: { count: 2, emissions: 3.1, price: 5 },
      'Red Meat': { count: 1, emissions: 6.2, price: 5.49 },
      Vegetables: { count: 3, emissions: 0.4, price: 4 },
      ...({ Mystery: { count: 1, emissions: 1, price: 1 } } as object),
    });
    expect(rows.map((row) => row.name)).toEqual(['Red Meat', 'Dairy', 'Mystery', 'Vegetables']);
    expect(rows[0]).toEqual({ name: 'Red Meat', count: 1, emissions: 6.2, price: 5.49 });
  });
});

describe('fileTypeOf', () => {
  it('calls a file a PDF by MIME type or by a .pdf name, anything else an image', () => {
    expect(fileTypeOf({ type: 'application/pdf', name: 'kuitti' })).toBe('pdf');
    expect(fileTypeOf({ type: '', name: 'KUITTI.PDF' })).toBe('pdf');
    expect(fileTypeOf({ type: 'image/jpeg', name: 'kuitti.jpg' })).toBe('image');
    expect(fileTypeOf({ type: '', name: 'kuitti' })).toBe('image');
  });

  it('uses only the first file', () => {
    const a = new File(['a'], 'a.jpg');
    const b = new File(['b'], 'b.jpg');
    expect(firstFile([a, b])).toBe(a);
    expect(firstFile([])).toBeNull();
    expect(firstFile(null)).toBeNull();
  });
});
