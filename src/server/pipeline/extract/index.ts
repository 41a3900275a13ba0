// The offline reader's extraction stage, bytes → text: file-type detection, image preparation
// (sharp), OCR (tesseract.js pool) with its policy of reading a photo again, PDF text layer
// (pdfjs-dist) with OCR of pages that have none. The vision model's input is apart (vision.ts).
// Receipt bytes and text stay in memory: nothing here writes a file or logs what a receipt says.
import type { Notice } from '../../../contract.ts';
import { detectKind, type FileKind } from '../decode/detect.ts';
import { cutIntoBands } from '../decode/bands.ts';
import { levelPaper, OCR_PAPER_WIDTH, preparePaper, type DecodeLimits, type ImageSource } from '../decode/image.ts';
import { toPgm, type GrayImage } from '../decode/paper.ts';
import { unsupportedType } from '../decode/refusals.ts';
import { isCodedError } from '../errors.ts';
import { OcrPool, type OcrResult, type OcrTicket } from '../ocr/pool.ts';
import { noTextInImage } from '../ocr/refusals.ts';
import type { OcrMode } from '../ocr/tesseract.ts';
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage } from '../ocr/trained-data.ts';
import { hasReadableText, tidyOcrText } from '../ocr/text.ts';
import { parseReadings, parseReceiptText } from '../parse/index.ts';
import { budgetFor, type PdfSettings } from '../pdf/budget.ts';
import { PdfPool } from '../pdf/pool.ts';
import { noTextInPdf } from '../pdf/refusals.ts';
import type { ExtractedText, ParsedReceipt } from '../types.ts';
import { pdfPagesSkipped, withPdf, type PdfLimits } from './pdf.ts';
import { bestReading, checkReading } from './readings.ts';
import { visionInput, type VisionInput } from './vision.ts';

export type { FileKind } from '../decode/detect.ts';

/** What the extractor read, and the receipt parsed from it when judging readings parsed it already. */
export interface Extracted extends ExtractedText {
  kind: FileKind;
  /** What was left out, e.g. PDF pages beyond maxPdfPages (additive), as sentences and as notices. */
  warnings?: string[];
  notices?: Notice[];
  /** OCR readings made (a photo read again counts each). */
  ocrReadings?: number;
  /** The parsed text, when choosing among readings parsed it: the caller need not parse it again. */
  parsed?: ParsedReceipt;
}

export interface ExtractorOptions {
  /** OCR workers started once and reused. */
  ocrWorkers: number;
  /** OCR jobs allowed to wait; beyond it extractText throws a `busy` CodedError with retryAfter. */
  maxQueue: number;
  /** Upper bound of one OCR call, ms. */
  ocrTimeoutMs: number;
  /** Decompression-bomb limit: input images above this many pixels are refused. */
  maxPixels: number;
  /** PDFs are read up to this many pages. */
  maxPdfPages: number;
  /** OCR languages, the first leading (OCR_LANGS); default Finnish only. */
  ocrLanguages?: readonly OcrLanguage[];
  /**
   * Folder holding `<code>.traineddata.gz` for every language; default: each language's own
   * installed npm package (`@tesseract.js-data/<code>`).
   */
  langPath?: string;
  /**
   * Read a photo (or a one-page scan) again, prepared and cut into lines another way, when a
   * reading's items do not add up to its printed total; the reading that fits best is kept.
   * Skipped while other jobs wait for a worker. Default true.
   */
  ocrRereads?: boolean;
  /**
   * Another reading starts only while the photo's readings so far have cost at most this much
   * OCR work: CPU milliseconds of the worker threads (default DEFAULT_REREAD_WITHIN_MS).
   * Infinity reads every photo that does not add up in full.
   */
  ocrRereadWithinMs?: number;
  /** Upper bound of starting one OCR worker, ms (default 60 000). */
  ocrStartTimeoutMs?: number;
  /** Growth of resident memory after which a worker is replaced after its job (see RECYCLE_GROWTH_BYTES in ocr/pool.ts). */
  ocrRecycleGrowthBytes?: number;
  /** Receives operational problems (never receipt text); defaults to the console. The app passes its logger. */
  log?: (level: 'warn' | 'error', message: string) => void;
  /** PDF reader processes, the uploads that may wait for one, and each upload's budget (pdf/budget.ts); defaults where unset. */
  pdf?: Partial<PdfSettings>;
}

export interface Extractor {
  /** Starts the OCR workers; resolves when they can take work. */
  ready(): Promise<void>;
  /**
   * Text of an image or PDF. Throws a CodedError: unsupported-type (unknown bytes), a refusal of
   * the file (too-many-pixels, unreadable-image, no-text-in-pdf, …) or busy.
   */
  extractText(bytes: Buffer, signal?: AbortSignal): Promise<Extracted>;
  /** Input for the OpenAI vision path (vision.ts), within the same limits. */
  visionInput(bytes: Buffer, signal?: AbortSignal): Promise<VisionInput>;
  /** OCR jobs running plus waiting. */
  readonly load: number;
  /** Process ids of the PDF reader processes, whose memory is the server's too. */
  readonly pdfReaderPids: number[];
  close(): Promise<void>;
}

const DEFAULT_START_TIMEOUT_MS = 60_000;

/** Height of one band of the banded reading: about fifteen printed lines of the prepared page. */
const BAND_HEIGHT = Math.round(0.6 * OCR_PAPER_WIDTH);

/**
 * Readings tried after the first (the evened page as one block) when it does not add up, in
 * order. The levelled page line by line finds lines that a page leaning differently at the
 * top and the bottom hides from a one-block reading. The page read band by band with a local
 * threshold (see MODE_PARAMETERS and decode/bands.ts) keeps digits beside the gray patches of
 * folds and creases, which the page's one threshold turns into ink, and gives each band its own
 * lean. Chosen on the real photos of two public sources and checked on the third
 * (ocr/README.md): with the banded reading third instead of the closing, the tuning photos'
 * items found went from 22 to 25 of 33, the held-out source's stayed at 100 of 107.
 */
const ALTERNATIVE_READINGS: readonly { mode: OcrMode; prepare: (paper: GrayImage) => Promise<GrayImage | GrayImage[]> }[] = [
  { mode: 'column', prepare: (paper) => levelPaper(paper) },
  { mode: 'block-local', prepare: async (paper) => cutIntoBands(paper, BAND_HEIGHT) },
];

/**
 * A photo whose readings have cost more OCR work than this is a long receipt: another reading
 * costs about as much again and would keep the visitor waiting past about three seconds. The
 * work is the worker thread's CPU time, not the time since the photo arrived: that also counts
 * waiting for a worker and grows when the machine is busy with anything else, so the same photo
 * would be read again or not depending on the load. Measured on a two-core server with two
 * other busy processes, a first reading's CPU time grew 5–8 %, its wall time 60–90 %. First
 * readings cost 0.4–1.3 s of CPU on phone photos and scans (12-megapixel photo of 60 lines:
 * 1.44 s), a reading line by line about as much. At 1.8 s a receipt of up to about 40 lines
 * that does not add up after two readings gets the third (banded) one; at 1.1 s only the
 * shortest did, and the real photos read 0.890 instead of 0.916 (bench/photo-readers.ts).
 */
export const DEFAULT_REREAD_WITHIN_MS = 1800;

function defaultLog(level: 'warn' | 'error', message: string): void {
  console[level](`[extract] ${message}`);
}

function tidied(result: OcrResult): OcrResult {
  return { ...result, text: tidyOcrText(result.text) };
}

/** One reading's OCR work: its thread's CPU time; the call's wall time if the thread did not say. */
async function measured(read: () => Promise<OcrResult>): Promise<{ result: OcrResult; costMs: number }> {
  const started = performance.now();
  const result = tidied(await read());
  return { result, costMs: result.cpuMs ?? performance.now() - started };
}

interface PageReading extends OcrResult {
  /** How many readings were made. */
  readings: number;
  /** The kept reading parsed, when readings were judged. */
  parsed?: ParsedReceipt;
}

function meanConfidence(results: OcrResult[]): number | undefined {
  if (results.length === 0) return undefined;
  return Math.round(results.reduce((sum, result) => sum + result.confidence, 0) / results.length);
}

export function createExtractor(options: ExtractorOptions): Extractor {
  const limits: DecodeLimits = { maxPixels: options.maxPixels };
  const rereadWithinMs = options.ocrRereadWithinMs ?? DEFAULT_REREAD_WITHIN_MS;
  const log = options.log ?? defaultLog;
  const pool = new OcrPool({
    workers: options.ocrWorkers,
    maxQueue: options.maxQueue,
    timeoutMs: options.ocrTimeoutMs,
    startTimeoutMs: options.ocrStartTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
    ...(options.ocrRecycleGrowthBytes === undefined ? {} : { recycleGrowthBytes: options.ocrRecycleGrowthBytes }),
    languages: options.ocrLanguages ?? DEFAULT_OCR_LANGUAGES,
    ...(options.langPath === undefined ? {} : { dataFolder: options.langPath }),
    log,
  });

  const pdfPool = new PdfPool({
    ...budgetFor(options.pdf ?? {}),
    workers: options.pdf?.workers ?? 1,
    maxQueue: options.pdf?.queueLimit ?? options.maxQueue,
    textPages: options.maxPdfPages,
    log,
  });
  const pdfLimits: PdfLimits = { ...limits, maxPdfPages: options.maxPdfPages, openPdf: (bytes, signal) => pdfPool.open(bytes, signal) };

  function detectOrRefuse(bytes: Uint8Array): FileKind {
    const kind = detectKind(bytes);
    if (!kind) throw unsupportedType();
    return kind;
  }

  /**
   * OCR of one page. With `checkAgainstTotal`, a reading whose items do not add up to its
   * printed total is followed by other readings (see ALTERNATIVE_READINGS) until one does, and
   * the reading that fits best is kept. Another reading starts only while no other job waits
   * for a worker and the page's readings have cost at most `ocrRereadWithinMs` of OCR work, so
   * a busy server or a long page is not read again.
   */
  async function recognize(source: ImageSource, ticket: OcrTicket, signal?: AbortSignal, checkAgainstTotal = false): Promise<PageReading> {
    // The same preparation for a photo and for the picture of a scanned PDF page.
    const paper = await preparePaper(source, limits);
    signal?.throwIfAborted();
    const { result: first, costMs } = await measured(() => ticket.recognize(toPgm(paper), signal, 'block'));
    if (!checkAgainstTotal || options.ocrRereads === false || !hasReadableText(first.text)) return { ...first, readings: 1 };
    let spentMs = costMs;
    const readings = [first];
    // Each reading is parsed once; the winner's parse goes on to the analysis.
    const parses = [parseReceiptText(first.text)];
    const checks = parses.map(checkReading);
    for (const alternative of ALTERNATIVE_READINGS) {
      if (checks.some((check) => check.reconciles)) break;
      if (pool.waiting > 0 || spentMs > rereadWithinMs) break;
      const prepared = await alternative.prepare(paper);
      const image = Array.isArray(prepared) ? prepared.map(toPgm) : toPgm(prepared);
      signal?.throwIfAborted();
      try {
        const { result: reading, costMs: readingMs } = await measured(() => ticket.recognize(image, signal, alternative.mode));
        spentMs += readingMs;
        const parsed = parseReceiptText(reading.text);
        readings.push(reading);
        parses.push(parsed);
        checks.push(checkReading(parsed));
      } catch (error) {
        // A later reading that times out leaves the earlier ones standing; an aborted request stops.
        signal?.throwIfAborted();
        // The kind of failure only: a message could in principle quote what was read.
        const kind = isCodedError(error) ? error.code : error instanceof Error ? error.name : 'unknown';
        log('warn', `Another OCR reading failed (${kind}); the earlier one is kept`);
        break;
      }
    }
    const best = bestReading(checks);
    if (!checks.some((check) => check.reconciles) && readings.length > 1) {
      const merged = parseReadings(readings.map((reading) => reading.text));
      if (merged) return { ...(readings[best] ?? first), readings: readings.length, parsed: merged };
    }
    return { ...(readings[best] ?? first), readings: readings.length, ...(parses[best] ? { parsed: parses[best] } : {}) };
  }

  /** A place in the OCR queue is taken before any decoding, so the queue limit bounds the work. */
  async function withTicket<T>(use: (ticket: OcrTicket) => Promise<T>): Promise<T> {
    const ticket = pool.reserve();
    try {
      return await use(ticket);
    } finally {
      ticket.release();
    }
  }

  async function extractImage(bytes: Buffer, kind: FileKind, signal?: AbortSignal): Promise<Extracted> {
    return withTicket(async (ticket) => {
      const result = await recognize({ bytes, kind }, ticket, signal, true);
      if (!hasReadableText(result.text)) throw noTextInImage();
      return {
        text: result.text,
        method: 'ocr' as const,
        ocrConfidence: Math.round(result.confidence),
        kind,
        ocrReadings: result.readings,
        ...(result.parsed ? { parsed: result.parsed } : {}),
      };
    });
  }

  async function extractPdf(bytes: Buffer, signal?: AbortSignal): Promise<Extracted> {
    return withPdf(bytes, pdfLimits, async (pdf, pages) => {
      const texts: string[] = [];
      const ocrResults: PageReading[] = [];
      let ticket: OcrTicket | null = null;
      try {
        for (let page = 1; page <= pages; page++) {
          signal?.throwIfAborted();
          const layer = await pdf.pageText(page);
          if (layer !== null) {
            texts.push(layer);
            continue;
          }
          // A scanned page: its picture is read exactly like a photo.
          ticket ??= pool.reserve();
          // A one-page scan is a whole receipt, which can be checked against its total.
          const result = await recognize(await pdf.scannedPage(page), ticket, signal, pages === 1);
          texts.push(result.text);
          ocrResults.push(result);
        }
      } finally {
        ticket?.release();
      }
      const text = texts.filter((pageText) => pageText.trim().length > 0).join('\n\n');
      if (!hasReadableText(text)) throw noTextInPdf();
      const notices = pdf.pageCount > pages ? [pdfPagesSkipped(pages, pdf.pageCount)] : [];
      const ocrConfidence = meanConfidence(ocrResults);
      // A one-page scan's text is its one reading, parsed already when its readings were judged.
      const parsed = texts.length === 1 && ocrResults.length === 1 ? ocrResults[0]?.parsed : undefined;
      return {
        text,
        method: ocrResults.length > 0 ? ('pdf-ocr' as const) : ('pdf-text' as const),
        ...(ocrConfidence === undefined ? {} : { ocrConfidence, ocrReadings: ocrResults.reduce((sum, page) => sum + page.readings, 0) }),
        kind: 'pdf' as const,
        ...(notices.length > 0 ? { notices, warnings: notices.map((notice) => notice.message) } : {}),
        ...(parsed && text === ocrResults[0]?.text ? { parsed } : {}),
      };
    }, signal);
  }

  return {
    async ready() {
      await Promise.all([pool.ready(), pdfPool.ready()]);
    },
    async extractText(bytes, signal) {
      const kind = detectOrRefuse(bytes);
      return kind === 'pdf' ? extractPdf(bytes, signal) : extractImage(bytes, kind, signal);
    },
    visionInput: (bytes, signal) => visionInput(bytes, pdfLimits, signal),
    get load() {
      return pool.load;
    },
    get pdfReaderPids() {
      return pdfPool.pids;
    },
    close: async () => {
      await Promise.all([pool.close(), pdfPool.close()]);
    },
  };
}
