// Anonymous community statistics in an embedded SQLite file (Node's built-in node:sqlite).
// One row per processed receipt holding only numbers: when, total kg CO2e, how many items,
// and how it was read. No text, no file, no address: nothing that could identify a visitor.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { AnalysisResult, ProcessingMethod, StatsResponse } from '../../contract.ts';
import { roundKg } from '../pipeline/money.ts';
import { fileSystemReason, StartupError } from '../startup-error.ts';
import { helsinkiDayStart, helsinkiWeekStart } from './helsinki.ts';

export interface ReceiptRecord {
  totalKg: number;
  itemCount: number;
  method: ProcessingMethod;
}

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

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS receipts (
    processed_at INTEGER NOT NULL,
    total_kg REAL NOT NULL,
    item_count INTEGER NOT NULL,
    method TEXT NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS receipts_processed_at ON receipts (processed_at);
`;

export function openStatsStore({ dataDir, now = () => new Date() }: StatsStoreOptions): StatsStore {
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
  // WAL keeps readers (GET /stats every 30 s per visitor) from waiting on writers.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 2000;');
  db.exec(SCHEMA);

  const insert = db.prepare('INSERT INTO receipts (processed_at, total_kg, item_count, method) VALUES (?, ?, ?, ?)');
  const aggregate = db.prepare(`
    SELECT COUNT(*) AS total,
           COALESCE(SUM(processed_at >= :dayStart), 0) AS today,
           COALESCE(SUM(processed_at >= :weekStart), 0) AS week,
           COALESCE(AVG(total_kg), 0) AS average
    FROM receipts
  `);

  function record({ totalKg, itemCount, method }: ReceiptRecord): void {
    if (!Number.isFinite(totalKg) || totalKg < 0) {
      throw new RangeError('A receipt total must be a finite, non-negative number of kg.');
    }
    insert.run(now().getTime(), totalKg, itemCount, method);
  }

  return {
    record,
    recordAnalysis(result) {
      record({ totalKg: result.total_emissions, itemCount: result.items.length, method: result.metadata.processing_method });
    },
    summary() {
      const at = now();
      const row = aggregate.get({ dayStart: helsinkiDayStart(at).getTime(), weekStart: helsinkiWeekStart(at).getTime() }) as
        | { total: number; today: number; week: number; average: number }
        | undefined;
      return {
        total_receipts_processed: Number(row?.total ?? 0),
        receipts_today: Number(row?.today ?? 0),
        receipts_this_week: Number(row?.week ?? 0),
        // Two decimals: the widget shows one or two.
        average_emissions_per_receipt: roundKg(Number(row?.average ?? 0), 2),
      };
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
