// What a visitor is told when a request fails: a status and one clear sentence, never a stack,
// a file path or a library's internal message. Pure, so every mapping is testable.
import type { ErrorCode, MessageParams } from '../../../contract.ts';
import { isHttpError } from '../../errors.ts';

export interface PublicError {
  statusCode: number;
  message: string;
  retryAfter?: number;
  code?: ErrorCode;
  params?: MessageParams;
}

export interface ErrorContext {
  /** The sentence for a body over the limit on this route (e.g. the upload size). */
  tooLarge?: string;
}

export const GENERIC_500 = 'Something went wrong while reading the receipt. Please try again in a moment.';

const BY_CODE: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    message: 'This content type is not accepted here. Send JSON to /api/process-text or a multipart form to /api/process-receipt-ai.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, message: 'The request body does not match its Content-Length.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    statusCode: 400,
    message: 'Send the receipt as a multipart form with a "file" field.',
  },
  FST_FILES_LIMIT: { statusCode: 400, message: 'Send one receipt file at a time.' },
  FST_PARTS_LIMIT: { statusCode: 400, message: 'The form has too many fields. Send only "file" and "fileType".' },
  FST_FIELDS_LIMIT: { statusCode: 400, message: 'The form has too many fields. Send only "file" and "fileType".' },
  FST_PROTO_VIOLATION: { statusCode: 400, message: 'The form has a field name that is not allowed.' },
  FST_MP_PREMATURE_CLOSE: { statusCode: 400, message: 'The upload ended before the whole file arrived. Please try again.' },
};

const BY_STATUS: Record<number, string> = {
  400: 'The request could not be understood.',
  404: 'There is nothing at this address.',
  405: 'This method is not allowed here.',
  408: 'The request took too long to arrive. Please try again.',
  413: 'The request is larger than the limit.',
  415: 'This content type is not accepted here.',
  429: 'Too many requests. Please wait a moment and try again.',
  503: 'The service is busy right now. Please try again in a moment.',
};

function property(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

export function toPublicError(error: unknown, context: ErrorContext = {}): PublicError {
  if (isHttpError(error)) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
      ...(error.publicCode === undefined ? {} : { code: error.publicCode }),
      ...(error.params === undefined ? {} : { params: error.params }),
    };
  }
  const code = property(error, 'code');
  const statusCode = property(error, 'statusCode');
  const message = property(error, 'message');

  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE') {
    return { statusCode: 413, message: context.tooLarge ?? BY_STATUS[413] ?? '' };
  }
  if (typeof code === 'string' && BY_CODE[code]) return { ...BY_CODE[code] };
  if (code === 'FST_ERR_VALIDATION' && typeof message === 'string') {
    // Ajv's sentences name the field and the rule (e.g. "body must have required property 'text'"),
    // never the submitted value.
    return { statusCode: 400, message: `The request is not valid: ${message}.` };
  }
  if (property(error, 'name') === 'AbortError') return { statusCode: 400, message: 'The request was cancelled.' };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // A client error from the framework: its status is right, its wording may quote the input.
    return { statusCode, message: BY_STATUS[statusCode] ?? BY_STATUS[400]! };
  }
  return { statusCode: 500, message: GENERIC_500 };
}
