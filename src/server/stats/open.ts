// Picks the statistics store: the shared PostgreSQL database when DATABASE_URL is set, else the
// embedded SQLite file under DATA_DIR.
import type { StatsBackend } from './backend.ts';
import { openPostgresBackend, type StatsLog } from './postgres.ts';
import { openSqliteBackend } from './sqlite-backend.ts';

export interface OpenStatsOptions {
  dataDir: string;
  databaseUrl: string | null;
  log: StatsLog;
  now?: () => Date;
  poolSize?: number;
}

export function openStatsBackend({ dataDir, databaseUrl, log, now, poolSize }: OpenStatsOptions): Promise<StatsBackend> {
  const clock = now ? { now } : {};
  if (databaseUrl) return openPostgresBackend({ url: databaseUrl, log, ...clock, ...(poolSize ? { poolSize } : {}) });
  return Promise.resolve(openSqliteBackend({ dataDir, log, ...clock }));
}
