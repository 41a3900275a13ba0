// Resident memory of the backend process as a host runs it: `node src/server/main.ts` in its own
// process (start included), OCR_WORKERS workers, photos arriving continuously from several
// clients. The process's own peak (VmHWM in /proc/<pid>/status) is read, so no spike between
// samples is missed.
//   npm run bench:memory                 (or: node bench/memory.ts [--seconds 60] [--clients 4])
// `npm run bench:memory` starts the backend as `npm start` does, with MALLOC_ARENA_MAX=2.
// Photos: the project's rendered receipt photos in test/fixtures/receipts/images, plus each
// resized to a 12-megapixel phone photo (3000 × 4000), sent in turn.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS, REPO_ROOT } from '../scripts/paths.ts';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { multipart } from '../test/support/multipart.ts';

/** The product's memory budget for the backend process, OCR workers included. */
const BUDGET_MB = 700;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '240' },
    clients: { type: 'string', default: '4' },
    workers: { type: 'string', default: '2' },
    /** Extra environment for the backend, KEY=VALUE (e.g. MALLOC_ARENA_MAX=2). */
    env: { type: 'string', multiple: true },
  },
});
const seconds = Number(values.seconds);
const arenaMax = (values.env ?? []).find((pair) => pair.startsWith('MALLOC_ARENA_MAX='))?.slice('MALLOC_ARENA_MAX='.length) ?? process.env.MALLOC_ARENA_MAX ?? 'unset';
const clients = Number(values.clients);

function status(pid: number): { rssMb: number; hwmMb: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

async function photos(): Promise<{ name: string; bytes: Buffer }[]> {
  const dir = join(FIXTURE_RECEIPTS, 'images');
  const files = readdirSync(dir).filter((name) => /\.(jpe?g|png)$/.test(name)).sort();
  const out: { name: string; bytes: Buffer }[] = [];
  for (const name of files) {
    const bytes = readFileSync(join(dir, name));
    out.push({ name, bytes });
    const big = await sharp(bytes).resize(3000, 4000, { fit: 'contain', background: '#8a8378' }).jpeg({ quality: 85 }).toBuffer();
    out.push({ name: `${name} (12 MP)`, bytes: big });
  }
  return out;
}

const dataDir = await mkdtemp(join(tmpdir(), 'receipt-memory-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const inputs = await photos();
const started = performance.now();
const child = spawn(process.execPath, ['src/server/main.ts'], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    OPENAI_API_KEY: '',
    LOG_LEVEL: 'warn',
    OCR_WORKERS: values.workers,
    RATE_LIMIT_MAX: '1000000',
    OCR_QUEUE_LIMIT: '64',
    // On a machine busy with other work a photo may wait long for a worker; it is still memory.
    REQUEST_TIMEOUT_MS: '600000',
    ...Object.fromEntries((values.env ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
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
try {
  const readyMs = await waitForHealth();
  const atStart = status(pid);
  const until = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const photo = inputs[next++ % inputs.length];
        if (!photo) break;
        const body = await multipart({ file: { bytes: photo.bytes, name: 'receipt.jpg', type: 'image/jpeg' }, fileType: 'image' });
        let code = 0;
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
        answered += 1;
        statuses.set(code, (statuses.get(code) ?? 0) + 1);
      }
    }),
  );
  const end = status(pid);
  const loadSamples = samples.filter((s) => s.t > readyMs);
  const startPeak = Math.max(...samples.filter((s) => s.t <= readyMs).map((s) => s.rssMb));
  const loadPeak = Math.max(...loadSamples.map((s) => s.rssMb));
  const peak = end?.hwmMb ?? NaN;
  console.log(`\nBackend process memory: node src/server/main.ts, OCR_WORKERS=${values.workers} MALLOC_ARENA_MAX=${arenaMax}, ${clients} clients sending photos for ${seconds} s\n`);
  console.log('| phase | RSS MB | note |');
  console.log('|---|---|---|');
  console.log(`| start (until /health answers, ${(readyMs / 1000).toFixed(1)} s) | ${startPeak.toFixed(0)} peak sampled | ${atStart?.rssMb.toFixed(0)} when ready |`);
  console.log(`| photos (${answered} answered: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}) | ${loadPeak.toFixed(0)} peak sampled | ${end?.rssMb.toFixed(0)} at the end |`);
  console.log(`| whole run, VmHWM | ${peak.toFixed(0)} | budget ${BUDGET_MB}: ${peak <= BUDGET_MB ? 'within' : 'OVER'} |`);
  console.log(`\nPhotos: ${inputs.length} (${inputs.length / 2} rendered receipt photos of test/fixtures/receipts/images, each also as 12 MP).`);
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
