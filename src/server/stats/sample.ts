// The widget's "Try Sample" sends a fixed receipt; counting it would let every demo click
// inflate the community statistics. Whitespace and line endings may change on the way
// (textarea, CRLF, trimming), so texts are compared after normalising them.
import { SAMPLE_RECEIPT_TEXT } from '../../sample-receipt.ts';

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const SAMPLE = normalise(SAMPLE_RECEIPT_TEXT);

export function isSampleReceipt(text: string): boolean {
  return normalise(text) === SAMPLE;
}
