// PDFs are read in reader processes (reader-process.ts), a warm pool of them, never in the
// server: a PDF can make a library allocate far more than its bytes, and only a process that
// ends gives all of it back (glibc keeps freed memory of the server's own heap; see README.md).
// Each upload has a budget across all its calls: wall time and CPU time of the process, and the
// process's resident memory, watched from here (/proc) every few milliseconds. On overrun the
// process is killed, the upload refused (pdf-too-complex), and a fresh process started. Uploads
// beyond the workers wait in a bounded queue; beyond it the answer is busy (503, Retry-After).
// Readers run at a lower CPU priority than the server, so a PDF that spends its whole budget
// does not slow the photos and texts read beside it; a reader that ran out of wall time while
// the machine gave it too little CPU to spend its budget says busy, not that the file is at fault.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ImageSource } from '../decode/image.ts';
import type { PixelImage } from '../decode/paper.ts';
import { CodedError } from '../errors.ts';
import { busy } from '../ocr/refusals.ts';
import type { PdfBudget, PdfWorkLimits } from './budget.ts';
import type { PdfFile } from './document.ts';
import type { PdfForget, PdfJob, PdfReply, PdfRequest } from './protocol.ts';
import { pdfTooComplex, unreadablePdf } from './refusals.ts';

export interface PdfPoolOptions {
  /** Reader processes, started at boot and kept warm. */
  workers: number;
  /** Uploads allowed to wait for a reader; beyond it `open` throws busy (503). */
  maxQueue: number;
  budget: PdfBudget;
  limits: PdfWorkLimits;
  /** Pages whose text layer the first call reads at once (the pages an upload is read to). */
  textPages: number;
  /** Upper bound of one reader's start, ms. */
  startTimeoutMs?: number;
  /** Operational messages only (never what a PDF says). */
  log: (level: 'warn' | 'error', message: string) => void;
}

/**
 * A reader is replaced, after an upload, once its resident memory has grown this much past
 * what it held when it started: a reader process holds about 110 MB at rest, and an upload
 * whose pictures it decoded can leave it at twice that (measured: README.md).
 */
export const RECYCLE_GROWTH_BYTES = 64 * 1024 * 1024;
/** How often a working reader's memory is read, ms. */
const MEMORY_POLL_MS = 5;
/** A reader's CPU time is read every this many memory polls. */
const CPU_POLL_EVERY = 4;
const DEFAULT_START_TIMEOUT_MS = 30_000;
const READER_ENTRY = fileURLToPath(new URL('./reader-process.ts', import.meta.url));
/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;
/**
 * Readers' niceness above the server's: at 10 the kernel gives a reader about a tenth of a core's share when the
 * server's own threads (OCR of photos) want the cores, and all of any idle core otherwise
 * (bench/hostile.ts measures a photo beside ten hostile PDFs).
 */
export const READER_NICENESS = 10;
/**
 * A reader out of wall time that had less than this share of a core over it (CPU time over wall
 * time) was starved by a busy machine rather than held by its file: the upload is answered busy
 * (503, Retry-After), which the widget waits out, instead of refused as too complex.
 */
const STARVED_BELOW_CORE_SHARE = 0.5;

/**
 * A PDF reader process could not be started (a broken installation, too little memory); the
 * server tells it at start like its own start-up problems (startup-error.ts).
 */
export class PdfReaderStartError extends Error {
  override name = 'PdfReaderStartError';
}

/** Resident memory of a process, bytes; null where /proc is not there. */
function residentBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const kb = /^VmRSS:\s+(\d+)/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, ms; null where /proc is not there. */
function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Fields after the command name (which may hold spaces): state is 3rd, utime 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

interface Running {
  job: PdfJob;
  upload: Upload;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  startedAt: number;
  cpuAtStart: number | null;
  /** Why the pool ended the process, when it did; `starved`: out of wall time with less than half a core over it. */
  overrun: 'time' | 'starved' | 'cpu' | 'memory' | null;
  timers: NodeJS.Timeout[];
}

interface Reader {
  child: ChildProcess;
  ready: Promise<void>;
  /** Resident memory once started: what its growth is measured from. */
  startRss: number;
  /** The upload whose document the process holds open. */
  doc: number | null;
  running: Running | null;
  /** Starting, or being replaced: not to be given work. */
  settling: boolean;
  /** Grown past its share: replaced as soon as no job runs on it. */
  retiring: boolean;
  /** Replies the server waits for (jobs, forgets): while any, the reader keeps the event loop alive. */
  awaited: number;
  started: boolean;
  exited: boolean;
}

interface Waiting {
  upload: Upload;
  request: PdfRequest;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/** One upload's PDF: its bytes, what its calls have spent, what its first call read. */
interface Upload {
  id: number;
  bytes: Buffer;
  prescanned: boolean;
  wallMs: number;
  cpuMs: number;
  /** Set once it has been refused for an overrun: later calls get the same answer. */
  refused: CodedError | null;
}

const MAX_RETRY_AFTER_SECONDS = 60;
/** Seconds one upload is assumed to keep a reader before any has been measured. */
const INITIAL_UPLOAD_SECONDS = 0.5;

export class PdfPool {
  readonly #options: PdfPoolOptions;
  readonly #readers: Reader[] = [];
  readonly #queue: Waiting[] = [];
  #uploads = 0;
  #nextId = 1;
  #closed = false;
  #uploadSeconds = INITIAL_UPLOAD_SECONDS;
  /** Starts that failed in a row: the next waits longer, and waiting uploads are told to come back. */
  #startFailures = 0;

  constructor(options: PdfPoolOptions) {
    this.#options = options;
  }

  /** Uploads admitted and not yet closed: being read or waiting. */
  get load(): number {
    return this.#uploads;
  }

  /** Starts the reader processes; resolves when every one has loaded pdfjs and can take work. */
  async ready(): Promise<void> {
    this.#startReaders();
    await Promise.all(this.#readers.map((reader) => reader.ready));
  }

  /** The readers are started at boot (ready) or, failing that, by the first upload. */
  #startReaders(): void {
    while (this.#readers.length < Math.max(1, this.#options.workers)) this.#readers.push(this.#spawn());
  }

  /** Process ids of the reader processes (for measuring their memory beside the server's). */
  get pids(): number[] {
    return this.#readers.flatMap((reader) => (reader.child.pid === undefined || reader.exited ? [] : [reader.child.pid]));
  }

  /**
   * Opens an upload's PDF in a reader: pre-scan, pdfjs, and the text layers of its first pages.
   * Throws busy when too many uploads wait, a refusal of the file, or pdf-too-complex on overrun.
   */
  async open(bytes: Buffer, signal?: AbortSignal): Promise<PdfFile> {
    if (this.#closed) throw busy(MAX_RETRY_AFTER_SECONDS);
    if (this.#uploads >= Math.max(1, this.#options.workers) + this.#options.maxQueue) throw busy(this.#retryAfter());
    this.#startReaders();
    this.#uploads++;
    const upload: Upload = { id: this.#nextId++, bytes, prescanned: false, wallMs: 0, cpuMs: 0, refused: null };
    let closed = false;
    const close = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      this.#uploads--;
      this.#uploadSeconds = 0.8 * this.#uploadSeconds + 0.2 * (upload.wallMs / 1000);
      this.#forget(upload);
    };
    try {
      const opened = (await this.#call(upload, { op: 'open', pages: this.#options.textPages }, signal)) as { pageCount: number; texts: (string | null)[] };
      const call = (request: PdfRequest) => this.#call(upload, request);
      return {
        pageCount: opened.pageCount,
        pageText: async (page) => (page <= opened.texts.length ? (opened.texts[page - 1] ?? null) : ((await call({ op: 'text', page })) as string | null)),
        scannedPage: async (page) => imageSource(await call({ op: 'scan', page })),
        renderPage: async (page) => pixelImage(await call({ op: 'render', page })),
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#queue.splice(0)) this.#settleWaiting(waiting, () => waiting.reject(busy(MAX_RETRY_AFTER_SECONDS)));
    await Promise.all(
      this.#readers.map(async (reader) => {
        if (reader.exited) return;
        const exited = new Promise((resolve) => reader.child.once('exit', resolve));
        // Held until it has ended, or the server could stop waiting for nothing.
        reader.child.ref();
        reader.child.kill('SIGKILL');
        await exited;
      }),
    );
  }

  #retryAfter(): number {
    const rounds = Math.ceil((this.#uploads + 1) / Math.max(1, this.#options.workers));
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(rounds * this.#uploadSeconds)));
  }

  #spawn(): Reader {
    const { memoryBytes } = this.#options.limits;
    const child = fork(READER_ENTRY, [], {
      execArgv: [
        // V8's own heap stops well below the process's memory limit; typed arrays are watched from here.
        `--max-old-space-size=${Math.max(64, Math.floor((memoryBytes * 0.75) / 1024 / 1024))}`,
        '--expose-gc',
        '--disable-warning=ExperimentalWarning',
      ],
      serialization: 'advanced',
      // pdfjs's and the allocator's own messages could quote a file: nothing of them is kept.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      // Only what the reader needs: no keys or connection strings of the server.
      env: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...(process.env.PATH ? { PATH: process.env.PATH } : {}) },
    });
    try {
      if (child.pid !== undefined) setPriority(child.pid, Math.min(19, getPriority() + READER_NICENESS));
    } catch {
      // Where priorities cannot be set the reader runs at the server's; its budgets still hold.
    }
    const reader: Reader = { child, ready: Promise.resolve(), startRss: 0, doc: null, running: null, settling: true, retiring: false, awaited: 0, started: false, exited: false };
    reader.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new PdfReaderStartError('a PDF reader process did not start in time'));
      }, this.#options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
      child.once('error', (error) => reject(new PdfReaderStartError(`a PDF reader process could not be started (${error.message})`)));
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new PdfReaderStartError('a PDF reader process ended while starting'));
      });
      child.on('message', (reply: PdfReply) => {
        if ('ready' in reply) {
          clearTimeout(timer);
          reader.startRss = residentBytes(child.pid ?? 0) ?? 0;
          reader.started = true;
          reader.settling = false;
          this.#startFailures = 0;
          this.#expect(reader, -1);
          this.#pump();
          resolve();
        } else {
          this.#onReply(reader, reply);
        }
      });
    });
    reader.ready.catch(() => {});
    child.once('exit', (code, signal) => this.#onExit(reader, code, signal));
    // Its ready message is awaited like a reply.
    this.#expect(reader, 1);
    return reader;
  }

  /** A reader the server waits for keeps its event loop alive; an idle one does not. */
  #expect(reader: Reader, change: 1 | -1): void {
    reader.awaited += change;
    const channel = reader.child.channel as { ref?: () => void; unref?: () => void } | undefined;
    // Closing, every reader is held until it has ended.
    if (reader.awaited > 0 || this.#closed) {
      reader.child.ref();
      channel?.ref?.();
    } else {
      reader.child.unref();
      channel?.unref?.();
    }
  }

  #send(reader: Reader, message: PdfJob | PdfForget): void {
    this.#expect(reader, 1);
    reader.child.send(message);
  }

  #call(upload: Upload, request: PdfRequest, signal?: AbortSignal): Promise<unknown> {
    if (upload.refused) return Promise.reject(upload.refused);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        upload,
        request,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.#queue.indexOf(waiting);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiting.onAbort, { once: true });
      this.#queue.push(waiting);
      this.#pump();
    });
  }

  #settleWaiting(waiting: Waiting, outcome: () => void): void {
    waiting.signal?.removeEventListener('abort', waiting.onAbort);
    outcome();
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      const free = this.#readers.filter((reader) => !reader.running && !reader.settling && !reader.retiring && !reader.exited);
      if (free.length === 0) return;
      const waiting = this.#queue[0];
      if (!waiting) return;
      // The reader that holds the upload's document already, if one is free.
      const reader = free.find((candidate) => candidate.doc === waiting.upload.id) ?? free.find((candidate) => candidate.doc === null) ?? free[0];
      if (!reader) return;
      this.#queue.shift();
      this.#settleWaiting(waiting, () => this.#start(reader, waiting));
    }
  }

  #start(reader: Reader, waiting: Waiting): void {
    const { upload, request } = waiting;
    if (upload.refused) return waiting.reject(upload.refused);
    const job: PdfJob = {
      id: this.#nextId++,
      doc: upload.id,
      ...(reader.doc === upload.id ? {} : { bytes: upload.bytes }),
      prescan: !upload.prescanned,
      budget: this.#options.budget,
      request,
    };
    const pid = reader.child.pid ?? 0;
    const running: Running = {
      job,
      upload,
      resolve: waiting.resolve,
      reject: waiting.reject,
      startedAt: performance.now(),
      cpuAtStart: cpuMsOf(pid),
      overrun: null,
      timers: [],
    };
    reader.running = running;
    reader.doc = upload.id;
    const { limits } = this.#options;
    const end = (overrun: NonNullable<Running['overrun']>) => {
      if (running.overrun || reader.running !== running) return;
      running.overrun = overrun;
      reader.child.kill('SIGKILL');
    };
    /** CPU time of all the upload's calls so far, ms; null where /proc is not there. */
    const spentCpuMs = (): number | null => {
      if (running.cpuAtStart === null) return null;
      const cpu = cpuMsOf(pid);
      return cpu === null ? null : upload.cpuMs + (cpu - running.cpuAtStart);
    };
    const outOfTime = () => {
      const spent = spentCpuMs();
      end(spent !== null && spent < STARVED_BELOW_CORE_SHARE * limits.timeMs ? 'starved' : 'time');
    };
    running.timers.push(setTimeout(outOfTime, Math.max(0, limits.timeMs - upload.wallMs)));
    let polls = 0;
    running.timers.push(
      setInterval(() => {
        const rss = residentBytes(pid);
        if (rss !== null && rss > limits.memoryBytes) return end('memory');
        if (++polls % CPU_POLL_EVERY !== 0) return;
        const spent = spentCpuMs();
        if (spent !== null && spent > limits.cpuMs) end('cpu');
      }, MEMORY_POLL_MS),
    );
    this.#send(reader, job);
  }

  #finish(reader: Reader, running: Running, cpuMs: number | null): void {
    for (const timer of running.timers) clearTimeout(timer);
    running.upload.wallMs += performance.now() - running.startedAt;
    if (cpuMs !== null) running.upload.cpuMs += cpuMs;
    reader.running = null;
  }

  #onReply(reader: Reader, reply: PdfReply): void {
    if (!('id' in reply) && !('forgotten' in reply)) return;
    this.#expect(reader, -1);
    if ('forgotten' in reply) {
      if (reader.doc === reply.forgotten) reader.doc = null;
      // Grown past its share, garbage collected: replaced once nothing runs on it.
      if (reply.rss > this.#recycleAbove(reader)) reader.retiring = true;
      if (reader.retiring && !reader.running) this.#replace(reader);
      return;
    }
    const running = reader.running;
    if (!running || running.job.id !== reply.id || running.overrun) return;
    this.#finish(reader, running, reply.cpuMs);
    running.upload.prescanned = true;
    // A refused open leaves nothing open there: the bytes go along with the next call.
    if (!reply.ok) reader.doc = null;
    if (reply.ok) running.resolve(reply.value);
    else running.reject(reply.error.code ? new CodedError(reply.error.code, reply.error.message, reply.error.params ? { params: reply.error.params } : {}) : this.#unexpected(reply.error.name));
    if (reader.retiring) this.#replace(reader);
    else this.#pump();
  }

  #recycleAbove(reader: Reader): number {
    return reader.startRss + RECYCLE_GROWTH_BYTES;
  }

  #unexpected(name: string | undefined): CodedError {
    this.#options.log('warn', `A PDF reader failed unexpectedly (${name ?? 'unknown'})`);
    return unreadablePdf();
  }

  #onExit(reader: Reader, code: number | null, signal: NodeJS.Signals | null): void {
    reader.exited = true;
    const running = reader.running;
    if (running && this.#closed) {
      this.#finish(reader, running, null);
      running.reject(busy(MAX_RETRY_AFTER_SECONDS));
    } else if (running) {
      this.#finish(reader, running, null);
      let refusal: CodedError;
      if (running.overrun === 'starved') {
        this.#options.log('warn', 'A PDF reader had too little CPU to finish in time; its reader was ended and the upload answered busy');
        refusal = busy(this.#retryAfter());
      } else if (running.overrun) {
        this.#options.log('warn', `A PDF overran its ${running.overrun} budget; its reader was ended`);
        refusal = pdfTooComplex();
      } else if (signal === 'SIGABRT' || code === 134) {
        // V8 aborts the process when its heap limit is reached.
        this.#options.log('warn', 'A PDF reader ran out of memory');
        refusal = pdfTooComplex();
      } else {
        this.#options.log('error', `A PDF reader ended unexpectedly (${signal ?? `exit ${code}`})`);
        refusal = unreadablePdf();
      }
      running.upload.refused = refusal;
      running.reject(refusal);
    }
    const index = this.#readers.indexOf(reader);
    if (index < 0 || this.#closed) return;
    if (reader.started) {
      this.#readers.splice(index, 1, this.#spawn());
      return;
    }
    // It never started: try again later, and send waiting uploads away meanwhile when no reader can take them.
    this.#startFailures++;
    this.#options.log('error', `A PDF reader process could not start (${signal ?? `exit ${code}`}); trying again`);
    if (this.#readers.every((other) => other.exited || !other.started)) {
      for (const waiting of this.#queue.splice(0)) this.#settleWaiting(waiting, () => waiting.reject(busy(5 * this.#startFailures)));
    }
    const retry = setTimeout(() => {
      const at = this.#readers.indexOf(reader);
      if (at >= 0 && !this.#closed) this.#readers.splice(at, 1, this.#spawn());
    }, Math.min(30_000, 1000 * this.#startFailures));
    retry.unref();
  }

  /** The upload is done: its document is closed in the reader that holds it (after any job sent before). */
  #forget(upload: Upload): void {
    const reader = this.#readers.find((candidate) => candidate.doc === upload.id && !candidate.exited && !candidate.settling);
    if (!reader) return;
    this.#send(reader, { forget: upload.id, collectAbove: this.#recycleAbove(reader) });
  }

  #replace(reader: Reader): void {
    reader.settling = true;
    reader.child.kill('SIGKILL');
  }
}

function bytesOf(value: unknown): Buffer {
  if (!(value instanceof Uint8Array)) throw unreadablePdf(new Error('a reader sent no bytes'));
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

function pixelImage(value: unknown): PixelImage {
  const image = value as PixelImage;
  const data = bytesOf(image.data);
  return { ...image, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

function imageSource(value: unknown): ImageSource {
  const source = value as ImageSource;
  if ('bytes' in source) return { bytes: bytesOf(source.bytes), kind: source.kind };
  return { pixels: pixelImage(source.pixels) };
}
