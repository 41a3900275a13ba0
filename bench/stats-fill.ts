// Fills a statistics store with generated receipts by bulk insert, far faster than one receipt
// at a time: rows spread evenly over the last `days` Helsinki days up to now, then the day
// rollups and running totals summed from them, as the migration that introduced them does.
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { helsinkiDate, helsinkiDayStart } from '../src/server/stats/helsinki.ts';
import { openStatsDatabase } from '../src/server/stats/store.ts';

const DAY_MS = 86_400_000;

/** Start instants of the last `days` Helsinki days, oldest first, and the end of today. */
function dayStarts(days: number, now: Date): { starts: number[]; end: number } {
  const today = helsinkiDayStart(now).getTime();
  const starts: number[] = [];
  // Midday of each earlier day, snapped back to its own midnight: robust to 23- and 25-hour days.
  for (let back = days - 1; back >= 0; back -= 1) starts.push(helsinkiDayStart(new Date(today - back * DAY_MS + DAY_MS / 2)).getTime());
  return { starts, end: now.getTime() };
}

export function fillSqlite(dataDir: string, receipts: number, days: number, now = new Date()): void {
  openStatsDatabase(dataDir).close(); // creates and migrates the file
  const db = new DatabaseSync(`${dataDir}/stats.sqlite`);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;');
  const { starts, end } = dayStarts(days, now);
  const insertDay = db.prepare(`
    WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < :count)
    INSERT INTO receipts (processed_at, total_kg, item_count, method)
    SELECT CAST(:start + (i * :span) / :count AS INTEGER), ((i * 7919) % 2000) / 100.0, 1 + i % 40,
           CASE i % 3 WHEN 0 THEN 'text' WHEN 1 THEN 'pdf-text' ELSE 'ocr' END
    FROM seq
  `);
  const rollDay = db.prepare(`
    INSERT INTO receipt_days (day, receipts, total_kg)
    SELECT :day, COUNT(*), SUM(total_kg) FROM receipts WHERE processed_at >= :start AND processed_at < :stop
  `);
  db.exec('BEGIN');
  for (const [index, start] of starts.entries()) {
    const stop = starts[index + 1] ?? end;
    const count = Math.floor(receipts / days) + (index < receipts % days ? 1 : 0);
    if (count === 0) continue;
    insertDay.run({ count, start, span: stop - start });
    rollDay.run({ day: helsinkiDate(start), start, stop });
  }
  db.exec('UPDATE receipt_totals SET receipts = (SELECT COUNT(*) FROM receipts), total_kg = (SELECT SUM(total_kg) FROM receipts) WHERE id = 1');
  db.exec('COMMIT');
  db.close();
}

export async function fillPostgres(url: string, receipts: number, days: number, now = new Date()): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { starts, end } = dayStarts(days, now);
  const start = starts[0]!;
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO receipts (processed_at, total_kg, item_count, method)
       SELECT to_timestamp(($1::float8 + i * $2::float8) / 1000), ((i * 7919) % 2000) / 100.0, 1 + i % 40,
              (ARRAY['text', 'pdf-text', 'ocr'])[1 + i % 3]
       FROM generate_series(0, $3::bigint - 1) AS i`,
      [start, (end - start) / receipts, receipts],
    );
    await client.query(`
      INSERT INTO receipt_days (day, receipts, total_kg)
      SELECT (processed_at AT TIME ZONE 'Europe/Helsinki')::date, count(*), sum(total_kg) FROM receipts GROUP BY 1
      ON CONFLICT (day) DO UPDATE SET receipts = excluded.receipts, total_kg = excluded.total_kg
    `);
    await client.query(
      'UPDATE receipt_totals SET receipts = (SELECT count(*) FROM receipts), total_kg = (SELECT sum(total_kg) FROM receipts) WHERE id = 1',
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}
