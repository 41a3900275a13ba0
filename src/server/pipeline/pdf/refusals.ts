// What the PDF stage answers a visitor whose PDF it cannot read, or will not: a PDF whose cost
// to read grows past what its bytes and a receipt justify (budget.ts) is refused, fast.
import { CodedError } from '../errors.ts';

export const encryptedPdf = (cause?: unknown): CodedError =>
  new CodedError('encrypted-pdf', 'This PDF is password-protected. Please upload an unprotected PDF or a photo of the receipt.', { cause });

export const unreadablePdf = (cause?: unknown): CodedError =>
  new CodedError('unreadable-pdf', 'The PDF could not be read. It may be damaged; please upload it again or send a photo of the receipt.', {
    cause,
  });

export const noTextInPdf = (): CodedError =>
  new CodedError('no-text-in-pdf', 'No text could be read from this PDF. Please upload a clearer PDF or a photo of the receipt.');

export const pdfTooMuchData = (maxMb: number): CodedError =>
  new CodedError(
    'pdf-too-much-data',
    `This PDF unpacks to more than ${maxMb} MB, far more than a receipt. Please upload a photo of the receipt or a smaller PDF.`,
    { params: { max_mb: maxMb } },
  );

export const pdfImageTooLarge = (megapixels: number): CodedError =>
  new CodedError(
    'pdf-image-too-large',
    `This PDF holds a picture of more than ${megapixels} megapixels. Please upload a smaller scan or a photo of the receipt.`,
    { params: { megapixels } },
  );

export const pdfTooManyPages = (maxPages: number): CodedError =>
  new CodedError('pdf-too-many-pages', `This PDF has more than ${maxPages} pages. Please upload only the pages of the receipt.`, {
    params: { max_pages: maxPages },
  });

export const pdfTooComplex = (cause?: unknown): CodedError =>
  new CodedError(
    'pdf-too-complex',
    'This PDF takes far more work to read than a receipt does. Please upload a photo of the receipt or a simpler PDF.',
    { cause },
  );
