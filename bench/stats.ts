// /stats at scale, on both statistics stores, side by side in one run:
//   node bench/stats.ts [--receipts 100000] [--seconds 5] [--connections 20] [--stores sqlite,postgres]
// For each store: bulk-fill N generated receipts (rows, day rollups, running totals), then
// start the real backend (src/server/main.ts) on it and measure
//   - /stats round-trip time, p50 and p95, one request at a time over keep-alive, every request
//     reading the store (STATS_CACHE_MS=0);
//   - /stats requests per second under load (autocannon), reading the store each time and as
//     deployed (figures reused for STATS_CACHE_MS), beside a bare Node HTTP server that answers a
//     constant JSON, the three taken in turns for several rounds (medians), so drift of the
//     machine's other load hits them alike;
//   - receipts written per second through the store's own record(): the row, its day rollup and
//     the running totals in one transaction, one after another and 16 at a time.
// PostgreSQL needs DATABASE_URL (scripts/postgres.sh starts a throwaway one); each run creates
// and drops its own database there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../scripts/paths.ts';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { StatsBackend } from '../src/server/stats/backend.ts';
import { openStatsBackend } from '../src/server/stats/open.ts';
import { fillPostgres, fillSqlite } from './stats-fill.ts';

const { values: args } = parseArgs({
  options: {
    receipts: { type: 'string', default: '100000' },
    days: { type: 'string', default: '365' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    stores: { type: 'string', default: 'sqlite,postgres' },
  },
});
const RECEIPTS = Number(args.receipts);
const DAYS = Number(args.days);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const quiet = { info() {}, warn() {}, error: (details: object, message: string) => console.error(message, details) };

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** Starts a script in its own process and waits for the URL it prints. */
async function startServer(script: string, env: Record<string, string>): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
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
  await autocannon({ url, connections: CONNECTIONS, amount: 2000 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** Requests per second of each URL, measured in turns for `rounds` rounds: the median of each. */
async function inTurns(urls: string[], rounds: number): Promise<number[]> {
  const seen = urls.map((): number[] => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, url] of urls.entries()) seen[index]!.push(await throughput(url));
  }
  return seen.map((values) => percentile(values.sort((a, b) => a - b), 50));
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
  directRps: number;
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
    try {
      const app = (cacheMs: string) => startServer('src/server/main.ts', { ...env, PORT: '0', OCR_WORKERS: '1', LOG_LEVEL: 'info', STATS_CACHE_MS: cacheMs });
      // Both ways at once: every request reading the store (what the rollups cost, whatever the
      // history), and as deployed, the figures reused for STATS_CACHE_MS (default).
      const [direct, cached] = await Promise.all([app('0'), app('')]);
      let row: Pick<Row, 'p50' | 'p95' | 'directRps' | 'statsRps' | 'bareRps' | 'total'>;
      try {
        const directUrl = new URL('stats', direct.url).toString();
        const cachedUrl = new URL('stats', cached.url).toString();
        const { p50, p95, body } = await roundTrips(directUrl, 1000);
        // Taken in turns, several rounds, medians: the machine's other load drifts over seconds.
        const [bareRps, directRps, statsRps] = await inTurns([bare.url, directUrl, cachedUrl], ROUNDS);
        row = { p50, p95, directRps: directRps!, statsRps: statsRps!, bareRps: bareRps!, total: (body as { total_receipts_processed?: unknown }).total_receipts_processed };
      } finally {
        await Promise.all([direct.stop(), cached.stop()]);
      }
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
const header = [
  'store',
  'receipts',
  'bulk fill /s',
  '/stats p50 ms',
  '/stats p95 ms',
  'p95 < 20 ms',
  '/stats req/s, store read each time',
  '/stats req/s, cached 1 s',
  'bare node req/s',
  'ratio cached (≥ 0.5)',
  'ratio uncached',
  'record /s (1 at a time)',
  'record /s (16 at a time)',
];
const table = rows.map((row) => [
  row.store,
  fmt(Number(row.total)),
  fmt(row.fillPerS),
  fmt(row.p50, 2),
  fmt(row.p95, 2),
  row.p95 < 20 ? 'yes' : 'NO',
  fmt(row.directRps),
  fmt(row.statsRps),
  fmt(row.bareRps),
  `${fmt(row.statsRps / row.bareRps, 2)} ${row.statsRps / row.bareRps >= 0.5 ? 'yes' : 'NO'}`,
  fmt(row.directRps / row.bareRps, 2),
  fmt(row.writeOne),
  fmt(row.writeMany),
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => (cells[column] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(
  `\n/stats at ${fmt(RECEIPTS)} receipts over ${DAYS} days; p50/p95: 1000 requests one at a time, each reading the store (STATS_CACHE_MS=0); ` +
    `load: ${CONNECTIONS} connections × ${SECONDS} s (autocannon), the three servers in turns, median of ${ROUNDS} rounds\n`,
);
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const cells of table) console.log(line(cells));
