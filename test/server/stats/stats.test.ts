// The community statistics: real SQLite under DATA_DIR, Helsinki "today"/"this week",
// the sample left out, failures left out, rows kept across restarts.
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatsResponse } from '../../../src/contract.ts';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';
import { openStatsStore, STATS_FILE_NAME, type StatsStore } from '../../../src/server/stats/store.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { COUNTED_RECEIPT_TEXT } from '../helpers.ts';

/** A clock the test moves by hand. */
function clockAt(iso: string) {
  let current = new Date(iso);
  return {
    now: () => current,
    set(next: string) {
      current = new Date(next);
    },
  };
}

describe('stats store', () => {
  let dir: string;
  let store: StatsStore | undefined;
  afterEach(async () => {
    store?.close();
    store = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function openAt(iso: string) {
    dir = await mkdtemp(join(tmpdir(), 'receipt-stats-'));
    const clock = clockAt(iso);
    store = openStatsStore({ dataDir: join(dir, 'nested', 'data'), now: clock.now });
    return { store, clock };
  }

  it('creates DATA_DIR and answers zeros when nothing was processed', async () => {
    const { store } = await openAt('2025-01-15T10:00:00Z');
    expect(existsSync(join(dir, 'nested', 'data', STATS_FILE_NAME))).toBe(true);
    expect(store.summary()).toEqual<StatsResponse>({
      total_receipts_processed: 0,
      receipts_today: 0,
      receipts_this_week: 0,
      average_emissions_per_receipt: 0,
    });
  });

  it('counts today and this week by Helsinki midnight, not UTC midnight', async () => {
    const { store, clock } = await openAt('2025-01-13T08:00:00Z'); // Monday 10:00 Helsinki
    store.record({ totalKg: 4, itemCount: 3, method: 'text' });
    clock.set('2025-01-14T21:30:00Z'); // Tuesday 23:30 Helsinki
    store.record({ totalKg: 6, itemCount: 5, method: 'ocr' });
    clock.set('2025-01-14T22:30:00Z'); // Wednesday 00:30 Helsinki, still Tuesday in UTC
    store.record({ totalKg: 11, itemCount: 9, method: 'pdf-text' });

    expect(store.summary()).toEqual({
      total_receipts_processed: 3,
      receipts_today: 1,
      receipts_this_week: 3,
      average_emissions_per_receipt: 7,
    });

    clock.set('2025-01-19T21:59:00Z'); // Sunday 23:59 Helsinki: same week, new day
    expect(store.summary().receipts_today).toBe(0);
    expect(store.summary().receipts_this_week).toBe(3);

    clock.set('2025-01-19T22:01:00Z'); // Monday 00:01 Helsinki: a new week
    expect(store.summary().receipts_this_week).toBe(0);
    expect(store.summary().total_receipts_processed).toBe(3);
  });

  it('keeps the day across the autumn DST change', async () => {
    const { store, clock } = await openAt('2025-10-25T21:30:00Z'); // Sun 26 Oct 00:30 (+3)
    store.record({ totalKg: 1, itemCount: 1, method: 'text' });
    clock.set('2025-10-26T21:30:00Z'); // Sun 26 Oct 23:30 (+2): same day
    expect(store.summary().receipts_today).toBe(1);
    clock.set('2025-10-26T22:30:00Z'); // Mon 27 Oct 00:30: a new day and a new week
    expect(store.summary().receipts_today).toBe(0);
    expect(store.summary().receipts_this_week).toBe(0);
  });

  it('averages total kg per receipt, rounded to two decimals', async () => {
    const { store } = await openAt('2025-05-05T10:00:00Z');
    for (const totalKg of [1.111, 2.222, 3.336]) store.record({ totalKg, itemCount: 1, method: 'text' });
    expect(store.summary().average_emissions_per_receipt).toBe(2.22);
  });

  it('stores only time, total kg, item count and method', async () => {
    const { store } = await openAt('2025-05-05T10:00:00Z');
    store.record({ totalKg: 2.5, itemCount: 4, method: 'ocr' });
    store.close();
    const db = new DatabaseSync(join(dir, 'nested', 'data', STATS_FILE_NAME), { readOnly: true });
    const columns = (db.prepare('PRAGMA table_info(receipts)').all() as { name: string }[]).map((c) => c.name);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    const rows = db.prepare('SELECT * FROM receipts').all();
    // The rollups beside the rows hold only a Helsinki date and sums of the same numbers.
    const rollupColumns = ['receipt_days', 'receipt_totals'].map((table) =>
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name).sort(),
    );
    db.close();
    expect(tables.sort()).toEqual(['receipt_days', 'receipt_totals', 'receipts']);
    expect(rollupColumns).toEqual([
      ['day', 'receipts', 'total_kg'],
      ['id', 'receipts', 'total_kg'],
    ]);
    expect(columns.sort()).toEqual(['item_count', 'method', 'processed_at', 'total_kg']);
    expect(rows).toEqual([{ processed_at: Date.parse('2025-05-05T10:00:00Z'), total_kg: 2.5, item_count: 4, method: 'ocr' }]);
  });

  it('refuses a total that is not a number of kg', async () => {
    const { store } = await openAt('2025-05-05T10:00:00Z');
    expect(() => store.record({ totalKg: Number.NaN, itemCount: 1, method: 'text' })).toThrow(RangeError);
    expect(store.summary().total_receipts_processed).toBe(0);
  });
});

describe('GET /stats', () => {
  let testApp: TestApp | undefined;
  const extraApps: TestApp[] = [];
  afterEach(async () => {
    for (const other of extraApps.splice(0)) await other.app.close();
    await testApp?.close();
    testApp = undefined;
  });

  const postText = (target: TestApp, text: string) =>
    target.app.inject({ method: 'POST', url: '/api/process-text', payload: { text } });
  const getStats = async (target: TestApp) => {
    const response = await target.app.inject({ method: 'GET', url: '/stats' });
    expect(response.statusCode).toBe(200);
    return response.json<StatsResponse>();
  };

  it('answers the four numbers of the contract', async () => {
    testApp = await buildTestApp();
    const stats = await getStats(testApp);
    expect(Object.keys(stats).sort()).toEqual([
      'average_emissions_per_receipt',
      'receipts_this_week',
      'receipts_today',
      'total_receipts_processed',
    ]);
    for (const value of Object.values(stats)) expect(typeof value).toBe('number');
  });

  it('does not count failed analyses', async () => {
    testApp = await buildTestApp();
    expect((await postText(testApp, 'nothing here but words')).statusCode).toBe(422);
    expect((await postText(testApp, '   ')).statusCode).toBe(400);
    expect((await getStats(testApp)).total_receipts_processed).toBe(0);
  });

  it('counts a processed receipt but not the built-in sample, and keeps rows across a restart', async () => {
    const clock = clockAt('2025-03-30T09:00:00Z'); // DST change day, 12:00 Helsinki
    testApp = await buildTestApp({}, { now: clock.now });

    const sample = await postText(testApp, SAMPLE_RECEIPT_TEXT.replace(/\n/g, '\r\n') + '\n\n');
    expect(sample.statusCode).toBe(200);
    expect((await getStats(testApp)).total_receipts_processed).toBe(0);

    const counted = await postText(testApp, COUNTED_RECEIPT_TEXT);
    expect(counted.statusCode).toBe(200);
    const kg = counted.json<{ total_emissions: number }>().total_emissions;
    const stats = await getStats(testApp);
    expect(stats).toMatchObject({ total_receipts_processed: 1, receipts_today: 1, receipts_this_week: 1 });
    expect(stats.average_emissions_per_receipt).toBeCloseTo(kg, 2);

    await testApp.app.close();
    clock.set('2025-03-31T06:00:00Z'); // Monday 09:00 Helsinki: new day, new week
    const restarted = await buildTestApp({ DATA_DIR: testApp.dataDir }, { now: clock.now });
    extraApps.push(restarted);
    expect(await getStats(restarted)).toMatchObject({ total_receipts_processed: 1, receipts_today: 0, receipts_this_week: 0 });
  });

  it('keeps rows across a restart on the same DATA_DIR', async () => {
    testApp = await buildTestApp();
    await testApp.app.stats.record({ totalKg: 3.5, itemCount: 2, method: 'text' });
    await testApp.app.close();
    const restarted = await buildTestApp({ DATA_DIR: testApp.dataDir });
    extraApps.push(restarted);
    expect(await getStats(restarted)).toMatchObject({ total_receipts_processed: 1, average_emissions_per_receipt: 3.5 });
  });
});
