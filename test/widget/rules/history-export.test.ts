// Export as CSV and JSON, and the import of a JSON export: the round trip, and files that are
// refused without changing anything.
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../../../src/contract.ts';
import { checkImport, EXPORT_FORMAT, exportCsv, exportJson, mergeReceipts } from '../../../src/widget/rules/history-export.ts';
import type { SavedReceipt } from '../../../src/widget/rules/history.ts';
import { createHistoryStorage, HISTORY_KEY } from '../../../src/widget/state/history-storage.ts';
import { createHistory } from '../../../src/widget/state/history.ts';
import { QuotaStorage } from '../support/memory-storage.ts';

const receipts: SavedReceipt[] = [
  { id: 'a', date: '2025-10-04', store: 'Prisma Olari', totalKg: 18.25, kgByCategory: { 'Red Meat': 12, Dairy: 6.25 }, itemCount: 14, priceTotal: 61.2 },
  {
    id: 'b',
    date: '2025-11-12',
    store: 'K-Market "Kulma", Espoo',
    totalKg: 4.5,
    kgByCategory: { Vegetables: 4.5 },
    itemCount: 3,
    priceTotal: 9.9,
    items: ['Tomaatti', '=HYPERLINK("x")', 'Kurkku, suomalainen'],
  },
  { id: 'c', date: '2025-11-20', store: null, totalKg: 0, kgByCategory: {}, itemCount: 0, priceTotal: 0 },
];

/** A small RFC 4180 reader, enough to check our own quoting. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('CSV export', () => {
  it('one row per receipt, every category in its own column, text quoted and formulas defused', () => {
    const rows = parseCsv(exportCsv(receipts));
    expect(rows[0]).toEqual(['date', 'store', 'total_kg_co2e', 'item_count', 'price_total_eur', ...CATEGORY_NAMES.map((n) => `kg_${n}`), 'items']);
    expect(rows).toHaveLength(4);
    const b = rows[2] ?? [];
    expect(b.slice(0, 5)).toEqual(['2025-11-12', 'K-Market "Kulma", Espoo', '4.5', '3', '9.9']);
    expect(b[5 + CATEGORY_NAMES.indexOf('Vegetables')]).toBe('4.5');
    expect(b.at(-1)).toBe(`Tomaatti; =HYPERLINK("x"); Kurkku, suomalainen`);
    expect(rows[3]?.[1]).toBe('');
    // A cell that starts with = is text to a spreadsheet, not a formula.
    const formula = exportCsv([{ ...receipts[2]!, store: '=1+1' }]);
    expect(parseCsv(formula)[1]?.[1]).toBe("'=1+1");
  });
});

describe('JSON export and import', () => {
  it('round trip: an export imported into an empty device gives the same receipts', () => {
    const file = exportJson(receipts, new Date('2025-11-21T10:00:00Z'));
    expect(JSON.parse(file)).toMatchObject({ format: EXPORT_FORMAT, version: 2, exported_at: '2025-11-21T10:00:00.000Z' });
    const checked = checkImport(file);
    expect(checked).toEqual({ ok: true, receipts });

    const storage = new QuotaStorage();
    const history = createHistory({ storage: createHistoryStorage(() => storage) });
    history.importText(file);
    expect(history.store.getState().outcome).toEqual({ kind: 'imported', added: 3 });
    expect(history.store.getState().receipts).toEqual(receipts);
    // Importing the same file again adds nothing twice.
    history.importText(file);
    expect(history.store.getState().outcome).toEqual({ kind: 'imported', added: 0 });
    expect((JSON.parse(storage.getItem(HISTORY_KEY) ?? '') as { receipts: unknown[] }).receipts).toHaveLength(3);
  });

  it('merges with what is saved, keeping date order', () => {
    const merged = mergeReceipts([receipts[1]!], [receipts[0]!, receipts[1]!, receipts[2]!]);
    expect(merged.added).toBe(2);
    expect(merged.receipts.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('an export of version 1 is migrated on import', () => {
    const v1 = JSON.stringify({
      format: EXPORT_FORMAT,
      version: 1,
      receipts: [{ id: 'v1', savedAt: '2025-06-15T09:00:00Z', store: 'Lidl', totalKg: 2, kgByCategory: { Fruits: 2 }, itemCount: 1, priceTotal: 3 }],
    });
    const checked = checkImport(v1);
    expect(checked.ok && checked.receipts[0]?.date).toBe('2025-06-15');
  });

  it.each([
    ['not JSON', 'date,store\n2025-11-01,Prisma', 'not-json'],
    ['some other JSON', JSON.stringify({ version: 2, receipts: [] }), 'not-export'],
    ['an array', JSON.stringify([receipts[0]]), 'not-export'],
    ['a newer export', JSON.stringify({ format: EXPORT_FORMAT, version: 99, receipts: [] }), 'newer'],
    ['one bad entry', JSON.stringify({ format: EXPORT_FORMAT, version: 2, receipts: [receipts[0], { ...receipts[1], totalKg: 'lots' }] }), 'invalid'],
    ['no receipts list', JSON.stringify({ format: EXPORT_FORMAT, version: 2 }), 'invalid'],
  ])('%s is refused and changes nothing', (_label, text, reason) => {
    const storage = new QuotaStorage();
    const history = createHistory({ storage: createHistoryStorage(() => storage) });
    history.importText(exportJson(receipts.slice(0, 1), new Date()));
    const before = storage.getItem(HISTORY_KEY);
    history.importText(text);
    expect(history.store.getState().outcome).toEqual({ kind: 'import-refused', reason });
    expect(storage.getItem(HISTORY_KEY)).toBe(before);
    expect(history.store.getState().receipts).toEqual(receipts.slice(0, 1));
  });

  it('an import that does not fit in storage changes nothing', () => {
    const storage = new QuotaStorage(HISTORY_KEY.length + 20);
    const history = createHistory({ storage: createHistoryStorage(() => storage) });
    history.importText(exportJson(receipts, new Date()));
    expect(history.store.getState().outcome).toEqual({ kind: 'failed', failure: 'full' });
    expect(history.store.getState().receipts).toEqual([]);
    expect(storage.getItem(HISTORY_KEY)).toBeNull();
  });
});
