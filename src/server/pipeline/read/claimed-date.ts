// Whether a reading may claim the day its receipt prints (../parse/date.ts reads it). OCR misreads
// a digit of a day as easily as one of a price (12.8. as 12.6.), and no total checks a day, so a
// photo's or a scan's reading claims one only where the receipt prints it on two lines alike (an
// online order's, a card slip's); text and a PDF's text layer claim the day they print. Measured
// with `node scripts/eval/dates.ts`.
import type { ProcessingMethod } from '../../../contract.ts';
import type { ParsedReceipt } from '../types.ts';

export function claimableDate(receipt: ParsedReceipt, method: ProcessingMethod): ParsedReceipt {
  const read = method === 'ocr' || method === 'pdf-ocr';
  return read && (receipt.dateLines ?? 0) < 2 ? { ...receipt, date: null } : receipt;
}
