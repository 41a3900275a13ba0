// What a visitor is told when a request fails: a status, a stable code and one clear sentence
// (with the values it names), never a stack, a file path or a library's internal message.
// The one place that knows which HTTP status each code answers with. Pure, so every mapping is testable.
import type { ErrorCode, ErrorResponse, MessageParams } from '../../../contract.ts';
import { isCodedError, type CodedError } from '../../pipeline/errors.ts';

export interface PublicError {
  statusCode: number;
  body: Required<Pick<ErrorResponse, 'error' | 'code'>> & { params?: MessageParams };
  retryAfter?: number;
}

export interface ErrorContext {
  /** The refusal of a body over the limit on this route (e.g. the upload size). */
  tooLarge?: () => CodedError;
}

/** Each code's HTTP status; a code without one fails the type-check. */
export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  'bad-request': 400,
  'no-items': 400,
  'too-many-items': 400,
  'bad-item': 400,
  'empty-text': 400,
  'no-file': 400,
  'bad-multipart': 400,
  'empty-file': 400,
  'bad-file-type': 400,
  'not-found': 404,
  'method-not-allowed': 405,
  'request-timeout': 408,
  'file-too-large': 413,
  'text-too-long': 413,
  'too-many-pixels': 413,
  'too-large': 413,
  'pdf-too-much-data': 413,
  'pdf-image-too-large': 413,
  'pdf-too-many-pages': 413,
  'unsupported-type': 415,
  'heic-unsupported': 415,
  'unsupported-media-type': 415,
  'unreadable-image': 422,
  'no-text-in-image': 422,
  'encrypted-pdf': 422,
  'unreadable-pdf': 422,
  'no-text-in-pdf': 422,
  'pdf-too-complex': 422,
  'no-items-in-file': 422,
  'no-items-in-text': 422,
  'rate-limited': 429,
  busy: 503,
  'stats-unavailable': 503,
  'ocr-timeout': 503,
  'ocr-unavailable': 503,
  internal: 500,
};

export const GENERIC_500 = 'Something went wrong while reading the receipt. Please try again in a moment.';

const BY_FRAMEWORK_CODE: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad-request', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad-request', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported-media-type',
    message: 'This content type is not accepted here. Send JSON to /api/process-text or a multipart form to /api/process-receipt-ai.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad-request', message: 'The request body does not match its Content-Length.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'bad-multipart', message: 'Send the receipt as a multipart form with a "file" field.' },
  FST_FILES_LIMIT: { code: 'bad-multipart', message: 'Send one receipt file at a time.' },
  FST_PARTS_LIMIT: { code: 'bad-multipart', message: 'The form has too many fields. Send only "file" and "fileType".' },
  FST_FIELDS_LIMIT: { code: 'bad-multipart', message: 'The form has too many fields. Send only "file" and "fileType".' },
  FST_PROTO_VIOLATION: { code: 'bad-multipart', message: 'The form has a field name that is not allowed.' },
  FST_MP_PREMATURE_CLOSE: { code: 'bad-multipart', message: 'The upload ended before the whole file arrived. Please try again.' },
};

/** A framework's client error: its status is right, its wording may quote the input. */
const BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'bad-request', message: 'The request could not be understood.' },
  404: { code: 'not-found', message: 'There is nothing at this address.' },
  405: { code: 'method-not-allowed', message: 'This method is not allowed here.' },
  408: { code: 'request-timeout', message: 'The request took too long to arrive. Please try again.' },
  413: { code: 'too-large', message: 'The request is larger than the limit.' },
  415: { code: 'unsupported-media-type', message: 'This content type is not accepted here.' },
  429: { code: 'rate-limited', message: 'Too many requests. Please wait a moment and try again.' },
  503: { code: 'busy', message: 'The service is busy right now. Please try again in a moment.' },
};

function property(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

/** The answer for a code, its sentence and values. */
export function publicError(code: ErrorCode, message: string, params?: MessageParams, retryAfter?: number): PublicError {
  return {
    statusCode: STATUS_BY_CODE[code],
    body: { error: message, code, ...(params === undefined ? {} : { params }) },
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

const fromCoded = (error: CodedError): PublicError => publicError(error.code, error.message, error.params, error.retryAfter);

export function toPublicError(error: unknown, context: ErrorContext = {}): PublicError {
  if (isCodedError(error)) return fromCoded(error);
  const code = property(error, 'code');
  const statusCode = property(error, 'statusCode');
  const message = property(error, 'message');

  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE') {
    return context.tooLarge ? fromCoded(context.tooLarge()) : publicError('too-large', BY_STATUS[413]?.message ?? '');
  }
  const known = typeof code === 'string' ? BY_FRAMEWORK_CODE[code] : undefined;
  if (known) return publicError(known.code, known.message);
  if (code === 'FST_ERR_VALIDATION' && typeof message === 'string') {
    // Ajv's sentences name the field and the rule (e.g. "body must have required property 'text'"),
    // never the submitted value.
    return publicError('bad-request', `The request is not valid: ${message}.`);
  }
  if (property(error, 'name') === 'AbortError') return publicError('bad-request', 'The request was cancelled.');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const byStatus = BY_STATUS[statusCode];
    // A status without a code of its own keeps its number and says what a bad request says.
    if (!byStatus) return { statusCode, body: { error: BY_STATUS[400]?.message ?? '', code: 'bad-request' } };
    return publicError(byStatus.code, byStatus.message);
  }
  return publicError('internal', GENERIC_500);
}
