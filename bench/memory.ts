// The backend under continuous photo load, as a host runs it: `node src/server/main.ts` in its
// own process (start included), OCR_WORKERS workers, photos arriving from several clients. For
// each number of clients a fresh backend is started and loaded for the same time, so one table
// holds photo throughput (receipts answered per second, and the time each waited) beside the
// process's peak resident memory. The peak is the kernel's own (VmHWM in /proc/<pid>/status), so
// no spike between samples is missed.
//   npm run bench:memory                 (or: node bench/memory.ts [--seconds 120] [--clients 2,4]
//                                         [--against DIR])
// --against runs each row again with another checkout's backend (e.g. the main branch before a
// change), the two in turn, and prints the ratio of their throughputs per number of clients.
// `npm run bench:memory` starts the backend as `npm start` does, with MALLOC_ARENA_MAX=2.
// Photos: the project's rendered receipt photos in test/fixtures/receipts/images, plus each
// resized to a 12-megapixel phone photo (3000 × 4000), sent in turn.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIXTURE_RECEIPTS, REPO_ROOT } from '../scripts/paths.ts';
import { median } from '../src/server/pipeline/median.ts';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { multipart } from '../test/support/multipart.ts';

/** The product's memory budget for the backend process, OCR workers included. */
export const MEMORY_BUDGET_MB = 700;

interface Photo {
  name: string;
  bytes: Buffer;
}

export interface LoadRow {
  clients: number;
  seconds: number;
  answered: number;
  statuses: string;
  /** Photos answered 200 per second of load. */
  receiptsPerSecond: number;
  medianSeconds: number;
  p95Seconds: number;
  readySeconds: number;
  startPeakMb: number;
  loadPeakMb: number;
  endMb: number;
  /** VmHWM: the whole run, start included. */
  peakMb: number;
}

function status(pid: number): { rssMb: number; hwmMb: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** The rendered photos of the committed corpus, each also as a 12-megapixel JPEG. */
export async function loadPhotos(): Promise<Photo[]> {
  const dir = join(FIXTURE_RECEIPTS, 'images');
  const files = readdirSync(dir).filter((name) => /\.(jpe?g|png)$/.test(name)).sort();
  const out: Photo[] = [];
  for (const name of files) {
    const bytes = readFileSync(join(dir, name));
    out.push({ name, bytes });
    const big = await sharp(bytes).resize(3000, 4000, { fit: 'contain', background: '#8a8378' }).jpeg({ quality: 85 }).toBuffer();
    out.push({ name: `${name} (12 MP)`, bytes: big });
  }
  return out;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Starts a backend, loads it with `clients` clients for `seconds`, stops it. */
export async function runLoad(options: {
  clients: number;
  seconds: number;
  workers: string;
  env: Record<string, string>;
  photos: readonly Photo[];
  /** The checkout whose backend is run (default: this one). */
  root?: string;
}): Promise<LoadRow> {
  const { clients, seconds, photos } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'receipt-memory-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = performance.now();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: options.root ?? REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPENAI_API_KEY: '',
      LOG_LEVEL: 'warn',
      OCR_WORKERS: options.workers,
      RATE_LIMIT_MAX: '1000000',
      OCR_QUEUE_LIMIT: '64',
      // On a machine busy with other work a photo may wait long for a worker; it is still memory.
      REQUEST_TIMEOUT_MS: '600000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid ?? 0;
  const base = `http://127.0.0.1:${port}`;
  const samples: { t: number; rssMb: number }[] = [];
  const sampler = setInterval(() => {
    const s = status(pid);
    if (s) samples.push({ t: performance.now() - started, rssMb: s.rssMb });
  }, 50);

  async function waitForHealth(): Promise<number> {
    for (;;) {
      try {
        const response = await fetch(`${base}/health`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  let answered = 0;
  const statuses = new Map<number, number>();
  const waits: number[] = [];
  try {
    const readyMs = await waitForHealth();
    const loadStarted = performance.now();
    const until = loadStarted + seconds * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const photo = photos[next++ % photos.length];
          if (!photo) break;
          const body = await multipart({ file: { bytes: photo.bytes, name: 'receipt.jpg', type: 'image/jpeg' }, fileType: 'image' });
          let code = 0;
          const sent = performance.now();
          try {
            const response = await fetch(`${base}/api/process-receipt-ai`, {
              method: 'POST',
              headers: body.headers,
              body: new Uint8Array(typeof body.payload === 'string' ? Buffer.from(body.payload) : body.payload),
            });
            await response.arrayBuffer();
            code = response.status;
          } catch {
            // A connection the server closed (counted as status 0); memory is what is measured.
          }
          if (code === 200) waits.push((performance.now() - sent) / 1000);
          answered += 1;
          statuses.set(code, (statuses.get(code) ?? 0) + 1);
        }
      }),
    );
    // Clients stop starting photos at `until`; the photos they had sent are still counted.
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const end = status(pid);
    const startSamples = samples.filter((s) => s.t <= readyMs).map((s) => s.rssMb);
    const loadSamples = samples.filter((s) => s.t > readyMs).map((s) => s.rssMb);
    waits.sort((a, b) => a - b);
    return {
      clients,
      seconds: loadSeconds,
      answered,
      statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' '),
      receiptsPerSecond: (statuses.get(200) ?? 0) / loadSeconds,
      medianSeconds: percentile(waits, 50),
      p95Seconds: percentile(waits, 95),
      readySeconds: readyMs / 1000,
      startPeakMb: startSamples.length ? Math.max(...startSamples) : NaN,
      loadPeakMb: loadSamples.length ? Math.max(...loadSamples) : NaN,
      endMb: end?.rssMb ?? NaN,
      peakMb: end?.hwmMb ?? NaN,
    };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printLoadTable(rows: readonly LoadRow[]): void {
  console.log('| clients | photos answered | receipts/s | median s per photo | p95 s | ready after s | RSS peak while starting MB | RSS peak under load MB | RSS at the end MB | peak RSS, whole run (VmHWM) MB | budget 700 MB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.clients} | ${row.answered} (${row.statuses}) | ${row.receiptsPerSecond.toFixed(2)} | ${row.medianSeconds.toFixed(2)} | ${row.p95Seconds.toFixed(2)} | ${row.readySeconds.toFixed(1)} | ${row.startPeakMb.toFixed(0)} | ${row.loadPeakMb.toFixed(0)} | ${row.endMb.toFixed(0)} | ${row.peakMb.toFixed(0)} | ${row.peakMb <= MEMORY_BUDGET_MB ? 'within' : 'OVER'} |`,
    );
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '120' },
      clients: { type: 'string', default: '2,4' },
      workers: { type: 'string', default: '2' },
      /** Extra environment for the backend, KEY=VALUE (e.g. MALLOC_ARENA_MAX=2). */
      env: { type: 'string', multiple: true },
      against: { type: 'string' },
    },
  });
  const seconds = Number(values.seconds);
  const env = Object.fromEntries((values.env ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  const arenaMax = env.MALLOC_ARENA_MAX ?? process.env.MALLOC_ARENA_MAX ?? 'unset';
  const photos = await loadPhotos();
  const rows: LoadRow[] = [];
  const againstRows: LoadRow[] = [];
  const against = values.against === undefined ? undefined : resolve(values.against);
  for (const [index, clients] of values.clients.split(',').map(Number).entries()) {
    const mine = () => runLoad({ clients, seconds, workers: values.workers, env, photos });
    if (!against) {
      rows.push(await mine());
      continue;
    }
    const theirs = () => runLoad({ clients, seconds, workers: values.workers, env, photos, root: against });
    // Which goes first alternates, so a machine whose other load changes weighs on both alike.
    if (index % 2 === 0) {
      rows.push(await mine());
      againstRows.push(await theirs());
    } else {
      againstRows.push(await theirs());
      rows.push(await mine());
    }
  }
  console.log(`\nBackend under photo load: node src/server/main.ts, OCR_WORKERS=${values.workers} MALLOC_ARENA_MAX=${arenaMax}, each row a fresh backend loaded for ${seconds} s\n`);
  printLoadTable(rows);
  if (against) {
    console.log(`\nThe same rows with ${against}:\n`);
    printLoadTable(againstRows);
    console.log(`\nThis checkout against ${against}, rows in turn:\n`);
    console.log('| clients | rows | receipts/s, this / other (each pair) | median of the ratios | median s per photo, this / other (median of the ratios) |');
    console.log('|---|---|---|---|---|');
    for (const clients of [...new Set(rows.map((row) => row.clients))]) {
      const pairs = rows.flatMap((row, index) => {
        const other = againstRows[index];
        return row.clients === clients && other ? [{ throughput: row.receiptsPerSecond / other.receiptsPerSecond, wait: row.medianSeconds / other.medianSeconds }] : [];
      });
      const throughputs = pairs.map((pair) => pair.throughput);
      console.log(
        `| ${clients} | ${pairs.length} | ${throughputs.map((ratio) => ratio.toFixed(3)).join(', ')} | ${(median(throughputs) ?? Number.NaN).toFixed(3)} | ${(median(pairs.map((pair) => pair.wait)) ?? Number.NaN).toFixed(3)} |`,
      );
    }
  }
  console.log(`\nPhotos: ${photos.length} (${photos.length / 2} rendered receipt photos of test/fixtures/receipts/images, each also as 12 MP), sent in turn.`);
  console.log('receipts/s: photos answered 200 per second of load; the seconds per photo are each client\'s wait, queue included.');
}

if (import.meta.main) await main();
