// What the OCR stage answers when it cannot read a photo now, or finds no text in it.
import { CodedError } from '../errors.ts';

export const noTextInImage = (): CodedError =>
  new CodedError('no-text-in-image', 'No text could be read from this image. Please upload a sharper, well-lit photo of the whole receipt.');

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
