// Server time and peak memory per kind of input, through the real app (inject: routing,
// multipart, extraction, parsing, analysis, stats; no network in the way).
//   npm run bench:latency            (or: node bench/latency.ts [--runs-scale 0.5])
// Inputs come from test/fixtures/receipts/ when present, else they are made here.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { latencyInputs } from './inputs.ts';
import { MEMORY_BUDGET_MB } from './memory.ts';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Samples RSS while `work` runs; returns its peak in bytes. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

const scaleArg = process.argv.indexOf('--runs-scale');
const scale = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) || 1 : 1;
const runs = (n: number) => Math.max(1, Math.round(n * scale));

const inputs = await latencyInputs(runs);

const dataDir = await mkdtemp(join(tmpdir(), 'receipt-bench-'));
// The bench's own environment decides OCR_WORKERS etc.; an OpenAI key is ignored so the
// numbers are the offline reader's.
const config = loadConfig({
  ...process.env,
  OPENAI_API_KEY: '',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  RATE_LIMIT_MAX: '1000000',
});
const bootStart = performance.now();
const app = await buildApp(config);
await app.ready();
const bootMs = performance.now() - bootStart;

interface Row {
  kind: string;
  runs: number;
  statuses: string;
  allOk: boolean;
  median: number;
  p95: number;
  target: number;
  peakRssMb: number;
}
const rows: Row[] = [];
try {
  for (const input of inputs) {
    const body = await input.request();
    const send = () => app.inject({ method: 'POST', url: input.url, headers: body.headers, payload: body.payload });
    await send(); // warm-up: first-call costs (lazy imports, JIT) are not a visitor's latency
    const times: number[] = [];
    const statuses = new Map<number, number>();
    const { peak } = await withPeakRss(async () => {
      for (let i = 0; i < input.runs; i += 1) {
        const started = performance.now();
        const response = await send();
        times.push(performance.now() - started);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    });
    times.sort((a, b) => a - b);
    rows.push({
      kind: input.kind,
      runs: input.runs,
      statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
      allOk: statuses.size === 1 && statuses.has(200),
      median: percentile(times, 50),
      p95: percentile(times, 95),
      target: input.targetMs,
      peakRssMb: peak / 1024 / 1024,
    });
  }
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

// A refusal is fast and proves nothing about reading speed.
const meets = (row: Row, ms: number) => (!row.allOk ? 'n/a' : ms < row.target ? 'yes' : 'NO');
const header = ['input', 'runs', 'status', 'median ms', 'p95 ms', 'target ms', 'median meets', 'p95 meets', 'peak RSS MB'];
const table = rows.map((row) => [
  row.kind,
  String(row.runs),
  row.statuses,
  row.median.toFixed(1),
  row.p95.toFixed(1),
  `< ${row.target}`,
  meets(row, row.median),
  meets(row, row.p95),
  row.peakRssMb.toFixed(0),
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => (cells[column] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(`\nLatency through the real app (inject), OCR_WORKERS=${config.ocrWorkers}, boot incl. OCR workers ${bootMs.toFixed(0)} ms\n`);
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const cells of table) console.log(line(cells));
// The kernel's own peak for this process, which is the backend here (inject, no network): start,
// the OCR workers and every input above, no spike between samples missed.
const hwmKb = Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);
console.log(`\nPeak resident memory of the process, start and every run included (VmHWM): ${(hwmKb / 1024).toFixed(0)} MB (budget ${MEMORY_BUDGET_MB} MB; under continuous photo load from several clients: npm run bench:memory)`);
console.log('\nInputs:');
for (const input of inputs) console.log(`  ${input.kind}: ${input.source}`);
console.log('\nThe targets are for the median, the time a visitor usually waits. "p95 meets" compares the tail with the');
console.log('same number, as a warning rather than a second target: p95 is the second slowest of 20 runs, the slowest of 5 or 10.');
console.log('status: answers seen. "meets" is n/a unless every answer was 200: a refusal (415, 422) times no real reading.');
