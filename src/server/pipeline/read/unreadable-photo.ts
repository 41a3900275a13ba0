// When a photo's reading is not worth showing: the OCR engine was unsure of what it read, and
// the parser found nothing that checks itself (no items, or items with no printed total). Such
// a reading is noise from a blurred, tiny, dark or crumpled picture; the visitor is better
// served by advice on taking the photo again than by a few invented items.
import type { ProcessingMethod } from '../../../contract.ts';
import { CodedError } from '../errors.ts';
import { RETAKE_ADVICE } from '../ocr/refusals.ts';

/**
 * Mean word confidence (0–100) below which an OCR reading is taken as unread. Measured on the
 * project's degraded copies of a 14-item phone photo: blurred (sigma 4) 70, dark 71, blurred
 * (sigma 8) 45 with no items, shrunk to 160 px 30 with three invented items; a clear note 96.
 */
export const UNREAD_CONFIDENCE = 55;

export interface ReadingOutcome {
  method: ProcessingMethod;
  ocrConfidence?: number;
  items: number;
  printedTotal: number | null;
}

export function isUnreadablePhoto(outcome: ReadingOutcome): boolean {
  if (outcome.method !== 'ocr' && outcome.method !== 'pdf-ocr') return false;
  if (outcome.ocrConfidence === undefined || outcome.ocrConfidence >= UNREAD_CONFIDENCE) return false;
  return outcome.items === 0 || outcome.printedTotal === null;
}

/** To the visitor such a photo is one without readable text, with the same advice, not a few invented items. */
export const unreadablePhoto = (): CodedError =>
  new CodedError('no-text-in-image', `This photo could not be read clearly enough. ${RETAKE_ADVICE}`);
