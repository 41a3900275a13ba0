// One tesseract.js worker, started offline from trained data held in memory (trained-data.ts)
// in our own worker thread (worker-thread.ts). tesseract.js can hang (a failed initialisation
// never settles createWorker) or crash the process (a worker error thrown without
// errorHandler), so every start is checked and bounded.
import { fileURLToPath } from 'node:url';
import type { Worker as Thread } from 'node:worker_threads';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { OcrStartError, type TrainedData } from './trained-data.ts';

/**
 * Receipt settings, measured on the real photos: PSM 6 (one uniform block) keeps a product
 * name and its price on one line (104 pairs); PSM 4 found the names but split prices off (72),
 * PSM 3 lost most prices. Spaces between words are kept so columns stay apart. Receipts are
 * dark print on light paper (more so once shadows are divided out), so the search for inverted
 * lines is skipped: the same results, about 8 % faster.
 * debug_file sends Tesseract's own chatter ("Image too small to scale!!") to the in-memory
 * /dev/null; failures still surface as rejected jobs.
 */
export const OCR_PARAMETERS = {
  tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  preserve_interword_spaces: '1',
  tessedit_do_invert: '0',
  debug_file: '/dev/null',
} as const;

/**
 * How a page is cut into lines. `block` (PSM 6) reads the page as one block with one lean:
 * right for most photos, and its own text keeps a name and its price together. `column`
 * (PSM 4) finds each line on its own, which survives paper that leans differently at the top
 * and the bottom (a curled or crumpled receipt) where `block` pairs names with the next
 * line's prices; its lines are rebuilt from the words' positions (see layout.ts), since its
 * own text splits a line at a wide gap.
 */
export type OcrMode = 'block' | 'column' | 'block-local';

/**
 * Tesseract's settings for each mode. `block-local` is `block` with Sauvola's local threshold
 * in place of Otsu's one threshold for the page: a crumpled receipt's folds leave gray patches
 * beside the digits that one threshold turns into ink, and the digits with them. Its window is
 * a share of the resolution; the prepared page has no resolution of its own, and at 150 dpi the
 * window is about two lines of print tall (OCR_PAPER_WIDTH).
 */
export const MODE_PARAMETERS: Record<OcrMode, { tessedit_pageseg_mode: PSM; thresholding_method: string; user_defined_dpi: string }> = {
  block: { tessedit_pageseg_mode: PSM.SINGLE_BLOCK, thresholding_method: '0', user_defined_dpi: '0' },
  column: { tessedit_pageseg_mode: PSM.SINGLE_COLUMN, thresholding_method: '0', user_defined_dpi: '0' },
  'block-local': { tessedit_pageseg_mode: PSM.SINGLE_BLOCK, thresholding_method: '2', user_defined_dpi: '150' },
};

const WORKER_SCRIPT = fileURLToPath(new URL('./worker-thread.ts', import.meta.url));

/**
 * A recognition's result carries the CPU time its worker thread spent on it, in this field
 * (set by worker-thread.ts); undefined if the thread could not measure it.
 */
const THREAD_CPU_FIELD = 'threadCpuMs';

export function threadCpuMs(page: object): number | undefined {
  const value: unknown = (page as Record<string, unknown>)[THREAD_CPU_FIELD];
  return typeof value === 'number' ? value : undefined;
}

export interface StartOptions {
  /** The languages in Tesseract's order (the first leads), each with its checked data. */
  trainedData: readonly TrainedData[];
  timeoutMs: number;
  /** Problems tesseract.js reports outside a job; never receipt text. */
  onError: (message: string) => void;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return JSON.stringify(error) ?? String(error);
}

/** Starts one worker, or rejects with OcrStartError (failed initialisation, timeout). */
export async function startWorker(options: StartOptions): Promise<Worker> {
  let failStart: (error: OcrStartError) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    failStart = reject;
  });
  // errorHandler also fires for failed jobs long after the start; nobody awaits `failed` then.
  failed.catch(() => {});
  // The data goes to the thread as { code, data } objects (a copy per worker); see worker-thread.ts.
  const starting = createWorker([...options.trainedData], OEM.LSTM_ONLY, {
    workerPath: WORKER_SCRIPT,
    // No cache: nothing is written next to the process (the default caches into the working directory).
    cacheMethod: 'none',
    logger: () => {},
    errorHandler: (error: unknown) => {
      const message = describe(error);
      failStart(new OcrStartError(`OCR worker failed to start: ${message}`));
      options.onError(message);
    },
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrStartError(`OCR worker did not start within ${options.timeoutMs} ms`)), options.timeoutMs);
  });
  try {
    const worker = await Promise.race([starting, failed, timedOut]);
    await worker.setParameters(OCR_PARAMETERS);
    return worker;
  } catch (error) {
    // A worker that resolves after we gave up must not linger.
    starting.then((worker) => worker.terminate(), () => {}).catch(() => {});
    throw error instanceof OcrStartError ? error : new OcrStartError(`OCR worker failed to start: ${describe(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `lost` once if the worker's thread dies on its own (an uncaught error in the
 * WebAssembly, an exit). tesseract.js listens for neither, and an 'error' event nobody listens
 * to would take the whole process down.
 */
export function onWorkerLost(worker: Worker, lost: (reason: string) => void): void {
  // The thread is an undocumented property of the object createWorker resolves with.
  const thread = (worker as unknown as { worker?: Thread }).worker;
  if (!thread || typeof thread.once !== 'function') return;
  let reported = false;
  const report = (reason: string) => {
    if (reported) return;
    reported = true;
    lost(reason);
  };
  thread.on('error', (error: Error) => report(`OCR worker thread failed: ${error.message}`));
  thread.once('exit', (code: number) => report(`OCR worker thread exited with code ${code}`));
}
