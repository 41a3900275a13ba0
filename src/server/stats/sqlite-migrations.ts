// Versioned schema of the SQLite statistics file. `PRAGMA user_version` holds the last applied
// version; each step runs in its own write transaction, so two processes opening one file at
// once apply it once. Steps are only ever appended.
import type { DatabaseSync } from 'node:sqlite';
import { helsinkiDate } from './helsinki.ts';

type Step = (db: DatabaseSync) => void;

export const SQLITE_MIGRATIONS: readonly Step[] = [
  // 1: the receipt rows (files made before versioning already have them: IF NOT EXISTS).
  (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS receipts (
        processed_at INTEGER NOT NULL,
        total_kg REAL NOT NULL,
        item_count INTEGER NOT NULL,
        method TEXT NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS receipts_processed_at ON receipts (processed_at);
    `),
  // 2: rollups per Helsinki day and running totals, filled from the rows already kept.
  (db) => {
    db.exec(`
      CREATE TABLE receipt_days (
        day TEXT PRIMARY KEY,
        receipts INTEGER NOT NULL,
        total_kg REAL NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE receipt_totals (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        receipts INTEGER NOT NULL,
        total_kg REAL NOT NULL
      ) STRICT;
    `);
    db.function('helsinki_date', { deterministic: true }, (ms) => helsinkiDate(Number(ms)));
    db.exec(`
      INSERT INTO receipt_days (day, receipts, total_kg)
        SELECT helsinki_date(processed_at), COUNT(*), SUM(total_kg) FROM receipts GROUP BY 1;
      INSERT INTO receipt_totals (id, receipts, total_kg)
        SELECT 1, COUNT(*), COALESCE(SUM(total_kg), 0) FROM receipts;
    `);
  },
];

export function migrateSqlite(db: DatabaseSync): void {
  for (;;) {
    db.exec('BEGIN IMMEDIATE');
    try {
      const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
      const step = SQLITE_MIGRATIONS[version];
      if (!step) {
        db.exec('COMMIT');
        return;
      }
      step(db);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
}
