// The one place the saved history touches the browser's storage. Every way storage can fail
// (blocked in a sandboxed frame or a privacy mode, full, missing) becomes a reason the view can
// state; nothing here throws.
import { readHistory, writeHistory, type ReadHistory, type SavedReceipt } from '../rules/history.ts';

export const HISTORY_KEY = 'receiptCalculator.history';

/** blocked: storage cannot be reached at all; full: the browser refused to store more. */
export type StorageFailure = 'blocked' | 'full';

export interface HistoryStorage {
  read(): ReadHistory | { failure: StorageFailure };
  write(receipts: readonly SavedReceipt[]): StorageFailure | null;
}

/** Browsers name a full storage differently (Firefox: NS_ERROR_DOM_QUOTA_REACHED; old WebKit: code 22). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

/** `storage` is read at each call: touching `localStorage` itself throws where it is blocked. */
export function createHistoryStorage(storage: () => Storage | null | undefined = () => globalThis.localStorage): HistoryStorage {
  function reach(): Storage | null {
    try {
      return storage() ?? null;
    } catch {
      return null;
    }
  }
  return {
    read() {
      const area = reach();
      if (area === null) return { failure: 'blocked' };
      try {
        return readHistory(area.getItem(HISTORY_KEY));
      } catch {
        return { failure: 'blocked' };
      }
    },
    write(receipts) {
      const area = reach();
      if (area === null) return 'blocked';
      try {
        if (receipts.length === 0) area.removeItem(HISTORY_KEY);
        else area.setItem(HISTORY_KEY, writeHistory(receipts));
        return null;
      } catch (error) {
        return isQuotaError(error) ? 'full' : 'blocked';
      }
    },
  };
}
