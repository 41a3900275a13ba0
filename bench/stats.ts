// /stats at scale, on both statistics stores, side by side in one run:
//   node bench/stats.ts [--receipts 100000] [--seconds 5] [--connections 20] [--stores sqlite,postgres]
// For each store: bulk-fill N generated receipts (rows, day rollups, running totals), then
// start the real backend (src/server/main.ts) on it and measure
//   - /stats round-trip time, p50 and p95, one request at a time over keep-alive;
//   - /stats requests per second under load (autocannon), beside a bare Node HTTP server that
//     answers a constant JSON, measured before and after the backend so drift shows;
//   - receipts written per second through the store's own record(): the row, its day rollup and
//     the running totals in one transaction, one after another and 16 at a time.
// PostgreSQL needs DATABASE_URL (scripts/postgres.sh starts a throwaway one); each run creates
// and drops its own database there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { StatsBackend } from '../src/server/stats/backend.ts';
import { openStatsBackend } from '../src/server/stats/open.ts';
import { fillPostgres, fillSqlite } from './stats-fill.ts';

const ROOT = join(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    receipts: { type: 'string', default: '100000' },
    days: { type: 'string', default: '365' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    stores: { type: 'string', default: 'sqlite,postgres' },
  },
});
const RECEIPTS = Number(args.receipts);
const DAYS = Number(args.days);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const quiet = { info() {}, warn() {}, error: (details: object, message: string) => console.error(message, details) };

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** Starts a script in its own process and waits for the URL it prints. */
async function startServer(script: string, env: Record<string, string>): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => reject(new Error(`${script} exited: ${output}`)));
  });
  // Keep draining its output (log lines) so the pipe never fills.
  child.stdout!.resume();
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function roundTrips(url: string, count: number): Promise<{ p50: number; p95: number; body: unknown }> {
  let body: unknown;
  for (let i = 0; i < 50; i += 1) body = await (await fetch(url)).json(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url);
    body = await response.json();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), body };
}

async function throughput(url: string): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function writeRate(store: StatsBackend, count: number, parallel: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        if (!(await store.record({ totalKg: (next % 2000) / 100, itemCount: 1 + (next % 40), method: 'text' }))) {
          throw new Error('a receipt was not counted');
        }
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

interface Row {
  store: string;
  fillPerS: number;
  p50: number;
  p95: number;
  statsRps: number;
  bareRps: number;
  writeOne: number;
  writeMany: number;
  total: unknown;
}

async function measure(store: 'sqlite' | 'postgres'): Promise<Row> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-stats-'));
  let fillMs: number;
  if (store === 'sqlite') {
    const started = performance.now();
    fillSqlite(dataDir, RECEIPTS, DAYS);
    fillMs = performance.now() - started;
    env = { DATA_DIR: dataDir };
    cleanup = () => rm(dataDir, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `bench_stats_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const migrated = await openStatsBackend({ dataDir, databaseUrl: url.toString(), log: quiet });
    await migrated.close();
    const started = performance.now();
    await fillPostgres(url.toString(), RECEIPTS, DAYS);
    fillMs = performance.now() - started;
    env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    cleanup = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  console.error(`${store}: ${RECEIPTS.toLocaleString('en-US')} receipts filled in ${(fillMs / 1000).toFixed(1)} s`);

  try {
    const bare = await startServer('bench/bare-json-server.ts', {});
    const app = await startServer('src/server/main.ts', { ...env, PORT: '0', OCR_WORKERS: '1', LOG_LEVEL: 'info' });
    try {
      const statsUrl = new URL('stats', app.url).toString();
      const { p50, p95, body } = await roundTrips(statsUrl, 1000);
      const bareBefore = await throughput(bare.url);
      const statsRps = await throughput(statsUrl);
      const bareAfter = await throughput(bare.url);
      const row = { p50, p95, statsRps, bareRps: (bareBefore + bareAfter) / 2, total: (body as { total_receipts_processed?: unknown }).total_receipts_processed };
      const writer = await openStatsBackend({
        dataDir,
        databaseUrl: env.DATABASE_URL ?? null,
        log: quiet,
      });
      try {
        const writeOne = await writeRate(writer, store === 'sqlite' ? 5000 : 2000, 1);
        const writeMany = await writeRate(writer, store === 'sqlite' ? 5000 : 4000, 16);
        return { store, fillPerS: RECEIPTS / (fillMs / 1000), ...row, writeOne, writeMany };
      } finally {
        await writer.close();
      }
    } finally {
      await app.stop();
      await bare.stop();
    }
  } finally {
    await cleanup();
  }
}

const stores = args.stores.split(',').filter((store): store is 'sqlite' | 'postgres' => store === 'sqlite' || store === 'postgres');
if (stores.includes('postgres') && !process.env.DATABASE_URL) {
  console.error('*** PostgreSQL left out: set DATABASE_URL (eval "$(scripts/postgres.sh start)") ***');
  stores.splice(stores.indexOf('postgres'), 1);
}
const rows: Row[] = [];
for (const store of stores) rows.push(await measure(store));

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const header = ['store', 'receipts', 'bulk fill /s', '/stats p50 ms', '/stats p95 ms', 'p95 < 20 ms', '/stats req/s', 'bare node req/s', 'ratio (≥ 0.5)', 'record /s (1 at a time)', 'record /s (16 at a time)'];
const table = rows.map((row) => [
  row.store,
  fmt(Number(row.total)),
  fmt(row.fillPerS),
  fmt(row.p50, 2),
  fmt(row.p95, 2),
  row.p95 < 20 ? 'yes' : 'NO',
  fmt(row.statsRps),
  fmt(row.bareRps),
  `${fmt(row.statsRps / row.bareRps, 2)} ${row.statsRps / row.bareRps >= 0.5 ? 'yes' : 'NO'}`,
  fmt(row.writeOne),
  fmt(row.writeMany),
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => (cells[column] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(`\n/stats at ${fmt(RECEIPTS)} receipts over ${DAYS} days; load: ${CONNECTIONS} connections × ${SECONDS} s (autocannon), bare server measured before and after\n`);
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const cells of table) console.log(line(cells));
