// A statistics file written before the rollups existed is brought up to date at start: its rows
// are summed into the day rollups and running totals, so no count is lost in the upgrade.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, expect, it } from 'vitest';
import { SQLITE_MIGRATIONS } from '../../../src/server/stats/sqlite-migrations.ts';
import { openStatsStore, STATS_FILE_NAME } from '../../../src/server/stats/store.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('fills the rollups from the rows of a file made before them, once', async () => {
  dir = await mkdtemp(join(tmpdir(), 'receipt-stats-old-'));
  // The schema as it was: one table, no version.
  const old = new DatabaseSync(join(dir, STATS_FILE_NAME));
  old.exec(`
    CREATE TABLE receipts (processed_at INTEGER NOT NULL, total_kg REAL NOT NULL, item_count INTEGER NOT NULL, method TEXT NOT NULL) STRICT;
  `);
  const insert = old.prepare('INSERT INTO receipts VALUES (?, ?, ?, ?)');
  insert.run(Date.parse('2025-01-14T21:30:00Z'), 6, 5, 'ocr'); // Tuesday 23:30 Helsinki
  insert.run(Date.parse('2025-01-14T22:30:00Z'), 11, 9, 'text'); // Wednesday 00:30 Helsinki
  insert.run(Date.parse('2025-01-15T09:00:00Z'), 4, 2, 'text'); // Wednesday
  insert.run(Date.parse('2025-01-01T09:00:00Z'), 3, 2, 'text'); // an earlier week
  old.close();

  const now = () => new Date('2025-01-15T12:00:00Z');
  const store = openStatsStore({ dataDir: dir, now });
  expect(store.summary()).toEqual({
    total_receipts_processed: 4,
    receipts_today: 2,
    receipts_this_week: 3,
    average_emissions_per_receipt: 6,
  });
  store.record({ totalKg: 1, itemCount: 1, method: 'text' });
  store.close();

  // Opening again applies nothing twice.
  const again = openStatsStore({ dataDir: dir, now });
  expect(again.summary()).toMatchObject({ total_receipts_processed: 5, receipts_today: 3 });
  again.close();
  const db = new DatabaseSync(join(dir, STATS_FILE_NAME), { readOnly: true });
  expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SQLITE_MIGRATIONS.length });
  db.close();
});
