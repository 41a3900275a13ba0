// The PDF reader processes: a PDF is read in one, its time, CPU time and memory are watched from
// the server, and one that overruns is ended (its memory given back with it), refused as
// pdf-too-complex, and replaced by a fresh reader that reads the next PDF.
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import * as hostile from '../../../../scripts/hostile/pdfs.ts';
import { DEFAULT_PDF_BUDGET, DEFAULT_PDF_WORK_LIMITS, type PdfWorkLimits } from '../../../../src/server/pipeline/pdf/budget.ts';
import { PdfPool, READER_NICENESS } from '../../../../src/server/pipeline/pdf/pool.ts';
import { makeTextPdf, refusal } from '../extract/helpers.ts';

const MiB = 1024 * 1024;
let pool: PdfPool | undefined;
const logged: string[] = [];

function startPool(limits: Partial<PdfWorkLimits> = {}, options: { workers?: number; maxQueue?: number } = {}): PdfPool {
  pool = new PdfPool({
    workers: options.workers ?? 1,
    maxQueue: options.maxQueue ?? 4,
    budget: DEFAULT_PDF_BUDGET,
    limits: { ...DEFAULT_PDF_WORK_LIMITS, ...limits },
    textPages: 5,
    log: (level, message) => logged.push(`${level}: ${message}`),
  });
  return pool;
}

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  logged.length = 0;
});

async function readText(reader: PdfPool, bytes: Buffer): Promise<string | null> {
  const pdf = await reader.open(bytes);
  try {
    return await pdf.pageText(1);
  } finally {
    await pdf.close();
  }
}

/** Opens a page of 1.5 million paths and draws it: work past any small budget, refused at one step or the other. */
async function drawOperators(reader: PdfPool): Promise<unknown> {
  try {
    const pdf = await reader.open(hostile.manyOperators(24));
    try {
      await pdf.renderPage(1);
    } finally {
      await pdf.close();
    }
    return null;
  } catch (error) {
    return error;
  }
}

describe('PdfPool', () => {
  it('reads a PDF in a reader process of its own', async () => {
    const reader = startPool();
    await reader.ready();
    expect(reader.pids).toHaveLength(1);
    expect(reader.pids[0]).not.toBe(process.pid);
    const pdf = await reader.open(await makeTextPdf(undefined, 2));
    expect(pdf.pageCount).toBe(2);
    expect(await pdf.pageText(2)).toMatch(/YHTEENSÄ/);
    await pdf.close();
    expect(reader.load).toBe(0);
  });

  it('ends a reader whose memory passes the limit, and reads the next PDF in a fresh one', async () => {
    const reader = startPool({ memoryBytes: 256 * MiB, timeMs: 60_000, cpuMs: 60_000 });
    await reader.ready();
    const [first] = reader.pids;
    const answer = await refusal(reader.open(hostile.encryptedDeflateBomb(1024)));
    expect(answer).toMatchObject({ code: 'pdf-too-complex', status: 422 });
    expect(logged).toContain('warn: A PDF overran its memory budget; its reader was ended');
    expect(await readText(reader, await makeTextPdf())).toMatch(/MAITO/);
    expect(reader.pids).not.toContain(first);
  });

  it('ends a reader that works past the time limit', async () => {
    const reader = startPool({ timeMs: 1000, cpuMs: 60_000 });
    await reader.ready();
    const started = performance.now();
    expect(await drawOperators(reader)).toMatchObject({ code: 'pdf-too-complex' });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(logged).toContain('warn: A PDF overran its time budget; its reader was ended');
  });

  it('runs its readers at a lower CPU priority than the server', async () => {
    const reader = startPool();
    await reader.ready();
    const [pid] = reader.pids;
    expect(pid).toBeDefined();
    expect(getPriority(pid)).toBe(Math.min(19, getPriority() + READER_NICENESS));
  });

  it('answers busy, not too complex, when a reader ran out of time without the CPU to spend', async () => {
    const reader = startPool({ timeMs: 1000, cpuMs: 60_000 });
    await reader.ready();
    const [pid] = reader.pids;
    if (pid === undefined) throw new Error('no reader');
    const drawing = drawOperators(reader);
    // A stopped reader gets no CPU at all, as one on a machine far too busy gets little.
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.kill(pid, 'SIGSTOP');
    expect(await drawing).toMatchObject({ code: 'busy' });
    expect(logged.some((line) => line.includes('too little CPU'))).toBe(true);
    expect(await readText(reader, await makeTextPdf())).toMatch(/MAITO/);
  });

  it('ends a reader that spends more CPU time than allowed', async () => {
    const reader = startPool({ timeMs: 60_000, cpuMs: 500 });
    await reader.ready();
    expect(await drawOperators(reader)).toMatchObject({ code: 'pdf-too-complex' });
    expect(logged).toContain('warn: A PDF overran its cpu budget; its reader was ended');
  });

  it('answers busy with Retry-After when the readers and the queue are taken', async () => {
    const reader = startPool({}, { workers: 1, maxQueue: 0 });
    await reader.ready();
    const text = await makeTextPdf();
    const open = await reader.open(text);
    const answer = await refusal(reader.open(text));
    expect(answer).toMatchObject({ code: 'busy', status: 503 });
    expect(answer.retryAfter).toBeGreaterThanOrEqual(1);
    await open.close();
    expect(await readText(reader, text)).toMatch(/MAITO/);
  });

  it('drops an upload that is still waiting when its visitor goes away', async () => {
    const reader = startPool({ timeMs: 4000, cpuMs: 60_000 }, { workers: 1, maxQueue: 2 });
    await reader.ready();
    const text = await makeTextPdf();
    const drawing = await reader.open(hostile.manyOperators(24));
    // Drawing 1.5 million paths keeps the only reader busy until its time is up.
    const busyReader = drawing.renderPage(1).catch((error: unknown) => error);
    const visitor = new AbortController();
    const waiting = reader.open(text, visitor.signal);
    visitor.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(reader.load).toBe(1);
    expect(await busyReader).toMatchObject({ code: 'pdf-too-complex' });
    await drawing.close();
    expect(reader.load).toBe(0);
  });

  it('starts its readers with the first upload when ready() was not called', async () => {
    const reader = startPool();
    expect(await readText(reader, await makeTextPdf())).toMatch(/YHTEENSÄ/);
  });
});
