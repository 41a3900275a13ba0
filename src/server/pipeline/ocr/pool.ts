// A small pool of tesseract.js workers, started once and reused, with a bounded queue.
// Our own rather than tesseract.js' createScheduler: a worker that overruns its time must be
// terminated and replaced, and the scheduler can neither time out a job nor drop a worker.
import { channel } from 'node:diagnostics_channel';
import type { Worker } from 'tesseract.js';
import { unreadableImage } from '../decode/refusals.ts';
import { linesFromSegments, segmentsOfPage } from './layout.ts';
import { MODE_PARAMETERS, onWorkerLost, startWorker, threadCpuMs, type OcrMode } from './tesseract.ts';
import { busy, ocrTimeout, ocrUnavailable } from './refusals.ts';
import { loadTrainedData, OcrStartError, type OcrLanguage, type TrainedData } from './trained-data.ts';

export interface OcrPoolOptions {
  workers: number;
  /** Jobs allowed to wait beyond one per worker. */
  maxQueue: number;
  /** Upper bound of one recognition, ms; the worker is replaced when it overruns. */
  timeoutMs: number;
  /** Upper bound of one worker start, ms. */
  startTimeoutMs: number;
  /** The OCR languages, the first leading. */
  languages: readonly OcrLanguage[];
  /** Folder holding `<code>.traineddata.gz` for every language; default: each language's own npm package. */
  dataFolder?: string;
  /** Operational messages only (never receipt text). */
  log: (level: 'warn' | 'error', message: string) => void;
  /**
   * A worker that finishes a job after the process's resident memory has grown by more than
   * this many bytes since the pool's first job is replaced by a fresh one (default
   * RECYCLE_GROWTH_BYTES; Infinity never replaces).
   */
  recycleGrowthBytes?: number;
}

/**
 * Tesseract's WebAssembly memory grows to fit the largest page a worker has read and is never
 * given back: one worker measured 140 MB when started and grew by about 180 MB over the 14
 * rendered photos of the corpus (a 12-megapixel crumpled receipt among them). A worker is
 * replaced (about a second of one core's time to start) once the process has grown this much
 * since its first job, so two workers cannot both keep their peak for good. With glibc's
 * allocator held to two arenas (MALLOC_ARENA_MAX=2, set by `npm start`) the backend stayed at
 * 482 MB with two workers and continuous photos (bench/memory.ts) and this never triggered.
 */
export const RECYCLE_GROWTH_BYTES = 250 * 1024 * 1024;

export interface OcrResult {
  text: string;
  /** Mean word confidence, 0–100. */
  confidence: number;
  /**
   * CPU time the worker's thread spent reading, ms: the cost of the reading itself, which does
   * not include waiting for a worker and hardly grows while the machine is busy with other work.
   */
  cpuMs?: number;
}

/**
 * A place in the pool, taken before the image is even prepared so the queue limit holds
 * from the moment a request is accepted. One ticket may recognise several images in turn
 * (the pages of one PDF); release it when done.
 */
export interface OcrTicket {
  /**
   * Reads one image, or one page given as bands read in turn by the same worker (their texts
   * joined top to bottom); `mode` says how each is cut into lines (default `block`).
   */
  recognize(image: OcrImage, signal?: AbortSignal, mode?: OcrMode): Promise<OcrResult>;
  release(): void;
}

/** An encoded image, or the bands of one page, top to bottom. */
export type OcrImage = Buffer | readonly Buffer[];

interface Slot {
  worker: Worker | null;
  /** The mode (page segmentation and threshold) the worker is set to. */
  mode: OcrMode;
  busy: boolean;
  starting: Promise<void> | null;
  /** Fails the running job at once, when its worker's thread dies under it. */
  failRunning: (() => void) | null;
}

interface Job {
  image: OcrImage;
  mode: OcrMode;
  signal: AbortSignal | undefined;
  resolve: (result: OcrResult) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
  /** performance.now() when the job joined the queue. */
  queuedAt: number;
}

/**
 * Each job's wait for a free worker, `{ waitMs }`, published as it starts: operators' metrics
 * subscribe to it without the pool knowing about them.
 */
export const OCR_WAIT_CHANNEL = 'receipt-calculator:ocr-wait';
const ocrWait = channel(OCR_WAIT_CHANNEL);

/** Seconds one job is assumed to take before any has been measured. */
const INITIAL_JOB_SECONDS = 2;
const MAX_RETRY_AFTER_SECONDS = 120;

export class OcrPool {
  readonly #options: OcrPoolOptions;
  readonly #slots: Slot[];
  readonly #queue: Job[] = [];
  #tickets = 0;
  #closed = false;
  #startError: Error | null = null;
  /** Read once and shared by every worker start; forgotten after a failure, so a later start tries again. */
  #trainedData: Promise<TrainedData[]> | null = null;
  #jobSeconds = INITIAL_JOB_SECONDS;
  #rssAtFirstJob: number | null = null;

  constructor(options: OcrPoolOptions) {
    this.#options = options;
    this.#slots = Array.from({ length: Math.max(1, options.workers) }, () => ({
      worker: null,
      mode: 'block' as const,
      busy: false,
      starting: null,
      failRunning: null,
    }));
  }

  /** Jobs admitted and not yet finished: running, waiting, or being prepared. */
  get load(): number {
    return this.#tickets;
  }

  /** Jobs waiting for a worker. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Starts every idle slot's worker; resolves when all run, rejects when one cannot start. */
  async ready(): Promise<void> {
    if (this.#closed) throw new OcrStartError('The OCR pool is closed');
    await Promise.all(this.#slots.map((slot) => this.#start(slot)));
    const failure = this.#startError;
    if (this.#slots.some((slot) => !slot.worker) && failure) throw failure;
  }

  reserve(): OcrTicket {
    if (this.#closed) throw ocrUnavailable({ retryAfter: 60 });
    if (this.#tickets + 1 > this.#slots.length + this.#options.maxQueue) {
      throw busy(this.#retryAfter());
    }
    this.#tickets++;
    let released = false;
    return {
      recognize: (image, signal, mode = 'block') => {
        if (released) return Promise.reject(new Error('OCR ticket already released'));
        return this.#enqueue(image, signal, mode);
      },
      release: () => {
        if (released) return;
        released = true;
        this.#tickets--;
      },
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) this.#settle(job, () => job.reject(ocrUnavailable()));
    await Promise.all(this.#slots.flatMap((slot) => (slot.starting ? [slot.starting] : [])));
    await Promise.all(
      this.#slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = null;
        if (worker) await worker.terminate().catch(() => {});
      }),
    );
  }

  #retryAfter(): number {
    const rounds = Math.ceil((this.#tickets + 1) / this.#slots.length);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(rounds * this.#jobSeconds)));
  }

  #loadTrainedData(): Promise<TrainedData[]> {
    this.#trainedData ??= loadTrainedData(this.#options.languages, this.#options.dataFolder).catch((error: unknown) => {
      this.#trainedData = null;
      throw error;
    });
    return this.#trainedData;
  }

  #start(slot: Slot): Promise<void> {
    if (slot.worker || this.#closed) return Promise.resolve();
    slot.starting ??= this.#loadTrainedData()
      .then((trainedData) =>
        startWorker({
          trainedData,
          timeoutMs: this.#options.startTimeoutMs,
          onError: (message) => this.#options.log('error', `OCR worker error: ${message}`),
        }),
      )
      .then(
        (worker) => {
          if (this.#closed) return void worker.terminate().catch(() => {});
          slot.worker = worker;
          slot.mode = 'block';
          this.#startError = null;
          onWorkerLost(worker, (reason) => {
            // Our own terminate() clears slot.worker first, so only a death we did not cause gets here.
            if (slot.worker !== worker) return;
            this.#options.log('error', reason);
            if (slot.failRunning) slot.failRunning();
            else this.#replace(slot, worker);
          });
        },
        (error: unknown) => {
          this.#startError = error instanceof Error ? error : new OcrStartError(String(error));
          this.#options.log('error', this.#startError.message);
        },
      )
      .finally(() => {
        slot.starting = null;
        this.#pump();
      });
    return slot.starting;
  }

  #enqueue(image: OcrImage, signal: AbortSignal | undefined, mode: OcrMode): Promise<OcrResult> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<OcrResult>((resolve, reject) => {
      const job: Job = {
        image,
        mode,
        signal,
        resolve,
        reject,
        queuedAt: performance.now(),
        onAbort: () => {
          // A waiting job leaves the queue; a running one finishes on its worker, unheard.
          const index = this.#queue.indexOf(job);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.#queue.push(job);
      for (const slot of this.#slots) void this.#start(slot);
      this.#pump();
    });
  }

  #settle(job: Job, outcome: () => void): void {
    job.signal?.removeEventListener('abort', job.onAbort);
    outcome();
  }

  #pump(): void {
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return;
      if (!slot.worker || slot.busy) continue;
      const job = this.#queue.shift();
      if (job) this.#run(slot, slot.worker, job);
    }
    const canServe = this.#slots.some((slot) => slot.worker !== null || slot.starting !== null);
    if (!canServe) {
      for (const job of this.#queue.splice(0)) {
        this.#settle(job, () => job.reject(ocrUnavailable({ retryAfter: 60, cause: this.#startError })));
      }
    }
  }

  #run(slot: Slot, worker: Worker, job: Job): void {
    // Workers started, no page read yet: what the pool's memory grows from.
    this.#rssAtFirstJob ??= process.memoryUsage.rss();
    slot.busy = true;
    const started = performance.now();
    if (ocrWait.hasSubscribers) ocrWait.publish({ waitMs: started - job.queuedAt });
    let finished = false;
    const finish = (replace: boolean): void => {
      finished = true;
      clearTimeout(timer);
      slot.busy = false;
      slot.failRunning = null;
      if (replace) this.#replace(slot, worker);
      this.#pump();
    };
    const timer = setTimeout(() => {
      if (finished) return;
      this.#options.log('warn', `OCR job exceeded ${this.#options.timeoutMs} ms; replacing its worker`);
      this.#settle(job, () => job.reject(ocrTimeout(this.#retryAfter())));
      finish(true);
    }, this.#options.timeoutMs);
    slot.failRunning = () => {
      if (finished) return;
      this.#settle(job, () => job.reject(ocrUnavailable({ retryAfter: this.#retryAfter() })));
      finish(true);
    };
    this.#read(slot, worker, job).then(
      (result) => {
        if (finished) return;
        const seconds = (performance.now() - started) / 1000;
        this.#jobSeconds = 0.8 * this.#jobSeconds + 0.2 * seconds;
        this.#settle(job, () => job.resolve(result));
        finish(process.memoryUsage.rss() - (this.#rssAtFirstJob ?? 0) > (this.#options.recycleGrowthBytes ?? RECYCLE_GROWTH_BYTES));
      },
      (error: unknown) => {
        if (finished) return;
        // The WebAssembly state after a failed job is not trusted: start a fresh worker.
        this.#settle(job, () => job.reject(unreadableImage(error)));
        finish(true);
      },
    );
  }

  async #read(slot: Slot, worker: Worker, job: Job): Promise<OcrResult> {
    if (slot.mode !== job.mode) {
      await worker.setParameters(MODE_PARAMETERS[job.mode]);
      slot.mode = job.mode;
    }
    const images: readonly Buffer[] = Buffer.isBuffer(job.image) ? [job.image] : job.image;
    const texts: string[] = [];
    let confidence = 0;
    let cpuMs: number | undefined = 0;
    for (const image of images) {
      const page =
        job.mode === 'column'
          ? await worker.recognize(image, {}, { text: false, blocks: true }).then(({ data }) => ({ data, text: linesFromSegments(segmentsOfPage(data)) }))
          : await worker.recognize(image, {}, { text: true }).then(({ data }) => ({ data, text: data.text }));
      texts.push(page.text);
      confidence += page.data.confidence;
      const spent = threadCpuMs(page.data);
      cpuMs = spent === undefined || cpuMs === undefined ? undefined : cpuMs + spent;
    }
    return {
      text: texts.join('\n'),
      confidence: images.length > 0 ? confidence / images.length : 0,
      ...(cpuMs === undefined ? {} : { cpuMs }),
    };
  }

  #replace(slot: Slot, worker: Worker): void {
    if (slot.worker === worker) slot.worker = null;
    worker.terminate().catch(() => {});
    void this.#start(slot);
  }
}
