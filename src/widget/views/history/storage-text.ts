// Why this device's storage refused a change, in the visitor's language: the save panel under a
// result and the parts of My receipts say it alike.
import type { HistoryStrings } from '../../i18n/history.ts';
import type { StorageFailure } from '../../state/device-storage.ts';

export function storageFailureText(text: HistoryStrings, failure: StorageFailure | 'read-only'): string {
  return failure === 'read-only' ? text.newer : text[failure];
}
