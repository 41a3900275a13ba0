// The offline reader's extraction stage, bytes → text passes: file-type detection, image
// preparation (sharp: turned the way its print reads, levelled), OCR (tesseract.js pool) and its
// policy of reading a photo again (turned over, or prepared another way), PDF text layer
// (pdfjs-dist, in the PDF reader processes of ../pdf/pool.ts, within each upload's budget)
// with OCR of pages that have none. It reads text and never judges it: the
// reading stage (../read/) pulls the passes one at a time and asks for another only while none
// adds up. The vision model's input is apart (vision.ts).
// Receipt bytes and text stay in memory: nothing here writes a file or logs what a receipt says.
import type { Notice } from '../../../contract.ts';
import { detectKind, type FileKind } from '../decode/detect.ts';
import { cutIntoBands } from '../decode/bands.ts';
import { levelPaper, OCR_PAPER_WIDTH, paperLean, turnedOverPaper, uprightPaper, type DecodeLimits, type ImageSource } from '../decode/image.ts';
import { toPgm, whitenPaperTexture, type GrayImage } from '../decode/paper.ts';
import { findRaisedPrices, lowerPrices } from '../decode/price-column.ts';
import { unsupportedType } from '../decode/refusals.ts';
import { isCodedError } from '../errors.ts';
import { OcrPool, type OcrResult, type OcrTicket } from '../ocr/pool.ts';
import { noTextInImage } from '../ocr/refusals.ts';
import type { OcrMode } from '../ocr/tesseract.ts';
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage } from '../ocr/trained-data.ts';
import { hasReadableText, readsNoReceipt, tidyOcrText } from '../ocr/text.ts';
import { budgetFor, type PdfSettings } from '../pdf/budget.ts';
import { PdfPool } from '../pdf/pool.ts';
import { noTextInPdf } from '../pdf/refusals.ts';
import type { ProcessingMethod } from '../types.ts';
import { pdfPagesSkipped, withPdf, type PdfLimits } from './pdf.ts';
import { visionInput, type VisionInput } from './vision.ts';

/**
 * One reading of a receipt's text, as the reading stage parses it: a PDF's text layer, or what
 * OCR read from the page prepared one way. A photo may be read several times, each pass
 * prepared and cut into lines another way.
 */
export interface TextPass {
  text: string;
  kind: FileKind;
  method: Extract<ProcessingMethod, 'pdf-text' | 'pdf-ocr' | 'ocr'>;
  /**
   * How the page was read: its text layer, OCR of several pages once each (`pages`), or the OCR
   * mode of this pass (`block` first, then `column` on the levelled page, `block-local` band by band).
   */
  read: 'text-layer' | 'pages' | OcrMode;
  /** Mean OCR word confidence 0–100, when OCR read any of it. */
  ocrConfidence?: number;
  /** OCR work of this pass: CPU milliseconds of the worker threads (0 for a text layer). */
  costMs: number;
  /**
   * The page read turned over from the passes before this one: they read no receipt, and less
   * surely than this, so they were of the page upside down and the reader sets them aside.
   */
  turnedOver?: true;
  /**
   * The first pass read from the page with its raised prices moved onto their names' lines
   * (decode/price-column.ts): the passes before it, read as printed, pair each name with another
   * one's price, and the reader sets them aside as it does a page's passes before it was turned over.
   */
  pricesMoved?: true;
  /**
   * A scan of several pages read by OCR: each page's text, top to bottom. A long receipt scanned
   * in parts overlaps from page to page, which the reader joins (`text` is the pages one after
   * another, as read).
   */
  pages?: readonly string[];
  /** What was left out of the file (PDF pages beyond maxPdfPages), the same on every pass of it. */
  notices: readonly Notice[];
}

export interface ExtractorOptions {
  /** OCR workers started once and reused. */
  ocrWorkers: number;
  /** OCR jobs allowed to wait; beyond it `extract` throws a `busy` CodedError with retryAfter. */
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
   * Another reading starts only while the photo's readings so far have read at most this many
   * pixels of prepared page (default DEFAULT_REREAD_WITHIN_PIXELS): OCR work counted from the
   * page, so the same bytes get the same readings whatever the machine's load. A reading counts
   * at most the pixels of the page first read: a levelled page's white corners are not work.
   * Infinity reads every photo that does not add up in full.
   */
  ocrRereadWithinPixels?: number;
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
   * The text passes of an image or PDF, read as they are asked for: the first pass when the
   * first is asked for, another (the page prepared and read another way) each time one more is
   * asked for, while the policy of reading again allows (ocrRereads, ocrRereadWithinPixels, no other
   * job waiting). A photo's place in the OCR queue is held from the first pass until the
   * iteration ends, so stop iterating (or let `for await` do it) once no more is wanted.
   * Throws a CodedError: unsupported-type (unknown bytes), a refusal of the file
   * (too-many-pixels, unreadable-image, no-text-in-image, no-text-in-pdf, …) or busy.
   */
  extract(bytes: Buffer, signal?: AbortSignal): AsyncGenerator<TextPass, void, undefined>;
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
 * items found went from 22 to 25 of 33, the held-out source's stayed at 100 of 107. Last, the
 * page with its paper's creases whitened, as one block: the local threshold keeps a crease's
 * digits apart from it, but Tesseract reads the gray page, whose creases still darken a line's
 * black (decode/paper.ts, `whitenPaperTexture`). Only a page of up to about 1 700 px gets it
 * within the budget for reading again.
 */
const ALTERNATIVE_READINGS: readonly ((paper: GrayImage) => Promise<AlternativeReading>)[] = [
  async (paper) => {
    const lean = await paperLean(paper);
    return levelledReading(await levelPaper(paper, lean), Math.abs(lean) > READ_ON_LEVELLED_DEGREES);
  },
  async (paper) => ({ mode: 'block-local', prepared: cutIntoBands(paper, BAND_HEIGHT) }),
  async (paper) => ({ mode: 'block', prepared: whitenPaperTexture(paper) }),
];

/**
 * A page leaning more than this is read levelled from its second reading on, not only line by
 * line: the banded reading cuts the page at its emptiest rows, and on a page leaning a few
 * degrees each line falls a line or more from one side to the other (3° is 52 px across the
 * 1 000 px page, its lines about 40 px apart), so no row is empty and every cut slices a line.
 * A page leaning under LEVEL_FIRST_READING_DEGREES (decode/image.ts) is first read as it leans,
 * so this is every page leaning 3–8°: a real photo tilted −7° was refused (422), its banded
 * reading read at a mean word confidence of 46, and levelled at 69 with three of its four items;
 * a printed 20-item receipt leaning 7.5° kept 15 prices on their lines cut leaning, 20 levelled.
 * A page leaning less is read as it came: levelled by half a degree, that photo upright read one
 * price otherwise.
 */
const READ_ON_LEVELLED_DEGREES = 3;

interface AlternativeReading {
  mode: OcrMode;
  prepared: GrayImage | GrayImage[];
  /** The page the readings after this one are prepared from, when not the page read first. */
  readOnFrom?: GrayImage;
  /** The page read had its raised prices moved onto their names' lines (decode/price-column.ts). */
  pricesMoved?: true;
}

/**
 * The levelled page read line by line. Where its prices stand between its names' lines (Lidl's
 * layout, decode/price-column.ts), the levelled page with each such price moved down onto its
 * name's line instead, read as one block, and the readings after it read that page too: cut
 * into lines across both, such a page reads half a name and half a price on each (`0,99 B` as
 * `0.09`) or each name with the next one's price, and readings that pair names and prices
 * alike outvote the one that pairs them right when the readings are merged. (Read apart, in a
 * column by itself, a line of digits has no small letters to size it by: a clean `3,38 B` read as
 * `955 8MB)`.) With `readOn` (a page leaning more than READ_ON_LEVELLED_DEGREES), the readings
 * after it read the levelled page too.
 */
function levelledReading(page: GrayImage, readOn: boolean): AlternativeReading {
  const raised = findRaisedPrices(page);
  if (raised.length === 0) return { mode: 'column', prepared: page, ...(readOn ? { readOnFrom: page } : {}) };
  const lowered = lowerPrices(page, raised);
  return { mode: 'block', prepared: lowered, readOnFrom: lowered, pricesMoved: true };
}

/**
 * A photo whose readings have read more prepared page than this is a long receipt: another
 * reading costs about as much again and would keep the visitor waiting past about three
 * seconds. A reading's OCR work grows with the page it reads (the page is OCR_PAPER_WIDTH wide,
 * so its pixels are its length), and counting the pixels read rather than the time taken makes
 * the decision the same for the same bytes on any machine under any load: counted as the worker
 * threads' CPU time, the same photo was read again in one run and not in another when its
 * readings came within a few percent of the bound. First readings of phone photos and scans cost
 * 0.26–0.51 s of CPU per megapixel of page (ocr/README.md, "The budget for reading again"), so
 * 5 megapixels is about the 1.8 s of CPU time the bound was before: a receipt whose page is up
 * to 2 500 px long (about 45 lines) and does not add up after two readings gets the third; a
 * page up to 5 000 px long gets the second, one up to about 1 700 px the fourth.
 */
export const DEFAULT_REREAD_WITHIN_PIXELS = 5_000_000;

function defaultLog(level: 'warn' | 'error', message: string): void {
  console[level](`[extract] ${message}`);
}

function tidied(result: OcrResult): OcrResult {
  return { ...result, text: tidyOcrText(result.text) };
}

/**
 * One OCR reading of a prepared page, with its work: the pixels it read (what the budget for
 * reading again counts) and its thread's CPU time, else the call's wall time (what it is reported as).
 */
interface PageReading extends OcrResult {
  mode: OcrMode;
  pixels: number;
  costMs: number;
}

function pixelsOf(images: GrayImage | readonly GrayImage[]): number {
  const all: readonly GrayImage[] = 'data' in images ? [images] : images;
  return all.reduce((sum, image) => sum + image.width * image.height, 0);
}

async function measured(mode: OcrMode, pixels: number, read: () => Promise<OcrResult>): Promise<PageReading> {
  const started = performance.now();
  const result = tidied(await read());
  return { ...result, mode, pixels, costMs: result.cpuMs ?? performance.now() - started };
}

/** A page ready for its first reading, and the same page turned over, prepared when it is wanted. */
interface ReadyPage {
  paper: GrayImage;
  turnedOver: () => Promise<GrayImage>;
}

/** A scan of several pages hands its pages' texts to the reader, which joins the parts of one long receipt. */
function scannedPages(texts: readonly string[], pagesOcrRead: number): Pick<TextPass, 'pages'> {
  return pagesOcrRead > 0 && texts.length > 1 ? { pages: texts } : {};
}

function meanConfidence(results: readonly OcrResult[]): number | undefined {
  if (results.length === 0) return undefined;
  return Math.round(results.reduce((sum, result) => sum + result.confidence, 0) / results.length);
}

export function createExtractor(options: ExtractorOptions): Extractor {
  const limits: DecodeLimits = { maxPixels: options.maxPixels };
  const rereadWithinPixels = options.ocrRereadWithinPixels ?? DEFAULT_REREAD_WITHIN_PIXELS;
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

  /** A photo or a scanned page's picture prepared for reading (decode's `uprightPaper`: turned the way its print reads, levelled). */
  async function readyPage(source: ImageSource): Promise<ReadyPage> {
    const page = await uprightPaper(source, limits);
    return { paper: page.paper, turnedOver: () => turnedOverPaper(source, limits, page) };
  }

  /** The page read as one block: every page's first reading. */
  function blockReading(paper: GrayImage, ticket: OcrTicket, signal?: AbortSignal): Promise<PageReading> {
    return measured('block', pixelsOf(paper), () => ticket.recognize(toPgm(paper), signal, 'block'));
  }

  /**
   * The OCR readings of one prepared page (`readyPage`), read as they are asked for:
   * the page as one block; the page turned over, when that reading held no receipt; then, with
   * `again`, the other readings (see ALTERNATIVE_READINGS) while they are asked for.
   *
   * Turned over: where decode/orientation.ts could not tell up from down, a first reading that
   * holds no receipt (`readsNoReceipt`) is the sign. The page turned over is read when the next
   * reading is asked for, so a page that reads and adds up pays nothing; it is read at once, before
   * the first reading is given, when that has nothing to give (no readable text, so the page would
   * be refused) and for a page of a longer scan (`again` off: its reading is never checked by
   * itself). It is kept only when it reads more surely than the page as it came (Tesseract's mean
   * word confidence), and the other readings start from the page kept. It is not a reading of the
   * same page another way, so neither `ocrRereads` nor a busy server skips it: without it an
   * upside-down page is refused.
   *
   * Another reading starts only while no other job waits for a worker and the readings of the
   * page the way up it is kept have read at most `ocrRereadWithinPixels` of page, so a busy
   * server or a long page is not read again (a reading of the page upside down read no receipt,
   * and does not count: a turned page is read again as its upright twin is); a later reading that
   * fails leaves the earlier ones standing. A reading not given counts in the work of the next
   * one given.
   */
  async function* pageReadings(page: ReadyPage, ticket: OcrTicket, again: boolean, signal?: AbortSignal): AsyncGenerator<PageReading & Pick<TextPass, 'turnedOver' | 'pricesMoved'>, void, undefined> {
    let paper = page.paper;
    let first = await blockReading(paper, ticket, signal);
    let spentPixels = first.pixels;
    /** The page turned over, read; it becomes the page read from when it reads more surely. */
    const readTurnedOver = async (): Promise<{ reading: PageReading; kept: boolean }> => {
      const over = await page.turnedOver();
      signal?.throwIfAborted();
      const reading = await blockReading(over, ticket, signal);
      const kept = reading.confidence > first.confidence;
      if (kept) {
        paper = over;
        spentPixels = reading.pixels;
        first = reading;
      }
      return { reading, kept };
    };
    // The work of a reading not given, counted in the next one given.
    let owedMs = 0;
    if (readsNoReceipt(first) && (!again || !hasReadableText(first.text))) {
      const asCame = first;
      const { reading } = await readTurnedOver();
      yield { ...first, costMs: asCame.costMs + reading.costMs };
    } else {
      yield first;
      if (readsNoReceipt(first)) {
        const { reading, kept } = await readTurnedOver();
        if (kept) yield { ...reading, turnedOver: true };
        else owedMs = reading.costMs;
      }
    }
    if (!again || options.ocrRereads === false || !hasReadableText(first.text)) return;
    for (const alternative of ALTERNATIVE_READINGS) {
      if (pool.waiting > 0 || spentPixels > rereadWithinPixels) return;
      const { mode, prepared, readOnFrom, pricesMoved } = await alternative(paper);
      if (readOnFrom) paper = readOnFrom;
      const image = Array.isArray(prepared) ? prepared.map(toPgm) : toPgm(prepared);
      signal?.throwIfAborted();
      let reading: PageReading;
      try {
        reading = await measured(mode, pixelsOf(prepared), () => ticket.recognize(image, signal, mode));
      } catch (error) {
        // A later reading that times out leaves the earlier ones standing; an aborted request stops.
        signal?.throwIfAborted();
        // The kind of failure only: a message could in principle quote what was read.
        const kind = isCodedError(error) ? error.code : error instanceof Error ? error.name : 'unknown';
        log('warn', `Another OCR reading failed (${kind}); the earlier one is kept`);
        return;
      }
      // Counted as at most the page first read: levelling a leaning page adds white corners,
      // which Tesseract passes over, and a page tilted 3° otherwise lost a reading its twin got.
      spentPixels += Math.min(reading.pixels, first.pixels);
      yield { ...reading, costMs: reading.costMs + owedMs, ...(pricesMoved ? { pricesMoved } : {}) };
      owedMs = 0;
    }
  }

  /** The readings of a photo or a one-page scan as passes; the first must hold readable text. */
  async function* ocrPasses(
    page: ReadyPage,
    ticket: OcrTicket,
    pass: Pick<TextPass, 'kind' | 'method' | 'notices'>,
    noText: () => Error,
    signal?: AbortSignal,
  ): AsyncGenerator<TextPass, void, undefined> {
    let first = true;
    for await (const reading of pageReadings(page, ticket, true, signal)) {
      if (first && !hasReadableText(reading.text)) throw noText();
      first = false;
      // What tells the reader to set the passes before aside.
      const setsAside = { ...(reading.turnedOver ? { turnedOver: reading.turnedOver } : {}), ...(reading.pricesMoved ? { pricesMoved: reading.pricesMoved } : {}) };
      yield { ...pass, text: reading.text, read: reading.mode, ocrConfidence: Math.round(reading.confidence), costMs: reading.costMs, ...setsAside };
    }
  }

  /** A place in the OCR queue is taken before any decoding, so the queue limit bounds the work. */
  async function* imagePasses(bytes: Buffer, kind: FileKind, signal?: AbortSignal): AsyncGenerator<TextPass, void, undefined> {
    const ticket = pool.reserve();
    try {
      // The same preparation for a photo and for the picture of a scanned PDF page, turned the way its print reads.
      const page = await readyPage({ bytes, kind });
      signal?.throwIfAborted();
      yield* ocrPasses(page, ticket, { kind, method: 'ocr', notices: [] }, noTextInImage, signal);
    } finally {
      ticket.release();
    }
  }

  /**
   * A PDF's pages, each by its text layer or, for a scanned page, by OCR of its picture, as one
   * pass. A one-page scan is a whole receipt, which can be checked against its total: its
   * picture is read pass by pass like a photo.
   */
  async function* pdfPasses(bytes: Buffer, signal?: AbortSignal): AsyncGenerator<TextPass, void, undefined> {
    // Taken at the first scanned page: a PDF with a text layer needs no OCR worker.
    const queue = { ticket: null as OcrTicket | null };
    try {
      const read = await withPdf(bytes, pdfLimits, async (pdf, pages) => {
        const texts: string[] = [];
        const ocrResults: PageReading[] = [];
        let scan: ReadyPage | null = null;
        for (let page = 1; page <= pages; page++) {
          signal?.throwIfAborted();
          const layer = await pdf.pageText(page);
          if (layer !== null) {
            texts.push(layer);
            continue;
          }
          // A scanned page: its picture is read exactly like a photo.
          queue.ticket ??= pool.reserve();
          const ready = await readyPage(await pdf.scannedPage(page));
          signal?.throwIfAborted();
          if (pages === 1) {
            scan = ready;
            break;
          }
          for await (const reading of pageReadings(ready, queue.ticket, false, signal)) {
            texts.push(reading.text);
            ocrResults.push(reading);
          }
        }
        const notices = pdf.pageCount > pages ? [pdfPagesSkipped(pages, pdf.pageCount)] : [];
        return { texts, ocrResults, scan, notices };
      }, signal);
      if (read.scan && queue.ticket) {
        yield* ocrPasses(read.scan, queue.ticket, { kind: 'pdf', method: 'pdf-ocr', notices: read.notices }, noTextInPdf, signal);
        return;
      }
      const text = read.texts.filter((pageText) => pageText.trim().length > 0).join('\n\n');
      if (!hasReadableText(text)) throw noTextInPdf();
      const ocrConfidence = meanConfidence(read.ocrResults);
      yield {
        text,
        kind: 'pdf',
        method: read.ocrResults.length > 0 ? 'pdf-ocr' : 'pdf-text',
        read: read.ocrResults.length > 0 ? 'pages' : 'text-layer',
        ...(ocrConfidence === undefined ? {} : { ocrConfidence }),
        costMs: read.ocrResults.reduce((sum, reading) => sum + reading.costMs, 0),
        notices: read.notices,
        ...scannedPages(read.texts, read.ocrResults.length),
      };
    } finally {
      queue.ticket?.release();
    }
  }

  return {
    async ready() {
      await Promise.all([pool.ready(), pdfPool.ready()]);
    },
    async *extract(bytes, signal) {
      const kind = detectOrRefuse(bytes);
      yield* kind === 'pdf' ? pdfPasses(bytes, signal) : imagePasses(bytes, kind, signal);
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
