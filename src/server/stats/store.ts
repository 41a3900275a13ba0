// Anonymous community statistics in an embedded SQLite file (Node's built-in node:sqlite), the
// default when no DATABASE_URL is set. One row per processed receipt holding only numbers: when,
// total kg CO2e, how many items, and how it was read. No text, no file, no address: nothing
// that could identify a visitor. Beside the rows, rollups per Helsinki day and running totals,
// updated in the row's own transaction, so /stats reads a handful of rows however long the history.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { AnalysisResult, StatsResponse } from '../../contract.ts';
import { fileSystemReason, StartupError } from '../startup-error.ts';
import { checkRecord, recordOf, toSummary, type ReceiptRecord } from './backend.ts';
import { helsinkiDate, helsinkiWeekStartDate } from './helsinki.ts';
import { migrateSqlite } from './sqlite-migrations.ts';

export type { ReceiptRecord } from './backend.ts';

/** The SQLite store itself: synchronous, as node:sqlite is. */
export interface StatsStore {
  /** Counts one processed receipt at the store's clock time. */
  record(receipt: ReceiptRecord): void;
  /** Counts a finished analysis: only its total, item count and method are kept. */
  recordAnalysis(result: AnalysisResult): void;
  summary(): StatsResponse;
  close(): void;
}

export interface StatsStoreOptions {
  dataDir: string;
  /** Injectable clock, for tests around Helsinki midnight and DST changes. */
  now?: () => Date;
}

export const STATS_FILE_NAME = 'stats.sqlite';

export function openStatsDatabase(dataDir: string): DatabaseSync {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} cannot be created (${fileSystemReason(error)})`, { cause: error });
  }
  const file = join(dataDir, STATS_FILE_NAME);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file);
  } catch (error) {
    throw new StartupError(`the stats database ${file} cannot be opened (${fileSystemReason(error)})`, { cause: error });
  }
  // WAL keeps readers (GET /stats every 30 s per visitor) from waiting on writers. NORMAL syncs
  // at checkpoints rather than at every commit: a crash of the process loses nothing, a power
  // cut may lose the last receipts counted, a fair price for statistics.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 2000;');
  migrateSqlite(db);
  return db;
}

export function openStatsStore({ dataDir, now = () => new Date() }: StatsStoreOptions): StatsStore {
  const db = openStatsDatabase(dataDir);

  const insert = db.prepare('INSERT INTO receipts (processed_at, total_kg, item_count, method) VALUES (?, ?, ?, ?)');
  const addToDay = db.prepare(`
    INSERT INTO receipt_days (day, receipts, total_kg) VALUES (?, 1, ?)
    ON CONFLICT (day) DO UPDATE SET receipts = receipts + 1, total_kg = total_kg + excluded.total_kg
  `);
  const addToTotals = db.prepare('UPDATE receipt_totals SET receipts = receipts + 1, total_kg = total_kg + ? WHERE id = 1');
  const read = db.prepare(`
    SELECT t.receipts AS receipts, t.total_kg AS totalKg,
           COALESCE((SELECT receipts FROM receipt_days WHERE day = :today), 0) AS today,
           COALESCE((SELECT SUM(receipts) FROM receipt_days WHERE day >= :weekStart AND day <= :today), 0) AS week
    FROM receipt_totals t WHERE t.id = 1
  `);

  function record(receipt: ReceiptRecord): void {
    checkRecord(receipt);
    const at = now();
    db.exec('BEGIN IMMEDIATE');
    try {
      insert.run(at.getTime(), receipt.totalKg, receipt.itemCount, receipt.method);
      addToDay.run(helsinkiDate(at), receipt.totalKg);
      addToTotals.run(receipt.totalKg);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  return {
    record,
    recordAnalysis(result) {
      record(recordOf(result));
    },
    summary() {
      const at = now();
      const row = read.get({ today: helsinkiDate(at), weekStart: helsinkiWeekStartDate(at) }) as
        | { receipts: number; totalKg: number; today: number; week: number }
        | undefined;
      return toSummary({
        receipts: Number(row?.receipts ?? 0),
        totalKg: Number(row?.totalKg ?? 0),
        today: Number(row?.today ?? 0),
        week: Number(row?.week ?? 0),
      });
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
