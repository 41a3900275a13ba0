// Picks the statistics store: the shared PostgreSQL database when DATABASE_URL is set, else the
// embedded SQLite file under DATA_DIR.
import type { StatsBackend, StatsLog } from './backend.ts';
import { withSummaryCache } from './cache.ts';
import { openPostgresBackend } from './postgres.ts';
import { openSqliteBackend } from './sqlite-backend.ts';

export interface OpenStatsOptions {
  dataDir: string;
  databaseUrl: string | null;
  log: StatsLog;
  now?: () => Date;
  poolSize?: number;
  /** How long /stats figures may be reused, ms; 0 asks the store every time. */
  cacheMs?: number;
}

export async function openStatsBackend({ dataDir, databaseUrl, log, now, poolSize, cacheMs = 0 }: OpenStatsOptions): Promise<StatsBackend> {
  const clock = now ? { now } : {};
  const backend = databaseUrl
    ? await openPostgresBackend({ url: databaseUrl, log, ...clock, ...(poolSize ? { poolSize } : {}) })
    : openSqliteBackend({ dataDir, log, ...clock });
  return withSummaryCache(backend, cacheMs, now);
}
