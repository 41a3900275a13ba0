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

  constructor(reason: FailureReason) {
    super(reason.kind === 'server' ? reason.message : reason.kind);
    this.name = 'ApiFailure';
    this.reason = reason;
  }
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
  const message = body?.error;
  if (typeof message !== 'string' || message.trim() === '') {
    return new ApiFailure({ kind: 'status', status: response.status });
  }
  const { code, params } = body!;
  return new ApiFailure({
    kind: 'server',
    message: message.trim(),
    ...(typeof code === 'string' ? { code } : {}),
    ...(isParams(params) ? { params } : {}),
  });
}
