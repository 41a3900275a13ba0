// Where the saved history lives in the browser's storage, read and written in its versioned format.
import { readHistory, writeHistory, type ReadHistory, type SavedReceipt } from '../rules/history.ts';
import { deviceSlot, type StorageFailure, type StorageSource } from './device-storage.ts';

export const HISTORY_KEY = 'receiptCalculator.history';

export interface HistoryStorage {
  read(): ReadHistory | { failure: StorageFailure };
  write(receipts: readonly SavedReceipt[]): StorageFailure | null;
}

export function createHistoryStorage(storage?: StorageSource): HistoryStorage {
  const slot = deviceSlot(HISTORY_KEY, storage);
  return {
    read() {
      const read = slot.read();
      return 'failure' in read ? read : readHistory(read.text);
    },
    write: (receipts) => slot.write(receipts.length === 0 ? null : writeHistory(receipts)),
  };
}
