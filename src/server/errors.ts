// Every refusal the backend gives is an HttpError: a status and one clear sentence for the
// visitor. The error handler turns it into `{ "error": message }`; anything else becomes a
// generic 500 with no internals in the body.
import type { ErrorCode, MessageParams } from '../contract.ts';

export interface HttpErrorOptions {
  retryAfter?: number;
  cause?: unknown;
  /** The sentence's stable code (contract ERROR_CODES) and the values it is filled with. */
  code?: ErrorCode;
  params?: MessageParams;
}

export class HttpError extends Error {
  readonly statusCode: number;
  /** Seconds, sent as `Retry-After` (503 and 429). */
  readonly retryAfter: number | undefined;
  readonly publicCode: ErrorCode | undefined;
  readonly params: MessageParams | undefined;

  constructor(statusCode: number, message: string, options: HttpErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.retryAfter = options.retryAfter;
    this.publicCode = options.code;
    this.params = options.params;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
