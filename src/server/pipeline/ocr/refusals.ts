// What the OCR stage answers when it cannot read a photo now, or finds no text in it.
import { CodedError } from '../errors.ts';

/** What helps a phone photo most, measured on the project's degraded photos: a flat receipt filling a well-lit picture. */
export const RETAKE_ADVICE = 'Lay the receipt flat, hold the camera closer so the receipt fills the picture, and take it in more light.';

export const noTextInImage = (): CodedError => new CodedError('no-text-in-image', `No text could be read from this photo. ${RETAKE_ADVICE}`);

export const busy = (retryAfter: number): CodedError =>
  new CodedError('busy', 'The receipt reader is busy right now. Please try again in a moment.', { retryAfter });

export const ocrTimeout = (retryAfter: number): CodedError =>
  new CodedError('ocr-timeout', 'Reading this receipt took too long. Please try again in a moment, or upload a smaller, sharper photo.', {
    retryAfter,
  });

export const ocrUnavailable = (options: { retryAfter?: number; cause?: unknown } = {}): CodedError =>
  new CodedError(
    'ocr-unavailable',
    'The receipt reader is not available right now. Please try again later, or paste the receipt text instead.',
    options,
  );
