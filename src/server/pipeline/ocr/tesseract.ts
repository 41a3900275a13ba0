// One tesseract.js worker, started offline from the trained data installed with npm.
// tesseract.js can hang (a failed initialisation never settles createWorker) or crash the
// process (a worker error thrown without errorHandler), so every start is checked and bounded.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Worker as Thread } from 'node:worker_threads';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { StartupError } from '../../startup-error.ts';

/**
 * Finnish only. Measured on the real receipt photos: fin+eng found 131 item names against
 * fin's 129, the same prices, one pair fewer, and took twice as long (both models run on
 * every uncertain word), which would break the 2 s budget for a phone photo.
 */
export const OCR_LANGUAGE = 'fin';

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
export type OcrMode = 'block' | 'column';

export const MODE_PAGE_SEGMENTATION: Record<OcrMode, PSM> = {
  block: PSM.SINGLE_BLOCK,
  column: PSM.SINGLE_COLUMN,
};

const require = createRequire(import.meta.url);

/**
 * The LSTM-only "best_int" data: the same recognition as the 4.0.0 folder (identical results
 * on the real photos) at 40 % of the size, so workers start faster.
 */
export function defaultLangPath(): string {
  return join(dirname(require.resolve(`@tesseract.js-data/${OCR_LANGUAGE}/package.json`)), '4.0.0_best_int');
}

export function trainedDataFile(langPath: string): string {
  return join(langPath, `${OCR_LANGUAGE}.traineddata.gz`);
}

export interface StartOptions {
  langPath: string;
  timeoutMs: number;
  /** Problems tesseract.js reports outside a job; never receipt text. */
  onError: (message: string) => void;
}

/** OCR cannot run: trained data missing or broken, or a worker that fails to start. */
export class OcrStartError extends StartupError {
  override name = 'OcrStartError';
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return JSON.stringify(error) ?? String(error);
}

/** Index of the LSTM recogniser among a traineddata file's components (tesseract's TESSDATA_LSTM). */
const LSTM_COMPONENT = 17;

/**
 * Whether bytes look like a Tesseract traineddata file: a component count, then a table of
 * 64-bit offsets that are absent (-1) or ascending inside the file, with the LSTM model present.
 */
export function isTrainedData(data: Buffer): boolean {
  if (data.length < 4) return false;
  const count = data.readInt32LE(0);
  const tableEnd = 4 + 8 * count;
  if (count <= LSTM_COMPONENT || count > 64 || tableEnd > data.length) return false;
  let previous = tableEnd;
  for (let index = 0; index < count; index++) {
    const offset = Number(data.readBigInt64LE(4 + 8 * index));
    if (offset === -1) {
      if (index === LSTM_COMPONENT) return false;
      continue;
    }
    if (offset < previous || offset >= data.length) return false;
    previous = offset;
  }
  return true;
}

/**
 * tesseract.js sends a stray message after a failed initialisation that throws inside its own
 * message listener and takes the process down, so the data is checked here before a worker
 * ever sees it.
 */
async function checkTrainedData(file: string): Promise<void> {
  let packed: Buffer;
  try {
    packed = await readFile(file);
  } catch {
    throw new OcrStartError(`OCR trained data not found at ${file}`);
  }
  let data: Buffer;
  try {
    data = await promisify(gunzip)(packed);
  } catch {
    throw new OcrStartError(`OCR worker cannot start: ${file} is not gzip-compressed trained data`);
  }
  if (!isTrainedData(data)) throw new OcrStartError(`OCR worker cannot start: ${file} is not Tesseract trained data`);
}

/** Starts one worker, or rejects with OcrStartError (missing or broken data, failed init, timeout). */
export async function startWorker(options: StartOptions): Promise<Worker> {
  await checkTrainedData(trainedDataFile(options.langPath));
  let failStart: (error: OcrStartError) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    failStart = reject;
  });
  // errorHandler also fires for failed jobs long after the start; nobody awaits `failed` then.
  failed.catch(() => {});
  const starting = createWorker(OCR_LANGUAGE, OEM.LSTM_ONLY, {
    langPath: options.langPath,
    gzip: true,
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
