// One behaviour, two stores: every test here runs against the embedded SQLite file and against
// PostgreSQL (DATABASE_URL; skipped loudly without it unless REQUIRE_POSTGRES=1).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatsResponse } from '../../../src/contract.ts';
import type { StatsBackend } from '../../../src/server/stats/backend.ts';
import { openStatsBackend } from '../../../src/server/stats/open.ts';
import type { StatsLog } from '../../../src/server/stats/postgres.ts';
import { STATS_FILE_NAME } from '../../../src/server/stats/store.ts';
import { createTestDatabase, postgresAvailable } from '../../support/postgres.ts';

const quiet: StatsLog = { info() {}, warn() {}, error() {} };

function clockAt(iso: string) {
  let current = new Date(iso);
  return {
    now: () => current,
    set(next: string) {
      current = new Date(next);
    },
  };
}

/** A place the store keeps its data, reopened by a second `open` to test a restart. */
interface Storage {
  open(now: () => Date): Promise<StatsBackend>;
  /** The receipt rows as kept, to check the rollups against. */
  rows(): Promise<{ at: number; kg: number }[]>;
  remove(): Promise<void>;
}

async function sqliteStorage(): Promise<Storage> {
  const dir = await mkdtemp(join(tmpdir(), 'receipt-stats-'));
  return {
    open: (now) => openStatsBackend({ dataDir: dir, databaseUrl: null, log: quiet, now }),
    async rows() {
      const db = new DatabaseSync(join(dir, STATS_FILE_NAME), { readOnly: true });
      const rows = db.prepare('SELECT processed_at AS at, total_kg AS kg FROM receipts').all() as { at: number; kg: number }[];
      db.close();
      return rows.map((row) => ({ at: Number(row.at), kg: Number(row.kg) }));
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresStorage(): Promise<Storage> {
  const database = await createTestDatabase();
  return {
    open: (now) => openStatsBackend({ dataDir: '/nonexistent', databaseUrl: database.url, log: quiet, now }),
    async rows() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ at: number; kg: number }>(
        'SELECT (extract(epoch FROM processed_at) * 1000)::float8 AS at, total_kg AS kg FROM receipts',
      );
      await client.end();
      return rows.map((row) => ({ at: Math.round(row.at), kg: row.kg }));
    },
    remove: () => database.drop(),
  };
}

const stores: [string, () => Promise<Storage>][] = [['SQLite', sqliteStorage]];
if (postgresAvailable('PostgreSQL statistics store tests (test/server/stats/backends.test.ts)')) stores.push(['PostgreSQL', postgresStorage]);

describe.each(stores)('%s statistics store', (_name, makeStorage) => {
  let storage: Storage | undefined;
  const opened: StatsBackend[] = [];
  afterEach(async () => {
    for (const backend of opened.splice(0)) await backend.close();
    await storage?.remove();
    storage = undefined;
  });

  async function openAt(iso: string) {
    storage = await makeStorage();
    const clock = clockAt(iso);
    const store = await storage.open(clock.now);
    opened.push(store);
    return { store, clock };
  }

  it('answers zeros when nothing was processed, and is ready', async () => {
    const { store } = await openAt('2025-01-15T10:00:00Z');
    expect(store.ready).toBe(true);
    expect(await store.summary()).toEqual<StatsResponse>({
      total_receipts_processed: 0,
      receipts_today: 0,
      receipts_this_week: 0,
      average_emissions_per_receipt: 0,
    });
  });

  it('counts today and this week by Helsinki midnight, not UTC midnight', async () => {
    const { store, clock } = await openAt('2025-01-13T08:00:00Z'); // Monday 10:00 Helsinki
    expect(await store.record({ totalKg: 4, itemCount: 3, method: 'text' })).toBe(true);
    clock.set('2025-01-14T21:30:00Z'); // Tuesday 23:30 Helsinki
    await store.record({ totalKg: 6, itemCount: 5, method: 'ocr' });
    clock.set('2025-01-14T22:30:00Z'); // Wednesday 00:30 Helsinki, still Tuesday in UTC
    await store.record({ totalKg: 11, itemCount: 9, method: 'pdf-text' });

    expect(await store.summary()).toEqual({
      total_receipts_processed: 3,
      receipts_today: 1,
      receipts_this_week: 3,
      average_emissions_per_receipt: 7,
    });
    clock.set('2025-01-19T21:59:00Z'); // Sunday 23:59 Helsinki: same week, new day
    expect(await store.summary()).toMatchObject({ receipts_today: 0, receipts_this_week: 3 });
    clock.set('2025-01-19T22:01:00Z'); // Monday 00:01 Helsinki: a new week
    expect(await store.summary()).toMatchObject({ total_receipts_processed: 3, receipts_today: 0, receipts_this_week: 0 });
  });

  it('keeps the day across the autumn DST change and the week across a month end', async () => {
    const { store, clock } = await openAt('2025-10-25T21:30:00Z'); // Sun 26 Oct 00:30 (+3)
    await store.record({ totalKg: 1, itemCount: 1, method: 'text' });
    clock.set('2025-10-26T21:30:00Z'); // Sun 26 Oct 23:30 (+2): same day
    expect(await store.summary()).toMatchObject({ receipts_today: 1, receipts_this_week: 1 });
    clock.set('2025-10-30T10:00:00Z'); // Monday 27 Oct began a new week
    await store.record({ totalKg: 3, itemCount: 1, method: 'text' });
    clock.set('2025-11-02T12:00:00Z'); // Sunday 2 Nov: same week as Thursday 30 Oct
    expect(await store.summary()).toMatchObject({ total_receipts_processed: 2, receipts_today: 0, receipts_this_week: 1 });
  });

  it('averages total kg per receipt over all history, rounded to two decimals', async () => {
    const { store, clock } = await openAt('2025-02-03T10:00:00Z');
    await store.record({ totalKg: 1, itemCount: 1, method: 'text' });
    clock.set('2025-03-03T10:00:00Z');
    await store.record({ totalKg: 1.005, itemCount: 1, method: 'text' });
    await store.record({ totalKg: 2.333, itemCount: 1, method: 'text' });
    expect((await store.summary()).average_emissions_per_receipt).toBe(1.45);
  });

  it('refuses a total that is not a number of kg, and counts nothing for it', async () => {
    const { store } = await openAt('2025-05-05T10:00:00Z');
    await expect(async () => store.record({ totalKg: Number.NaN, itemCount: 1, method: 'text' })).rejects.toThrow(RangeError);
    await expect(async () => store.record({ totalKg: -1, itemCount: 1, method: 'text' })).rejects.toThrow(RangeError);
    expect((await store.summary()).total_receipts_processed).toBe(0);
  });

  it('keeps its counts across a restart', async () => {
    const { store, clock } = await openAt('2025-06-10T09:00:00Z');
    await store.record({ totalKg: 3.5, itemCount: 2, method: 'text' });
    await store.close();
    opened.splice(opened.indexOf(store), 1);
    const again = await storage!.open(clock.now);
    opened.push(again);
    expect(await again.summary()).toMatchObject({ total_receipts_processed: 1, receipts_today: 1, average_emissions_per_receipt: 3.5 });
  });

  it('keeps rollups equal to what the rows say, with many writers at once', async () => {
    const { store, clock } = await openAt('2025-09-01T06:00:00Z');
    // Eleven days around two week starts, several receipts a day, all written concurrently per day.
    const start = Date.parse('2025-09-01T06:00:00Z');
    for (let day = 0; day < 11; day += 1) {
      clock.set(new Date(start + day * 86_400_000 + (day % 3) * 7_000_000).toISOString());
      await Promise.all(
        Array.from({ length: 5 + day }, (_, i) => store.record({ totalKg: (day * 7 + i) % 13, itemCount: i, method: 'text' })),
      );
    }
    const rows = await storage!.rows();
    const now = clock.now();
    const summary = await store.summary();
    // Expected from the rows alone: Helsinki day boundaries through Intl, independent of the store.
    const day = (ms: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(ms);
    const today = day(now.getTime());
    const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
    const monday = day(Date.parse(`${today}T12:00:00Z`) - weekday * 86_400_000);
    const total = rows.reduce((sum, row) => sum + row.kg, 0);
    expect(rows).toHaveLength(Array.from({ length: 11 }, (_, d) => 5 + d).reduce((a, b) => a + b, 0));
    expect(summary).toEqual({
      total_receipts_processed: rows.length,
      receipts_today: rows.filter((row) => day(row.at) === today).length,
      receipts_this_week: rows.filter((row) => day(row.at) >= monday && day(row.at) <= today).length,
      average_emissions_per_receipt: Math.round((total / rows.length) * 100) / 100,
    });
  });
});
