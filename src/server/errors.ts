// Every refusal the backend gives is an HttpError: a status and one clear sentence for the
// visitor. The error handler turns it into `{ "error": message }`; anything else becomes a
// generic 500 with no internals in the body.
export class HttpError extends Error {
  readonly statusCode: number;
  /** Seconds, sent as `Retry-After` (503 and 429). */
  readonly retryAfter: number | undefined;

  constructor(statusCode: number, message: string, options: { retryAfter?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.retryAfter = options.retryAfter;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
