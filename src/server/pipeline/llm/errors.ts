// Every way the OpenAI path can fail ends in one LlmError, so the caller can fall back to the
// offline reader with a single catch. Messages are for our logs: they name the failure and
// never carry receipt content, the model's words or the API key.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

export type LlmFailure =
  | 'timeout'
  | 'aborted'
  | 'http'
  | 'connection'
  | 'refusal'
  | 'truncated'
  | 'empty'
  | 'invalid-json'
  | 'schema'
  | 'unexpected';

export class LlmError extends Error {
  readonly reason: LlmFailure;
  /** HTTP status of the endpoint's answer, for reason 'http'. */
  readonly status: number | undefined;

  constructor(reason: LlmFailure, message: string, status?: number) {
    super(`OpenAI reader: ${message}`);
    this.name = 'LlmError';
    this.reason = reason;
    this.status = status;
  }
}

/**
 * Turns whatever the SDK threw into an LlmError. `deadline` is our own overall time limit;
 * the SDK reports its firing as a user abort, which is a timeout from our point of view.
 */
export function toLlmError(error: unknown, deadline: AbortSignal, timeoutMs: number): LlmError {
  if (error instanceof LlmError) return error;
  if (error instanceof APIConnectionTimeoutError || (error instanceof APIUserAbortError && deadline.aborted)) {
    return new LlmError('timeout', `no answer within ${timeoutMs} ms`);
  }
  if (error instanceof APIUserAbortError) return new LlmError('aborted', 'the request was cancelled');
  if (error instanceof APIConnectionError) return new LlmError('connection', 'could not reach the endpoint');
  // `instanceof` leaves the SDK class's type arguments `any`: its status is a number or undefined.
  const status = error instanceof APIError ? (error.status as number | undefined) : undefined;
  if (error instanceof APIError && status !== undefined) {
    // Only status and the machine-readable code: the upstream message may echo a masked key.
    const code = typeof error.code === 'string' ? ` (${error.code})` : '';
    return new LlmError('http', `the endpoint answered HTTP ${status}${code}`, status);
  }
  if (error instanceof SyntaxError) return new LlmError('invalid-json', 'the response body is not JSON');
  const name = error instanceof Error ? error.name : typeof error;
  return new LlmError('unexpected', `unexpected ${name}`);
}
