// What the PDF stage answers a visitor whose PDF it cannot read.
import { CodedError } from '../errors.ts';

export const encryptedPdf = (cause?: unknown): CodedError =>
  new CodedError('encrypted-pdf', 'This PDF is password-protected. Please upload an unprotected PDF or a photo of the receipt.', { cause });

export const unreadablePdf = (cause?: unknown): CodedError =>
  new CodedError('unreadable-pdf', 'The PDF could not be read. It may be damaged; please upload it again or send a photo of the receipt.', {
    cause,
  });

export const noTextInPdf = (): CodedError =>
  new CodedError('no-text-in-pdf', 'No text could be read from this PDF. Please upload a clearer PDF or a photo of the receipt.');
