// The orchestrator: receipt in, analysis out. It chooses the reader and nothing else;
// every stage lives in its own module.
//   offline  text  → parse → analyze                                 (method 'text')
//   offline  file  → extract text (PDF layer or OCR) → parse → analyze  (method from the extractor)
//   with an OpenAI key: file → vision input → model → analyze ('openai-vision' / 'openai-text'),
//                       text → model → analyze ('openai-text');
//   any model failure falls back to the offline reader with a warning.
// Our own factor table computes the numbers on every path (analyzeParsedReceipt).
import type { AnalysisResult, UploadFileType } from '../../contract.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';
import { analyzeParsedReceipt, parseReceiptText } from './analyze.ts';
import { REFUSALS } from './decode/messages.ts';
import { createExtractor, type Extractor } from './extract.ts';
import { createLlmReader, type LlmReader } from './llm.ts';
import type { ParsedReceipt, ProcessingMethod } from './types.ts';
import { isUnreadablePhoto } from './unreadable-photo.ts';

export interface Pipeline {
  /** Starts the OCR workers once; they are reused by every request. */
  ready(): Promise<void>;
  analyzeText(text: string, signal?: AbortSignal): Promise<AnalysisResult>;
  /**
   * `claimed` is the client's fileType. It is never trusted: the bytes decide the reader,
   * so a photo sent as "pdf" is still read as a photo.
   */
  analyzeFile(bytes: Buffer, claimed: UploadFileType | undefined, signal?: AbortSignal): Promise<AnalysisResult>;
  close(): Promise<void>;
  /** OCR jobs running plus waiting. */
  readonly load: number;
  readonly openaiConfigured: boolean;
}

export type PipelineConfig = Pick<
  Config,
  'ocrWorkers' | 'ocrQueueLimit' | 'ocrTimeoutMs' | 'ocrLanguages' | 'maxImageMegapixels' | 'maxPdfPages' | 'openai'
>;

/** The part of a pino logger the pipeline uses; the app passes its own, so LOG_LEVEL applies. */
export interface PipelineLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface PipelineOptions {
  /**
   * Where model failures and the extractor's operational problems (a worker that failed to
   * start or overran its time) are reported: kinds and statuses only, never receipt content.
   * Without it the extractor writes to the console.
   */
  log?: PipelineLog;
  /**
   * A photo is read again only while it has taken at most this long (default: the product's
   * budget, DEFAULT_REREAD_WITHIN_MS). Infinity reads every photo that does not add up in full,
   * whatever the machine's load: what accuracy measurements use, so their numbers repeat.
   */
  ocrRereadWithinMs?: number;
}

export const NO_ITEMS_IN_FILE =
  'No receipt items could be read from this file. Try a sharper photo with the whole receipt in view.';
export const NO_ITEMS_IN_TEXT =
  'No receipt items could be found in this text. Paste the product lines of a receipt, each with its price.';
export const AI_UNAVAILABLE = 'The AI reader was unavailable, so the receipt was read with the built-in reader.';
export const AI_FOUND_NOTHING = 'The AI reader found no items, so the receipt was read with the built-in reader.';

function analyzeOrRefuse(
  parsed: ParsedReceipt,
  method: ProcessingMethod,
  noItemsSentence: string,
  warnings: string[] = [],
): AnalysisResult {
  const result = analyzeParsedReceipt(parsed, { method, warnings });
  // An analysis without items is not an answer the visitor can use.
  if (result.items.length === 0) throw new HttpError(422, noItemsSentence);
  return result;
}

/** Throws the abort reason when the visitor has gone away, so no further work starts for them. */
function stopIfAborted(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}

export function createPipeline(config: PipelineConfig, options: PipelineOptions = {}): Pipeline {
  const log = options.log;
  const extractor: Extractor = createExtractor({
    ocrWorkers: config.ocrWorkers,
    maxQueue: config.ocrQueueLimit,
    ocrTimeoutMs: config.ocrTimeoutMs,
    ocrLanguages: config.ocrLanguages,
    maxPixels: config.maxImageMegapixels * 1_000_000,
    maxPdfPages: config.maxPdfPages,
    ...(options.ocrRereadWithinMs === undefined ? {} : { ocrRereadWithinMs: options.ocrRereadWithinMs }),
    // The extractor's messages never hold receipt text (see extract.ts), so they may be logged as they are.
    ...(log ? { log: (level: 'warn' | 'error', message: string) => log[level]({ component: 'extract' }, message) } : {}),
  });
  const llm: LlmReader | null = config.openai
    ? createLlmReader({
        apiKey: config.openai.apiKey,
        model: config.openai.model,
        timeoutMs: config.openai.timeoutMs,
        ...(config.openai.baseURL ? { baseURL: config.openai.baseURL } : {}),
      })
    : null;

  async function readFileOffline(bytes: Buffer, warnings: string[], signal?: AbortSignal): Promise<AnalysisResult> {
    const extracted = await extractor.extractText(bytes, signal);
    stopIfAborted(signal);
    // The extractor says what it left out (e.g. PDF pages beyond MAX_PDF_PAGES); the visitor should know.
    const allWarnings = [...warnings, ...(extracted.warnings ?? [])];
    const parsed = parseReceiptText(extracted.text);
    const outcome = { method: extracted.method, items: parsed.items.length, printedTotal: parsed.printedTotal };
    if (isUnreadablePhoto({ ...outcome, ...(extracted.ocrConfidence === undefined ? {} : { ocrConfidence: extracted.ocrConfidence }) })) {
      throw new HttpError(422, REFUSALS.unreadablePhoto);
    }
    return analyzeOrRefuse(parsed, extracted.method, NO_ITEMS_IN_FILE, allWarnings);
  }

  /**
   * Runs the model; returns null (and says why in `warnings`) when the offline reader should
   * answer instead. Refusals of the visitor's input and aborts are not model failures: they pass.
   */
  async function tryModel(
    read: () => Promise<ParsedReceipt>,
    method: ProcessingMethod,
    warnings: string[],
    signal?: AbortSignal,
  ): Promise<AnalysisResult | null> {
    let parsed: ParsedReceipt;
    try {
      parsed = await read();
    } catch (error) {
      stopIfAborted(signal);
      options.log?.warn({ err: error, method }, 'the AI reader failed; reading offline');
      warnings.push(AI_UNAVAILABLE);
      return null;
    }
    stopIfAborted(signal);
    const result = analyzeParsedReceipt(parsed, { method });
    if (result.items.length === 0) {
      warnings.push(AI_FOUND_NOTHING);
      return null;
    }
    return result;
  }

  return {
    ready: () => extractor.ready(),

    async analyzeText(text, signal) {
      const warnings: string[] = [];
      if (llm) {
        const viaModel = await tryModel(() => llm.readText(text, signal), 'openai-text', warnings, signal);
        if (viaModel) return viaModel;
      }
      return analyzeOrRefuse(parseReceiptText(text), 'text', NO_ITEMS_IN_TEXT, warnings);
    },

    async analyzeFile(bytes, _claimed, signal) {
      // Both extractor calls judge the type from the bytes first and refuse unknown ones (415).
      const warnings: string[] = [];
      if (llm) {
        const vision = await extractor.visionInput(bytes, signal);
        stopIfAborted(signal);
        const viaModel =
          vision.text !== null && vision.text.trim() !== ''
            ? await tryModel(() => llm.readText(vision.text ?? '', signal), 'openai-text', warnings, signal)
            : await tryModel(() => llm.readImages(vision.images, signal), 'openai-vision', warnings, signal);
        if (viaModel) return viaModel;
      }
      return readFileOffline(bytes, warnings, signal);
    },

    close: () => extractor.close(),

    get load() {
      return extractor.load;
    },

    openaiConfigured: llm !== null,
  };
}
