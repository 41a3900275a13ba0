// The sentence shown in the Error box for each failure (spec §8).
import type { AppError, FailureReason } from '../api/errors.ts';
import { errorCodeText } from './coded.ts';
import { fill, type Locale, type Messages } from './index.ts';

export function reasonText(messages: Messages, locale: Locale, reason: FailureReason): string {
  switch (reason.kind) {
    case 'server':
      return errorCodeText(messages, locale, reason.code, reason.params, reason.message);
    case 'status':
      return fill(messages.errors.apiError, { status: reason.status });
    case 'no-answer':
      return messages.errors.noAnswer;
    case 'unreadable':
      return messages.errors.unreadable;
  }
}

export function errorText(messages: Messages, locale: Locale, error: AppError): string {
  switch (error.kind) {
    case 'no-base-url':
      return messages.errors.noBaseUrl;
    case 'upload':
      // Without an HTTP answer there is no server sentence to pass on.
      return error.reason.kind === 'server' || error.reason.kind === 'status'
        ? fill(messages.errors.uploadFailed, { reason: reasonText(messages, locale, error.reason) })
        : messages.errors.noMessage;
    case 'sample':
      return fill(messages.errors.sampleFailed, { reason: reasonText(messages, locale, error.reason) });
  }
}
