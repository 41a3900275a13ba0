// Tesseract's text as the parser wants it: no trailing blanks, no runs of empty lines.
export function tidyOcrText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Enough letters or digits to be worth parsing; OCR of a blank photo yields a few stray marks. */
export function hasReadableText(text: string, minimum = 4): boolean {
  return (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= minimum;
}

/**
 * Amounts as receipts print them (`1,29`, `12.40`), counted in a reading. A printed amount ends
 * where its cents do: digits run on into letters or a slash (`96.14/11P8J9`, `9908.19J9y`) are
 * print read upside down, where a date and a code make such runs by chance.
 */
export function amountCount(text: string): number {
  return text.match(/\d[,.]\d{2}(?![\d\p{L}/])/gu)?.length ?? 0;
}

/**
 * Below this mean word confidence, with fewer than two amounts, a reading holds no receipt: the
 * page may be upside down. Measured on the 14 real and 16 committed photos read upright and
 * turned over: turned over 25–45 with at most one amount (a clean scan of capitals 50), upright
 * 48–92 with at least two. An upright reading with fewer than two amounts is no receipt either.
 */
const NO_RECEIPT_BELOW_CONFIDENCE = 60;

/** Whether OCR read no receipt from the page: barely legible to the engine, and hardly an amount. */
export function readsNoReceipt(reading: { text: string; confidence: number }): boolean {
  return reading.confidence < NO_RECEIPT_BELOW_CONFIDENCE && amountCount(reading.text) < 2;
}
