// Why a call failed, in the terms the messages need: an HTTP answer (with the server's own
// sentence when it sent one), no answer at all, or an answer that could not be read.

export type FailureReason =
  | { kind: 'server'; message: string }
  | { kind: 'status'; status: number }
  | { kind: 'no-answer' }
  | { kind: 'unreadable' };

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

/** A non-2xx answer: the server's `error` sentence when the body carries one, else the status. */
export async function failureFromResponse(response: Response): Promise<ApiFailure> {
  let message: unknown;
  try {
    message = ((await response.json()) as { error?: unknown } | null)?.error;
  } catch {
    message = undefined;
  }
  return new ApiFailure(
    typeof message === 'string' && message.trim() !== ''
      ? { kind: 'server', message: message.trim() }
      : { kind: 'status', status: response.status },
  );
}
