// The saved history's storage layer: its versioned format, the migration from version 1,
// damaged data left out with a notice, and storage that is full or blocked.
import { describe, expect, it } from 'vitest';
import { HISTORY_VERSION, readHistory, summarize, writeHistory, type SavedReceipt } from '../../../src/widget/rules/history.ts';
import { createHistoryStorage, HISTORY_KEY } from '../../../src/widget/state/history-storage.ts';
import { createHistory } from '../../../src/widget/state/history.ts';
import { analysis } from '../support/fixtures.ts';
import { QuotaStorage } from '../support/memory-storage.ts';

function receipt(id: string, date: string, totalKg = 10): SavedReceipt {
  return { id, date, store: 'Prisma', totalKg, kgByCategory: { Dairy: totalKg }, itemCount: 3, priceTotal: 12.5 };
}

function historyOn(storage: Storage, start = new Date(2025, 10, 3, 12)) {
  let ids = 0;
  let now = start;
  const history = createHistory({ storage: createHistoryStorage(() => storage), now: () => now, newId: () => `r${++ids}` });
  return { history, setNow: (at: Date) => (now = at) };
}

describe('summary of a result', () => {
  it('keeps numbers only, item names only when asked', () => {
    const result = analysis();
    const plain = summarize(result, { id: 'a', date: '2025-11-03', includeItems: false });
    expect(plain).toEqual({
      id: 'a',
      date: '2025-11-03',
      store: 'K-Citymarket Helsinki Ruoholahti',
      totalKg: 12.34,
      kgByCategory: { 'Red Meat': 6.8, Dairy: 3.5, Vegetables: 0.54, Grains: 1.5 },
      itemCount: 4,
      priceTotal: 46.5,
      printedTotal: 46.9,
    });
    expect(JSON.stringify(plain)).not.toContain('Oltermanni');
    const withItems = summarize(result, { id: 'a', date: '2025-11-03', includeItems: true });
    expect(withItems.items).toEqual(result.items.map((item) => item.name));
  });

  it('files a receipt under the day it prints, when the backend read one, else the day of the save', () => {
    const printed = analysis({ store_info: { name: 'Prisma Olari', total: 20, date: '2025-09-20' } });
    expect(summarize(printed, { id: 'a', date: '2025-11-03', includeItems: false }).date).toBe('2025-09-20');
    const odd = analysis({ store_info: { name: 'Prisma Olari', total: 20, date: '20.9.2025' } });
    expect(summarize(odd, { id: 'a', date: '2025-11-03', includeItems: false }).date).toBe('2025-11-03');
  });

  it('keeps the total’s plausible range when the backend sent one, and reads it back', () => {
    const saved = summarize(analysis({ total_emissions_low: 9.8412, total_emissions_high: 15.2 }), { id: 'a', date: '2025-11-03', includeItems: false });
    expect(saved).toMatchObject({ totalKg: 12.34, lowKg: 9.841, highKg: 15.2 });
    expect(readHistory(writeHistory([saved])).receipts[0]).toEqual(saved);
  });
});

describe('stored format', () => {
  it('writes the current version and reads it back unchanged', () => {
    const receipts = [receipt('b', '2025-11-02'), receipt('a', '2025-10-30')];
    const text = writeHistory(receipts);
    expect((JSON.parse(text) as { version: number }).version).toBe(HISTORY_VERSION);
    const read = readHistory(text);
    expect(read.notice).toBeNull();
    expect(read.receipts.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('migrates version 1 (UTC save time) to the local calendar day', () => {
    // 23:30 UTC on 31 October is already 1 November in a zone east of UTC, and still
    // 31 October west of it: the migration uses the visitor's own zone, as a save does.
    const savedAt = '2025-10-31T23:30:00.000Z';
    const local = new Date(savedAt);
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    const v1 = JSON.stringify({
      version: 1,
      receipts: [{ id: 'old', savedAt, store: 'Lidl', totalKg: 4.2, kgByCategory: { Fruits: 4.2 }, itemCount: 2, priceTotal: 7 }],
    });
    const read = readHistory(v1);
    expect(read.notice).toBeNull();
    expect(read.receipts).toEqual([
      { id: 'old', date: expected, store: 'Lidl', totalKg: 4.2, kgByCategory: { Fruits: 4.2 }, itemCount: 2, priceTotal: 7 },
    ]);
  });

  it('a migrated history is written back in the current version on the next change', () => {
    const storage = new QuotaStorage();
    storage.setItem(HISTORY_KEY, JSON.stringify({ version: 1, receipts: [{ id: 'old', savedAt: '2025-09-10T10:00:00Z', store: null, totalKg: 1, kgByCategory: {}, itemCount: 1, priceTotal: 1 }] }));
    const { history } = historyOn(storage);
    history.save(analysis(), false);
    const stored = JSON.parse(storage.getItem(HISTORY_KEY) ?? '') as { version: number; receipts: SavedReceipt[] };
    expect(stored.version).toBe(HISTORY_VERSION);
    expect(stored.receipts.map((r) => r.date)).toEqual(['2025-09-10', '2025-11-03']);
  });
});

describe('damaged data', () => {
  it('unreadable JSON is left out with a notice, and nothing is guessed', () => {
    expect(readHistory('{"version":2,"receipts":[')).toEqual({ receipts: [], notice: { kind: 'corrupt' }, readOnly: false });
    expect(readHistory('"just a string"').notice).toEqual({ kind: 'corrupt' });
    expect(readHistory(JSON.stringify({ version: 'two', receipts: [] })).notice).toEqual({ kind: 'corrupt' });
    expect(readHistory(JSON.stringify({ version: 2, receipts: {} })).notice).toEqual({ kind: 'corrupt' });
  });

  it('bad entries are skipped and counted; the good ones stay', () => {
    const good = receipt('ok', '2025-11-01');
    const text = JSON.stringify({
      version: 2,
      receipts: [
        good,
        { ...good, id: 'neg', totalKg: -1 },
        { ...good, id: 'date', date: '2025-13-01' },
        { ...good, id: 'cat', kgByCategory: { Cake: 1 } },
        { ...good, id: 'nan', priceTotal: 'free' },
        { ...good, id: 'items', items: [1, 2] },
        good, // the same id twice
        null,
      ],
    });
    const read = readHistory(text);
    expect(read.receipts).toEqual([good]);
    expect(read.notice).toEqual({ kind: 'skipped', count: 7 });
  });

  it('a broken range is dropped, never the receipt', () => {
    const good = receipt('ok', '2025-11-01');
    const read = readHistory(JSON.stringify({ version: 2, receipts: [{ ...good, lowKg: 99, highKg: 100 }, { ...receipt('b', '2025-11-02'), lowKg: 'x' }] }));
    expect(read.notice).toBeNull();
    expect(read.receipts).toEqual([good, receipt('b', '2025-11-02')]);
  });

  it('a newer version is not read, not overwritten, and can be cleared', () => {
    const storage = new QuotaStorage();
    const newer = JSON.stringify({ version: HISTORY_VERSION + 1, receipts: [] });
    storage.setItem(HISTORY_KEY, newer);
    const { history } = historyOn(storage);
    history.load();
    expect(history.store.getState().notice).toEqual({ kind: 'newer' });
    history.save(analysis(), false);
    expect(history.store.getState().outcome).toEqual({ kind: 'failed', failure: 'read-only' });
    expect(storage.getItem(HISTORY_KEY)).toBe(newer);
    history.clear();
    expect(storage.getItem(HISTORY_KEY)).toBeNull();
    expect(history.store.getState().notice).toBeNull();
  });

  it('the history shows the notice and the next save keeps only readable receipts', () => {
    const storage = new QuotaStorage();
    storage.setItem(HISTORY_KEY, JSON.stringify({ version: 2, receipts: [receipt('ok', '2025-11-01'), { id: 7 }] }));
    const { history } = historyOn(storage);
    history.load();
    expect(history.store.getState().notice).toEqual({ kind: 'skipped', count: 1 });
    history.save(analysis(), false);
    expect(readHistory(storage.getItem(HISTORY_KEY)).receipts.map((r) => r.id)).toEqual(['ok', 'r1']);
  });
});

describe('storage that fails', () => {
  it('a full storage refuses the save, says so and keeps what was there', () => {
    const storage = new QuotaStorage();
    const { history } = historyOn(storage);
    history.save(analysis(), false);
    expect(history.store.getState().outcome).toEqual({ kind: 'saved' });
    const before = storage.getItem(HISTORY_KEY);
    // Room for a little more, not for a second receipt.
    storage.quotaChars = HISTORY_KEY.length + (before?.length ?? 0) + 50;
    history.save(analysis({ store_info: { name: 'Lidl', total: 12.5 } }), true);
    expect(history.store.getState().outcome).toEqual({ kind: 'failed', failure: 'full' });
    expect(history.store.getState().receipts).toHaveLength(1);
    expect(storage.getItem(HISTORY_KEY)).toBe(before);
  });

  it('Firefox and old WebKit quota errors count as full too', () => {
    for (const error of [Object.assign(new Error('quota'), { name: 'NS_ERROR_DOM_QUOTA_REACHED' }), Object.assign(new Error('quota'), { code: 22 })]) {
      const storage = new QuotaStorage();
      storage.setItem = () => {
        throw error;
      };
      expect(createHistoryStorage(() => storage).write([receipt('a', '2025-11-01')])).toBe('full');
    }
  });

  it('storage that throws when touched (a sandboxed frame) reads as blocked; saving says so', () => {
    const { history } = historyOn(null as unknown as Storage);
    const blocked = createHistory({
      storage: createHistoryStorage(() => {
        throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
      }),
    });
    blocked.load();
    expect(blocked.store.getState()).toMatchObject({ loaded: true, blocked: true, receipts: [] });
    blocked.save(analysis(), false);
    expect(blocked.store.getState().outcome).toEqual({ kind: 'failed', failure: 'blocked' });
    // No storage at all (a browser with it switched off) is the same.
    history.load();
    expect(history.store.getState().blocked).toBe(true);
  });

  it('a storage that reads but refuses every write (Safari private mode of old) is reported as full', () => {
    const storage = new QuotaStorage(0);
    const { history } = historyOn(storage);
    history.load();
    expect(history.store.getState().blocked).toBe(false);
    history.save(analysis(), false);
    expect(history.store.getState().outcome).toEqual({ kind: 'failed', failure: 'full' });
  });
});

describe('the same receipt twice', () => {
  it('is saved once: the same store, day and printed total say so, and the first one is named', () => {
    const storage = new QuotaStorage();
    const { history, setNow } = historyOn(storage);
    expect(history.save(analysis(), false)).toMatchObject({ kind: 'saved' });
    // Read again (other numbers after a correction, other case in the store's name): the same receipt.
    const again = history.save(analysis({ total_emissions: 9, total_price: 40, store_info: { name: 'K-CITYMARKET HELSINKI RUOHOLAHTI', total: 46.9 } }), false);
    expect(again).toEqual({ kind: 'duplicate', receipt: history.store.getState().receipts[0] });
    expect(history.store.getState().outcome).toEqual({ kind: 'duplicate', receipt: history.store.getState().receipts[0] });
    expect(readHistory(storage.getItem(HISTORY_KEY)).receipts).toHaveLength(1);
    // Another total, another store or another day is another receipt.
    expect(history.save(analysis({ store_info: { name: 'K-Citymarket Helsinki Ruoholahti', total: 12.1 } }), false).kind).toBe('saved');
    expect(history.save(analysis({ store_info: { name: 'Lidl', total: 46.9 } }), false).kind).toBe('saved');
    setNow(new Date(2025, 10, 4, 12));
    expect(history.save(analysis(), false).kind).toBe('saved');
    // Without a printed total on either side, the item sums tell.
    const noTotal = analysis({ store_info: { name: 'Tori', total: null } });
    expect(history.save(noTotal, false).kind).toBe('saved');
    expect(history.save(noTotal, false).kind).toBe('duplicate');
    expect(history.save({ ...noTotal, total_price: 1 }, false).kind).toBe('saved');
  });

  it('a quiet save (a batch) leaves the view’s status as it was', () => {
    const { history } = historyOn(new QuotaStorage());
    history.save(analysis(), false);
    history.remove('r1');
    expect(history.save(analysis(), false, { announce: false })).toMatchObject({ kind: 'saved' });
    expect(history.store.getState().outcome).toEqual({ kind: 'deleted' });
  });
});

describe('delete', () => {
  it('deletes one, then all', () => {
    const storage = new QuotaStorage();
    const { history, setNow } = historyOn(storage);
    history.save(analysis(), false);
    setNow(new Date(2025, 11, 5, 9));
    history.save(analysis({ total_emissions: 3 }), false);
    history.remove('r1');
    expect(history.store.getState().receipts.map((r) => [r.id, r.date])).toEqual([['r2', '2025-12-05']]);
    expect(readHistory(storage.getItem(HISTORY_KEY)).receipts).toHaveLength(1);
    history.clear();
    expect(history.store.getState().receipts).toEqual([]);
    expect(storage.getItem(HISTORY_KEY)).toBeNull();
  });
});
