// The statistics in a shared PostgreSQL database (DATABASE_URL), so that several stateless
// instances behind a load balancer count into one place. Each receipt is one statement: the
// row, its day's rollup and the running totals change together or not at all. The database may
// be down at start or go away while serving: that is logged once per outage, receipts are still
// analysed (their count is lost, statistics are best effort) and /stats answers 503 until a
// query succeeds again.
import pg from 'pg';
import type { StatsResponse } from '../../contract.ts';
import { checkRecord, failureReason, recordOf, StatsUnavailableError, toSummary, type StatsBackend, type StatsLog } from './backend.ts';

export type { StatsLog } from './backend.ts';
import { helsinkiDate, helsinkiWeekStartDate } from './helsinki.ts';
import { migratePostgres } from './postgres-migrations.ts';

export interface PostgresBackendOptions {
  url: string;
  log: StatsLog;
  now?: () => Date;
  /** Connections per instance. */
  poolSize?: number;
  /** How often to try again while the database is away, ms. */
  retryMs?: number;
}

const RECORD = `
  WITH receipt AS (
    INSERT INTO receipts (processed_at, total_kg, item_count, method)
    VALUES (to_timestamp($1::double precision / 1000), $2::double precision, $3::integer, $4::text)
  ), day AS (
    INSERT INTO receipt_days (day, receipts, total_kg) VALUES ($5::date, 1, $2::double precision)
    ON CONFLICT (day) DO UPDATE SET receipts = receipt_days.receipts + 1, total_kg = receipt_days.total_kg + excluded.total_kg
  )
  UPDATE receipt_totals SET receipts = receipts + 1, total_kg = total_kg + $2::double precision WHERE id = 1
`;

const SUMMARY = `
  SELECT t.receipts::float8 AS receipts, t.total_kg AS "totalKg",
         COALESCE((SELECT receipts FROM receipt_days WHERE day = $1::date), 0)::float8 AS today,
         COALESCE((SELECT sum(receipts) FROM receipt_days WHERE day >= $2::date AND day <= $1::date), 0)::float8 AS week
  FROM receipt_totals t WHERE t.id = 1
`;

/** Where the database is, without the password, for log lines. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function openPostgresBackend({
  url,
  log,
  now = () => new Date(),
  poolSize = 10,
  retryMs = 5000,
}: PostgresBackendOptions): Promise<StatsBackend> {
  const where = describeDatabase(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    // A query that hangs (a database under a lock storm) must not hold a visitor's answer.
    query_timeout: 5000,
    application_name: 'receipt-calculator',
  });
  // An idle connection the server drops (restart, failover) is reported here; without a
  // listener it would crash the process.
  pool.on('error', (error) => down(error, 'an idle connection was dropped'));

  let migrated = false;
  let available = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let migrating: Promise<void> | undefined;
  const writes = new Set<Promise<unknown>>();

  // One log line when an outage starts and one when it ends, not one per request in between.
  let outageLogged = false;
  let everUp = false;
  function down(error: unknown, doing: string): void {
    if (!outageLogged) {
      log.error(
        { database: where, reason: failureReason(error) },
        `statistics database unreachable (${doing}); receipts are still analysed, /stats answers 503 until it is back`,
      );
      outageLogged = true;
    }
    available = false;
    scheduleRetry();
  }

  function up(): void {
    if (!available) log.info({ database: where }, everUp ? 'statistics database reachable again' : 'statistics database ready');
    everUp = true;
    outageLogged = false;
    available = true;
  }

  function scheduleRetry(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
  }

  function connect(): Promise<void> {
    migrating ??= (async () => {
      try {
        const client = await pool.connect();
        try {
          if (!migrated) {
            const version = await migratePostgres(client);
            migrated = true;
            log.info({ database: where, schemaVersion: version }, 'statistics schema up to date');
          } else {
            await client.query('SELECT 1');
          }
          client.release();
        } catch (error) {
          // A connection that failed is not given back to the pool for reuse.
          client.release(error instanceof Error ? error : true);
          throw error;
        }
        up();
      } catch (error) {
        down(error, migrated ? 'checking the connection' : 'at start');
      } finally {
        migrating = undefined;
      }
    })();
    return migrating;
  }

  await connect();

  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[], doing: string): Promise<pg.QueryResult<T>> {
    if (!migrated) throw new StatsUnavailableError('The statistics database has not been reached yet.');
    try {
      const result = await pool.query<T>(text, values);
      up();
      return result;
    } catch (error) {
      down(error, doing);
      throw new StatsUnavailableError('The statistics database cannot be reached.', { cause: error });
    }
  }

  let inFlight: Promise<StatsResponse> | undefined;
  async function readSummary(): Promise<StatsResponse> {
    const at = now();
    const { rows } = await query<{ receipts: number; totalKg: number; today: number; week: number }>(
      SUMMARY,
      [helsinkiDate(at), helsinkiWeekStartDate(at)],
      'reading /stats',
    );
    const row = rows[0];
    return toSummary({
      receipts: row?.receipts ?? 0,
      totalKg: row?.totalKg ?? 0,
      today: row?.today ?? 0,
      week: row?.week ?? 0,
    });
  }

  const backend: StatsBackend = {
    kind: 'postgres',
    get ready() {
      return available;
    },
    record(receipt) {
      checkRecord(receipt);
      const at = now();
      const write = query(RECORD, [at.getTime(), receipt.totalKg, receipt.itemCount, receipt.method, helsinkiDate(at)], 'counting a receipt').then(
        () => true,
        () => false,
      );
      writes.add(write);
      void write.finally(() => writes.delete(write));
      return write;
    },
    recordAnalysis(result) {
      return backend.record(recordOf(result));
    },
    summary() {
      // Requests arriving while a read is on its way share it: under load one query answers
      // many visitors, and the figures are at most one round trip old.
      inFlight ??= readSummary().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await Promise.allSettled([...writes]);
      await pool.end();
    },
  };
  return backend;
}
