// The saved history's state and actions, plain TypeScript like the app's controller: reads the
// device's storage when asked, and changes what is shown only once storage took the change.
import type { AnalysisResult } from '../../contract.ts';
import { checkImport, MAX_IMPORT_BYTES, mergeReceipts, type ImportCheck } from '../rules/history-export.ts';
import { localDate, summarize, type HistoryNotice, type SavedReceipt } from '../rules/history.ts';
import type { StorageFailure } from './device-storage.ts';
import { createHistoryStorage, type HistoryStorage } from './history-storage.ts';
import { createStore, type Store } from './store.ts';

/** What the last action did, for the view to announce. */
export type HistoryOutcome =
  | { kind: 'saved' }
  | { kind: 'deleted' }
  | { kind: 'cleared' }
  | { kind: 'imported'; added: number }
  | { kind: 'import-refused'; reason: Extract<ImportCheck, { ok: false }>['reason'] | 'too-large' }
  | { kind: 'failed'; failure: StorageFailure | 'read-only' };

export interface HistoryState {
  loaded: boolean;
  receipts: SavedReceipt[];
  /** About the stored data itself (unreadable parts left out, or written by a newer widget). */
  notice: HistoryNotice | null;
  /** Storage could not be reached when last read. */
  blocked: boolean;
  readOnly: boolean;
  outcome: HistoryOutcome | null;
  /** The result last saved, so its Save button can say it is done. */
  savedResult: AnalysisResult | null;
}

export interface History {
  store: Store<HistoryState>;
  load(): void;
  save(result: AnalysisResult, includeItems: boolean): void;
  remove(id: string): void;
  clear(): void;
  importText(text: string): void;
}

export interface HistoryOptions {
  storage?: HistoryStorage;
  now?: () => Date;
  newId?: () => string;
}

const INITIAL: HistoryState = {
  loaded: false,
  receipts: [],
  notice: null,
  blocked: false,
  readOnly: false,
  outcome: null,
  savedResult: null,
};

/** Unique enough for one device's list; `crypto.randomUUID` is missing on plain-http pages. */
function randomId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function createHistory(options: HistoryOptions = {}): History {
  const storage = options.storage ?? createHistoryStorage();
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomId;
  const store = createStore<HistoryState>(INITIAL);

  function load(): void {
    const read = storage.read();
    if ('failure' in read) {
      store.setState({ loaded: true, receipts: [], notice: null, blocked: true, readOnly: false, outcome: null });
      return;
    }
    store.setState({ loaded: true, receipts: read.receipts, notice: read.notice, blocked: false, readOnly: read.readOnly, outcome: null });
  }

  /** Writes the new list; the state follows only if storage took it. */
  function commit(receipts: SavedReceipt[], outcome: HistoryOutcome, extra: Partial<HistoryState> = {}): boolean {
    // Data a newer widget wrote may only be cleared as a whole, never rewritten in this format.
    if (store.getState().readOnly && receipts.length > 0) {
      store.setState({ outcome: { kind: 'failed', failure: 'read-only' } });
      return false;
    }
    const failure = storage.write(receipts);
    if (failure !== null) {
      store.setState({ outcome: { kind: 'failed', failure }, blocked: failure === 'blocked' });
      return false;
    }
    store.setState({ receipts, outcome, blocked: false, ...extra });
    return true;
  }

  return {
    store,
    load,
    save(result, includeItems) {
      // Read again first: another tab or widget on the page may have saved in the meantime.
      load();
      if (store.getState().blocked) {
        store.setState({ outcome: { kind: 'failed', failure: 'blocked' } });
        return;
      }
      const receipt = summarize(result, { id: newId(), date: localDate(now()), includeItems });
      commit([...store.getState().receipts, receipt], { kind: 'saved' }, { savedResult: result });
    },
    remove(id) {
      load();
      commit(store.getState().receipts.filter((receipt) => receipt.id !== id), { kind: 'deleted' });
    },
    clear() {
      // Clearing also clears a notice about unreadable data: that data is gone now.
      if (commit([], { kind: 'cleared' })) store.setState({ notice: null, readOnly: false });
    },
    importText(text) {
      if (text.length > MAX_IMPORT_BYTES) {
        store.setState({ outcome: { kind: 'import-refused', reason: 'too-large' } });
        return;
      }
      const checked = checkImport(text);
      if (!checked.ok) {
        store.setState({ outcome: { kind: 'import-refused', reason: checked.reason } });
        return;
      }
      load();
      const merged = mergeReceipts(store.getState().receipts, checked.receipts);
      commit(merged.receipts, { kind: 'imported', added: merged.added });
    },
  };
}
