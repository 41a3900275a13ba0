// The pipeline's refusals and failures: a stable code (the contract's ERROR_CODES), the English
// sentence for the visitor and the values it names. The pipeline knows no HTTP: the server maps
// each code to its status in one place (plugins/app/public-error.ts).
import type { ErrorCode, MessageParams } from '../../contract.ts';

export class CodedError extends Error {
  readonly code: ErrorCode;
  readonly params: MessageParams | undefined;
  /** Seconds after which trying again may help (a busy or restarting reader). */
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, options: { params?: MessageParams; retryAfter?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'CodedError';
    this.code = code;
    this.params = options.params;
    this.retryAfter = options.retryAfter;
  }
}

export function isCodedError(error: unknown): error is CodedError {
  return error instanceof CodedError;
}
