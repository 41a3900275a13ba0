// Export as CSV and JSON, and the import of a JSON export: the round trip, and files that are
// refused without changing anything.
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../../../src/contract.ts';
import { checkImport, EXPORT_FORMAT, exportCsv, exportJson, MAX_IMPORT_BYTES } from '../../../src/widget/rules/history-export.ts';
import { mergeReceipts, type SavedReceipt } from '../../../src/widget/rules/history.ts';
import type { RememberedCorrection } from '../../../src/widget/rules/remembered.ts';
import { createHistoryStorage, HISTORY_KEY } from '../../../src/widget/state/history-storage.ts';
import { createHistory } from '../../../src/widget/state/history.ts';
import { createHousehold, HOUSEHOLD_KEY } from '../../../src/widget/state/household.ts';
import { createRemembered, REMEMBERED_KEY } from '../../../src/widget/state/remembered.ts';
import { QuotaStorage } from '../support/memory-storage.ts';

const receipts: SavedReceipt[] = [
  // A save that kept the total's plausible range; the others are older saves without one.
  { id: 'a', date: '2025-10-04', store: 'Prisma Olari', totalKg: 18.25, lowKg: 12.4, highKg: 27.1, kgByCategory: { 'Red Meat': 12, Dairy: 6.25 }, itemCount: 14, priceTotal: 61.2 },
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
    expect(checked).toEqual({ ok: true, receipts, corrections: [], household: null });
    // Nothing else kept: the file carries the receipts alone.
    expect(Object.keys(JSON.parse(file) as object)).toEqual(['format', 'version', 'exported_at', 'receipts']);

    const storage = new QuotaStorage();
    const history = createHistory({ storage: createHistoryStorage(() => storage) });
    history.importChecked(checkImport(file));
    expect(history.store.getState().outcome).toEqual({ kind: 'imported', added: 3 });
    expect(history.store.getState().receipts).toEqual(receipts);
    // Importing the same file again adds nothing twice.
    history.importChecked(checkImport(file));
    expect(history.store.getState().outcome).toEqual({ kind: 'imported', added: 0 });
    expect((JSON.parse(storage.getItem(HISTORY_KEY) ?? '') as { receipts: unknown[] }).receipts).toHaveLength(3);
  });

  it('carries the remembered corrections and the household, and brings them back beside what this device keeps', () => {
    const corrections: RememberedCorrection[] = [
      { key: 'pirkka banaani', name: 'Pirkka banaani', category: 'Other', date: '2025-11-10' },
      { key: 'oatly kaurajuoma 1l', name: 'Oatly kaurajuoma 1L', amount: { unit: 'kg', value: 2.2, per: 2 }, date: '2025-11-01' },
    ];
    const file = exportJson(receipts, new Date('2025-11-21T10:00:00Z'), { corrections, household: { adults: 2, children: 2 } });
    expect(JSON.parse(file)).toMatchObject({ corrections, household: { adults: 2, children: 2 } });
    expect(checkImport(file)).toEqual({ ok: true, receipts, corrections, household: { adults: 2, children: 2 } });

    // Another device: one correction of its own (newer for the banana), another household.
    const storage = new QuotaStorage();
    const remembered = createRemembered({ storage: () => storage });
    const household = createHousehold(() => storage);
    storage.setItem(REMEMBERED_KEY, JSON.stringify({ version: 1, enabled: true, corrections: [{ key: 'pirkka banaani', name: 'PIRKKA BANAANI', category: 'Fruits', date: '2025-12-01' }] }));
    household.save({ adults: 1, children: 0 });
    const history = createHistory({
      storage: createHistoryStorage(() => storage),
      importExtras: (extras) => {
        const merged = remembered.merge(extras.corrections);
        if ('failure' in merged) return merged;
        if (extras.household) household.save(extras.household);
        return { corrections: merged.added };
      },
    });
    history.importChecked(checkImport(file));
    expect(history.store.getState().outcome).toEqual({ kind: 'imported', added: 3, corrections: 1, household: true });
    const kept = JSON.parse(storage.getItem(REMEMBERED_KEY)!) as { corrections: RememberedCorrection[] };
    expect(kept.corrections.map((entry) => [entry.name, entry.category ?? null])).toEqual([
      ['PIRKKA BANAANI', 'Fruits'],
      ['Oatly kaurajuoma 1L', null],
    ]);
    expect(JSON.parse(storage.getItem(HOUSEHOLD_KEY)!)).toEqual({ version: 1, adults: 2, children: 2 });
  });

  it('an export written before corrections and the household were kept (today’s format) still imports', () => {
    // Byte for byte what "Export JSON" wrote before this release.
    const before = `{
  "format": "receipt-calculator-history",
  "version": 2,
  "exported_at": "2025-11-21T10:00:00.000Z",
  "receipts": [
    {
      "id": "mhx1k2-4f9a1c2e",
      "date": "2025-10-07",
      "store": "K-Citymarket Helsinki Ruoholahti",
      "totalKg": 12.345,
      "kgByCategory": {
        "Red Meat": 6.8,
        "Dairy": 3.5
      },
      "itemCount": 15,
      "priceTotal": 46.5,
      "items": [
        "Pirkka naudan jauheliha 10% 400g",
        "Valio kevytmaito 1,5L"
      ]
    },
    {
      "id": "mhx9zz-0b1c2d3e",
      "date": "2025-11-04",
      "store": null,
      "totalKg": 0,
      "kgByCategory": {},
      "itemCount": 1,
      "priceTotal": 0.25
    }
  ]
}`;
    const checked = checkImport(before);
    expect(checked).toMatchObject({ ok: true, corrections: [], household: null });
    expect(checked.ok && checked.receipts.map((receipt) => [receipt.id, receipt.date, receipt.totalKg])).toEqual([
      ['mhx1k2-4f9a1c2e', '2025-10-07', 12.345],
      ['mhx9zz-0b1c2d3e', '2025-11-04', 0],
    ]);
    const storage = new QuotaStorage();
    const history = createHistory({ storage: createHistoryStorage(() => storage), importExtras: () => ({ corrections: 99 }) });
    history.importChecked(checkImport(before));
    expect(history.store.getState().outcome).toEqual({ kind: 'imported', added: 2 });
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
    ['a bad correction', JSON.stringify({ format: EXPORT_FORMAT, version: 2, receipts: [], corrections: [{ key: 'maito', name: 'Maito', category: 'Milk', date: '2025-11-01' }] }), 'invalid'],
    ['a bad household', JSON.stringify({ format: EXPORT_FORMAT, version: 2, receipts: [], household: { adults: 0, children: 1 } }), 'invalid'],
  ])('%s is refused and changes nothing', (_label, text, reason) => {
    const storage = new QuotaStorage();
    const history = createHistory({ storage: createHistoryStorage(() => storage) });
    history.importChecked(checkImport(exportJson(receipts.slice(0, 1), new Date())));
    const before = storage.getItem(HISTORY_KEY);
    history.importChecked(checkImport(text));
    expect(history.store.getState().outcome).toEqual({ kind: 'import-refused', reason });
    expect(storage.getItem(HISTORY_KEY)).toBe(before);
    expect(history.store.getState().receipts).toEqual(receipts.slice(0, 1));
  });

  it('a file larger than any export of ours is refused before it is read', () => {
    expect(checkImport(' '.repeat(MAX_IMPORT_BYTES + 1))).toEqual({ ok: false, reason: 'too-large' });
  });

  it('an import that does not fit in storage changes nothing', () => {
    const storage = new QuotaStorage(HISTORY_KEY.length + 20);
    const history = createHistory({ storage: createHistoryStorage(() => storage) });
    history.importChecked(checkImport(exportJson(receipts, new Date())));
    expect(history.store.getState().outcome).toEqual({ kind: 'failed', failure: 'full' });
    expect(history.store.getState().receipts).toEqual([]);
    expect(storage.getItem(HISTORY_KEY)).toBeNull();
  });
});
