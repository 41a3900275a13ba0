// The extractor as the tests build it, and checks on what it read. The receipt files the tests
// feed it (a rendered PNG, PDFs with and without a text layer) come from test/support/.
// Nothing here reads the shared real-receipt data.
import type { ErrorCode } from '../../../../src/contract.ts';
import { isCodedError } from '../../../../src/server/pipeline/errors.ts';
import { STATUS_BY_CODE } from '../../../../src/server/plugins/app/public-error.ts';
import { createExtractor, type Extractor, type ExtractorOptions, type TextPass } from '../../../../src/server/pipeline/extract/index.ts';
import { readPasses } from '../../../../src/server/pipeline/read/index.ts';
import type { ParsedReceipt } from '../../../../src/server/pipeline/types.ts';

export { makeImagePdf, makeTextPdf, RECEIPT_LINES, renderReceiptPng } from '../../../support/receipt-files.ts';

export function testExtractor(overrides: Partial<ExtractorOptions> = {}): Extractor {
  return createExtractor({
    ocrWorkers: 1,
    maxQueue: 4,
    ocrTimeoutMs: 60_000,
    maxPixels: 50_000_000,
    maxPdfPages: 5,
    log: () => {},
    ...overrides,
  });
}

/**
 * A file read as the pipeline reads it: the extractor's passes, pulled by the reader until one
 * adds up. The kept pass (its text, kind, method, confidence), how many passes were read, and
 * the receipt.
 */
export async function readFile(extractor: Extractor, bytes: Buffer, signal?: AbortSignal): Promise<TextPass & { passes: number; receipt: ParsedReceipt }> {
  const reading = await readPasses(extractor.extract(bytes, signal), signal);
  return { ...reading.pass, passes: reading.passes, receipt: reading.receipt };
}

/** Every line of `expected` that is not blank shows up in `text` (spacing may differ). */
export function squash(text: string): string {
  return text.replace(/[ \t]+/g, ' ');
}

/**
 * The coded error a promise rejects with, as code, the status the server answers it with,
 * sentence, values and Retry-After.
 */
export async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: ErrorCode; status: number; message: string; params?: Record<string, string | number>; retryAfter?: number }> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isCodedError(error)) throw new Error(`expected a CodedError, got ${String(error)}`);
  return {
    code: error.code,
    status: STATUS_BY_CODE[error.code],
    message: error.message,
    ...(error.params === undefined ? {} : { params: error.params }),
    ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
  };
}

/** Fewest edits that turn `pattern` into some substring of `text` (approximate matching, for OCR slips). */
export function editsToFind(pattern: string, text: string): number {
  let previous = Array.from({ length: pattern.length + 1 }, (_, index) => index);
  let best = pattern.length;
  for (const character of text) {
    const current = [0];
    for (let index = 1; index <= pattern.length; index++) {
      const substitution = (previous[index - 1] ?? 0) + (pattern[index - 1] === character ? 0 : 1);
      current.push(Math.min((previous[index] ?? 0) + 1, (current[index - 1] ?? 0) + 1, substitution));
    }
    best = Math.min(best, current[pattern.length] ?? best);
    previous = current;
  }
  return best;
}

/** The amount printed on the line, with a decimal comma or point. */
export function priceOnLine(price: number, line: string): boolean {
  return new RegExp(`(?<!\\d)${Math.abs(price).toFixed(2).replace('.', '[.,]\\s?')}(?!\\d)`).test(line);
}
