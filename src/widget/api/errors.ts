// Why a call failed, in the terms the messages need: an HTTP answer (with the server's own
// sentence when it sent one), no answer at all, or an answer that could not be read.

import type { MessageParams } from '../../contract.ts';

export type FailureReason =
  /** `code` and `params` when the server sent them: the widget then says it in its own language. */
  | { kind: 'server'; message: string; code?: string; params?: MessageParams }
  | { kind: 'status'; status: number }
  | { kind: 'no-answer' }
  | { kind: 'unreadable' };

/**
 * What the Error box tells the visitor about: no backend configured, or an upload or the sample
 * that failed, and why. The state holds it; the catalogues word it.
 */
export type AppError =
  | { kind: 'no-base-url' }
  | { kind: 'upload'; reason: FailureReason }
  | { kind: 'sample'; reason: FailureReason };

export class ApiFailure extends Error {
  readonly reason: FailureReason;
  /** The HTTP status, when the server answered. */
  readonly status: number | null;
  /** Seconds the server asked to wait before trying again (a 429 or 503 with `Retry-After`). */
  readonly retryAfterSeconds: number | null;

  constructor(reason: FailureReason, answer: { status?: number; retryAfterSeconds?: number | null } = {}) {
    super(reason.kind === 'server' ? reason.message : reason.kind);
    this.name = 'ApiFailure';
    this.reason = reason;
    this.status = answer.status ?? null;
    this.retryAfterSeconds = answer.retryAfterSeconds ?? null;
  }

  /** Too many requests, or the service is busy: the same request may succeed later. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 503;
  }
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its month; a bare sign and digits ('-5') would parse as a year.
  const at = /[a-z]{3}/i.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';
}

function isParams(value: unknown): value is MessageParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((param) => typeof param === 'string' || typeof param === 'number')
  );
}

/** A non-2xx answer: the server's `error` sentence when the body carries one, else the status. */
export async function failureFromResponse(response: Response): Promise<ApiFailure> {
  type ErrorBody = { error?: unknown; code?: unknown; params?: unknown } | null;
  let body: ErrorBody;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = null;
  }
  const answer = { status: response.status, retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After')) };
  const message = body?.error;
  if (typeof message !== 'string' || message.trim() === '') {
    return new ApiFailure({ kind: 'status', status: response.status }, answer);
  }
  const { code, params } = body!;
  return new ApiFailure(
    {
      kind: 'server',
      message: message.trim(),
      ...(typeof code === 'string' ? { code } : {}),
      ...(isParams(params) ? { params } : {}),
    },
    answer,
  );
}
