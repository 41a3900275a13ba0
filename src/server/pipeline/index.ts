// The orchestrator: receipt in, analysis out. It chooses the reader and nothing else;
// every stage lives in its own module.
//   offline  text  → read → analyze                                   (method 'text')
//   offline  file  → extract → read → analyze: the extractor yields text passes (a PDF's text
//                    layer, OCR readings of a photo) as the reader asks for them; the reader
//                    parses each once and keeps the receipt that adds up (method of its pass)
//   with an OpenAI key: file → vision input → model → analyze ('openai-vision' / 'openai-text'),
//                       text → model → analyze ('openai-text');
//   any model failure falls back to the offline reader with a warning.
// Our own factor table computes the numbers on every path (analyzeParsedReceipt).
import type { AnalysisResult, Notice, UploadFileType } from '../../contract.ts';
import { analyzeParsedReceipt } from './analyze.ts';
import { CodedError } from './errors.ts';
import { createExtractor, type Extractor } from './extract/index.ts';
import type { PdfSettings } from './pdf/budget.ts';
import { createLlmReader, type LlmReader } from './llm.ts';
import type { OcrLanguage } from './ocr/trained-data.ts';
import { readPasses, readReceiptText, type Reading } from './read/index.ts';
import type { ParsedReceipt, ProcessingMethod } from './types.ts';

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

/** The settings the pipeline reads (the server's Config has them all). */
export interface PipelineConfig {
  ocrWorkers: number;
  ocrQueueLimit: number;
  ocrTimeoutMs: number;
  ocrLanguages: OcrLanguage[];
  maxImageMegapixels: number;
  maxPdfPages: number;
  /** PDF reader processes and each upload's budget (pdf/budget.ts). */
  pdf: PdfSettings;
  openai: { apiKey: string; model: string; baseURL: string | undefined; timeoutMs: number } | null;
}

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
   * A photo is read again only while its readings have read at most this many pixels of
   * prepared page (default: the product's budget, DEFAULT_REREAD_WITHIN_PIXELS). Infinity reads
   * every photo that does not add up in full: the reader's capability, beside the product's.
   */
  ocrRereadWithinPixels?: number;
  /** Told how each file was read: its passes and the texts parsed (what the eval counts). */
  onRead?: (reading: Pick<Reading, 'passes' | 'parses'>) => void;
}

const noItemsInFile = (): CodedError =>
  new CodedError('no-items-in-file', 'No receipt items could be read from this file. Try a sharper photo with the whole receipt in view.');
const noItemsInText = (): CodedError =>
  new CodedError('no-items-in-text', 'No receipt items could be found in this text. Paste the product lines of a receipt, each with its price.');
const AI_UNAVAILABLE: Notice = {
  code: 'ai-unavailable',
  message: 'The AI reader was unavailable, so the receipt was read with the built-in reader.',
};
const AI_FOUND_NOTHING: Notice = {
  code: 'ai-found-nothing',
  message: 'The AI reader found no items, so the receipt was read with the built-in reader.',
};

function analyzeOrRefuse(
  parsed: ParsedReceipt,
  method: ProcessingMethod,
  refusal: () => CodedError,
  notices: readonly Notice[] = [],
): AnalysisResult {
  const result = analyzeParsedReceipt(parsed, { method, notices });
  // An analysis without items is not an answer the visitor can use.
  if (result.items.length === 0) throw refusal();
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
    pdf: config.pdf,
    ...(options.ocrRereadWithinPixels === undefined ? {} : { ocrRereadWithinPixels: options.ocrRereadWithinPixels }),
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

  async function readFileOffline(bytes: Buffer, notices: Notice[], signal?: AbortSignal): Promise<AnalysisResult> {
    const reading = await readPasses(extractor.extract(bytes, signal), signal);
    stopIfAborted(signal);
    options.onRead?.({ passes: reading.passes, parses: reading.parses });
    // The extractor says what it left out (e.g. PDF pages beyond MAX_PDF_PAGES); the visitor should know.
    return analyzeOrRefuse(reading.receipt, reading.pass.method, noItemsInFile, [...notices, ...reading.pass.notices]);
  }

  /**
   * Runs the model; returns null (and says why in `notices`) when the offline reader should
   * answer instead. Refusals of the visitor's input and aborts are not model failures: they pass.
   */
  async function tryModel(
    read: () => Promise<ParsedReceipt>,
    method: ProcessingMethod,
    notices: Notice[],
    signal?: AbortSignal,
  ): Promise<AnalysisResult | null> {
    let parsed: ParsedReceipt;
    try {
      parsed = await read();
    } catch (error) {
      stopIfAborted(signal);
      options.log?.warn({ err: error, method }, 'the AI reader failed; reading offline');
      notices.push(AI_UNAVAILABLE);
      return null;
    }
    stopIfAborted(signal);
    const result = analyzeParsedReceipt(parsed, { method });
    if (result.items.length === 0) {
      notices.push(AI_FOUND_NOTHING);
      return null;
    }
    return result;
  }

  return {
    ready: () => extractor.ready(),

    async analyzeText(text, signal) {
      const notices: Notice[] = [];
      if (llm) {
        const viaModel = await tryModel(() => llm.readText(text, signal), 'openai-text', notices, signal);
        if (viaModel) return viaModel;
      }
      return analyzeOrRefuse(readReceiptText(text), 'text', noItemsInText, notices);
    },

    async analyzeFile(bytes, _claimed, signal) {
      // Both extractor calls judge the type from the bytes first and refuse unknown ones (unsupported-type).
      const notices: Notice[] = [];
      if (llm) {
        const vision = await extractor.visionInput(bytes, signal);
        stopIfAborted(signal);
        const viaModel =
          vision.text !== null && vision.text.trim() !== ''
            ? await tryModel(() => llm.readText(vision.text ?? '', signal), 'openai-text', notices, signal)
            : await tryModel(() => llm.readImages(vision.images, signal), 'openai-vision', notices, signal);
        if (viaModel) return viaModel;
      }
      return readFileOffline(bytes, notices, signal);
    },

    close: () => extractor.close(),

    get load() {
      return extractor.load;
    },

    openaiConfigured: llm !== null,
  };
}
