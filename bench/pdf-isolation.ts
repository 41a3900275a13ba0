// Why PDFs are read in a process and not in a worker thread: the same PDFs read the same way
// (pre-scan, pdfjs, text layers, the first page's picture when it has no text layer) in
//   thread:  a worker thread of the host's process with V8's resourceLimits (the heap a reader
//            process gets, 3/4 of PDF_MEMORY_MB), terminated when the process has grown by
//            PDF_MEMORY_MB since before the thread started or after PDF_TIMEOUT_MS, then
//            replaced by a fresh thread (its best case: a fresh one after every upload);
//   process: the PDF reader pool (pipeline/pdf/pool.ts) with its production limits.
// Each run is a fresh host process (node, nothing else loaded) measured from outside as
// bench/hostile.ts measures the server: resident memory of the host and every process it started
// before, at its peak while reading (sampled every 5 ms), and once settled after the reader was
// replaced. The PDFs are those of the hostile-file suite that the pre-scan lets through (what
// only the reader's limits hold), and a legitimate 12-megapixel scan that the reader renders.
//   node bench/pdf-isolation.ts [--rounds 2] [--kinds a,b]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { HOSTILE_KINDS } from '../scripts/hostile/kinds.ts';
import { settledMemory, watchPeak } from '../scripts/hostile/measure.ts';
import { FIXTURE_RECEIPTS, REPO_ROOT } from '../scripts/paths.ts';
import { DEFAULT_PDF_BUDGET, DEFAULT_PDF_WORK_LIMITS } from '../src/server/pipeline/pdf/budget.ts';
import { PdfPool } from '../src/server/pipeline/pdf/pool.ts';
import { makeTextPdf } from '../test/support/receipt-files.ts';
import type { ThreadJob, ThreadReply } from './pdf-isolation-thread.ts';

const MiB = 1024 * 1024;
const TEXT_PAGES = 5;
const LIMITS = DEFAULT_PDF_WORK_LIMITS;
const THREAD_ENTRY = new URL('./pdf-isolation-thread.ts', import.meta.url);

const { values } = parseArgs({
  options: {
    host: { type: 'string' },
    kind: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    kinds: { type: 'string' },
  },
});

/** A 12-megapixel phone photo as one page, with a line of text over it so the reader renders the page. */
async function largeScan(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const image = await document.embedJpg(readFileSync(join(FIXTURE_RECEIPTS, 'images/prisma-kaleva-2024-03-09--phone-crumpled-12mp.jpg')));
  const page = document.addPage([226, (image.height / image.width) * 226]);
  page.drawImage(image, { x: 0, y: 0, width: 226, height: page.getHeight() });
  page.drawText('.', { x: 5, y: 5, size: 4, font: await document.embedFont(StandardFonts.Courier) });
  return Buffer.from(await document.save());
}

const PASSED_BY_PRESCAN = ['pdf-encrypted-bomb', 'pdf-many-operators', 'pdf-self-reference'];
const FILES: Record<string, () => Buffer | Promise<Buffer>> = {
  ...Object.fromEntries(HOSTILE_KINDS.filter((kind) => PASSED_BY_PRESCAN.includes(kind.name)).map((kind) => [kind.name, () => kind.build()])),
  'scan-12mp (legitimate)': largeScan,
};

// ---- the host: one process that reads one PDF, by thread or by process, as told on stdin ----

interface HostResult {
  answer: string;
  seconds: number;
}

interface Reader {
  read(bytes: Buffer): Promise<string>;
  /** What a host does after an upload: a thread is replaced; the pool replaces its readers itself. */
  renew(): Promise<void>;
}

async function threadReader(): Promise<Reader> {
  const processBefore = process.memoryUsage.rss();
  let worker: Worker;
  const start = async () => {
    worker = new Worker(THREAD_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: Math.floor((LIMITS.memoryBytes * 0.75) / MiB) } });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once('message', () => {
        worker.off('error', onError);
        resolve();
      });
      worker.once('error', onError);
    });
  };
  await start();
  return {
    read: (bytes) =>
      new Promise((resolve) => {
        let ended: string | null = null;
        const end = (why: string) => {
          ended ??= why;
          void worker.terminate();
        };
        const timer = setTimeout(() => end('ended: time'), LIMITS.timeMs);
        const watch = setInterval(() => {
          if (process.memoryUsage.rss() - processBefore > LIMITS.memoryBytes) end('ended: memory');
        }, 5);
        const onMessage = (reply: ThreadReply) => {
          if ('done' in reply) settle(reply.code ?? 'read');
        };
        const onError = (error: Error & { code?: string }) => {
          ended ??= `ended: ${error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'heap limit' : error.name}`;
        };
        const onExit = () => settle(ended ?? 'ended');
        // Named listeners taken off one by one: a worker's own listeners must stay.
        function settle(answer: string) {
          clearTimeout(timer);
          clearInterval(watch);
          worker.off('message', onMessage).off('error', onError).off('exit', onExit);
          resolve(answer);
        }
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        worker.postMessage({ bytes, budget: DEFAULT_PDF_BUDGET, textPages: TEXT_PAGES } satisfies ThreadJob);
      }),
    async renew() {
      await worker.terminate();
      await start();
    },
  };
}

async function processReader(): Promise<Reader> {
  const pool = new PdfPool({
    workers: 1,
    maxQueue: 1,
    budget: DEFAULT_PDF_BUDGET,
    limits: LIMITS,
    textPages: TEXT_PAGES,
    log: () => {},
  });
  await pool.ready();
  const pids = () => pool.pids.join(',');
  return {
    async read(bytes) {
      try {
        const pdf = await pool.open(bytes);
        try {
          if ((await pdf.pageText(1)) === null) await pdf.scannedPage(1);
        } finally {
          await pdf.close();
        }
        return 'read';
      } catch (error) {
        return (error as { code?: string }).code ?? 'failed';
      }
    },
    async renew() {
      // The pool replaces an overrun or grown reader on its own; wait until it has one ready again.
      const before = pids();
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let attempt = 0; attempt < 100 && (pool.pids.length !== 1 || pids() === ''); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
      if (before !== pids()) await pool.ready();
    },
  };
}

async function host(how: string, kind: string): Promise<void> {
  const build = FILES[kind];
  if (!build) throw new Error(`unknown kind ${kind}`);
  const bytes = await build();
  const reader = how === 'thread' ? await threadReader() : await processReader();
  // First use (pdfjs's first page, JIT) is not what a file leaves behind.
  await reader.read(await makeTextPdf());
  const lines = createInterface({ input: process.stdin });
  const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
  say({ ready: true });
  for await (const line of lines) {
    if (line === 'go') {
      const started = performance.now();
      const answer = await reader.read(bytes);
      say({ answer, seconds: (performance.now() - started) / 1000 } satisfies HostResult);
      await reader.renew();
      say({ renewed: true });
    } else break;
  }
  process.exit(0);
}

// ---- the measurement, from outside each host ----

interface Row {
  answer: string;
  seconds: number;
  before: number;
  peak: number;
  after: number;
}

async function measure(how: string, kind: string): Promise<Row> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bench/pdf-isolation.ts'), '--host', how, '--kind', kind], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', MALLOC_ARENA_MAX: '2' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse(String((await lines.next()).value)) as Record<string, unknown>;
  await next();
  const pid = child.pid ?? 0;
  const before = await settledMemory(pid);
  const sampler = watchPeak(pid);
  child.stdin.write('go\n');
  const result = (await next()) as unknown as HostResult;
  const peak = sampler.stop();
  await next();
  const after = await settledMemory(pid);
  child.stdin.end('quit\n');
  await exited;
  return { answer: result.answer, seconds: result.seconds, before, peak, after };
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const rounds = Number(values.rounds);
  const kinds = values.kinds ? values.kinds.split(',') : Object.keys(FILES);
  const rows = new Map<string, Row[]>();
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      // Interleaved, the order alternating by round, so the machine's other load falls on both.
      for (const how of round % 2 === 0 ? ['thread', 'process'] : ['process', 'thread']) {
        const row = await measure(how, kind);
        const mb = (bytes: number) => (bytes / MiB).toFixed(0);
        console.error(`  round ${round + 1}  ${kind}  ${how}: ${row.answer} in ${row.seconds.toFixed(2)} s, ${mb(row.before)} → peak ${mb(row.peak)} → ${mb(row.after)} MB`);
        rows.set(`${kind}\t${how}`, [...(rows.get(`${kind}\t${how}`) ?? []), row]);
      }
    }
  }
  const mb = (bytes: number) => (bytes / MiB).toFixed(0);
  const signed = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;
  console.log(`\nA PDF read in a worker thread (resourceLimits, terminated on ${LIMITS.memoryBytes / MiB} MB of growth or ${LIMITS.timeMs / 1000} s, replaced after each upload) or in the PDF reader process pool; resident memory of the host and its processes; medians of ${rounds} round(s)\n`);
  const header = ['PDF', 'read in', 'answer', 'seconds', 'RSS before MB', 'peak MB', 'retained MB (each round)'];
  const table = [...rows].map(([key, runs]) => {
    const [kind = '', how = ''] = key.split('\t');
    return [
      kind,
      how,
      [...new Set(runs.map((run) => run.answer))].join(' / '),
      median(runs.map((run) => run.seconds)).toFixed(2),
      mb(median(runs.map((run) => run.before))),
      `${mb(median(runs.map((run) => run.peak)))} (${signed(median(runs.map((run) => run.peak - run.before)))})`,
      runs.map((run) => signed(run.after - run.before)).join(', '),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
}

if (values.host) await host(values.host, values.kind ?? '');
else await main();
