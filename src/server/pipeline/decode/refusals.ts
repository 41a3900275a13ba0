// What the decoding stage answers a visitor whose file it cannot or must not decode.
import { CodedError } from '../errors.ts';

export const unsupportedType = (): CodedError =>
  new CodedError('unsupported-type', 'This file type is not supported. Please upload a photo (JPEG, PNG, WebP, HEIC) or a PDF.');

export const heicUnsupported = (cause?: unknown): CodedError =>
  new CodedError(
    'heic-unsupported',
    'This HEIC photo cannot be read on this server. Please upload it as a JPEG (most phones can share a photo as JPEG).',
    { cause },
  );

export const tooManyPixels = (megapixels: number): CodedError =>
  new CodedError(
    'too-many-pixels',
    `This image is too large to process (over ${megapixels} megapixels). Please upload a smaller photo of the receipt.`,
    { params: { megapixels } },
  );

export const unreadableImage = (cause?: unknown): CodedError =>
  new CodedError(
    'unreadable-image',
    'The image could not be read. It may be damaged or incomplete; please upload the photo again as a JPEG or PNG.',
    { cause },
  );
