// The saved history's state and actions, plain TypeScript like the app's controller: reads the
// device's storage when asked, and changes what is shown only once storage took the change.
import type { AnalysisResult } from '../../contract.ts';
import type { ExportExtras, ImportCheck } from '../rules/history-export.ts';
import { alreadySaved, localDate, mergeReceipts, summarize, type HistoryNotice, type SavedReceipt } from '../rules/history.ts';
import type { StorageFailure } from './device-storage.ts';
import { createHistoryStorage, type HistoryStorage } from './history-storage.ts';
import { createStore, type Store } from './store.ts';

/** What the last action did, for the view to announce. */
export type HistoryOutcome =
  | { kind: 'saved' }
  | { kind: 'duplicate'; receipt: SavedReceipt }
  | { kind: 'deleted' }
  | { kind: 'cleared' }
  /** `corrections` and `household` only when the file carried them. */
  | { kind: 'imported'; added: number; corrections?: number; household?: boolean }
  | { kind: 'import-refused'; reason: Extract<ImportCheck, { ok: false }>['reason'] }
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

/** What saving one result did. */
export type SaveOutcome =
  | { kind: 'saved'; receipt: SavedReceipt }
  | { kind: 'duplicate'; receipt: SavedReceipt }
  | { kind: 'failed'; failure: StorageFailure | 'read-only' };

export interface History {
  store: Store<HistoryState>;
  load(): void;
  /**
   * Saves the result's summary unless the same receipt is saved already. `announce: false` keeps
   * the view's status as it was (a batch says each outcome on its own line).
   */
  save(result: AnalysisResult, includeItems: boolean, options?: { announce?: boolean }): SaveOutcome;
  remove(id: string): void;
  clear(): void;
  /** Brings in an export file once checked (rules/history-export.ts): all of it, or nothing and why. */
  importChecked(checked: ImportCheck): void;
}

export interface HistoryOptions {
  storage?: HistoryStorage;
  now?: () => Date;
  newId?: () => string;
  /**
   * Keeps what an imported file carries beside its receipts (remembered corrections, the
   * household); returns how many corrections were new, or why storage refused them.
   */
  importExtras?: (extras: ExportExtras) => { corrections: number } | { failure: StorageFailure };
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

  /** Reads storage again; what the last action said stays. */
  function refresh(): void {
    const read = storage.read();
    if ('failure' in read) {
      store.setState({ loaded: true, receipts: [], notice: null, blocked: true, readOnly: false });
      return;
    }
    store.setState({ loaded: true, receipts: read.receipts, notice: read.notice, blocked: false, readOnly: read.readOnly });
  }

  /** Reads storage afresh, as when the view opens: an earlier action's message goes. */
  function load(): void {
    refresh();
    store.setState({ outcome: null });
  }

  /**
   * Writes the new list; the state follows only if storage took it. The outcome (or the failure)
   * is announced unless `announce` is false; the failure is returned either way.
   */
  function commit(
    receipts: SavedReceipt[],
    outcome: HistoryOutcome,
    extra: Partial<HistoryState> = {},
    announce = true,
  ): StorageFailure | 'read-only' | null {
    const tell = (said: HistoryOutcome) => (announce ? { outcome: said } : {});
    // Data a newer widget wrote may only be cleared as a whole, never rewritten in this format.
    if (store.getState().readOnly && receipts.length > 0) {
      store.setState(tell({ kind: 'failed', failure: 'read-only' }));
      return 'read-only';
    }
    const failure = storage.write(receipts);
    if (failure !== null) {
      store.setState({ ...tell({ kind: 'failed', failure }), blocked: failure === 'blocked' });
      return failure;
    }
    store.setState({ receipts, ...tell(outcome), blocked: false, ...extra });
    return null;
  }

  return {
    store,
    load,
    save(result, includeItems, { announce = true } = {}) {
      // Read again first: another tab or widget on the page may have saved in the meantime.
      refresh();
      if (store.getState().blocked) {
        if (announce) store.setState({ outcome: { kind: 'failed', failure: 'blocked' } });
        return { kind: 'failed', failure: 'blocked' };
      }
      const receipt = summarize(result, { id: newId(), date: localDate(now()), includeItems });
      const twin = alreadySaved(store.getState().receipts, receipt);
      if (twin) {
        store.setState({ savedResult: result, ...(announce ? { outcome: { kind: 'duplicate', receipt: twin } } : {}) });
        return { kind: 'duplicate', receipt: twin };
      }
      const failure = commit([...store.getState().receipts, receipt], { kind: 'saved' }, { savedResult: result }, announce);
      return failure === null ? { kind: 'saved', receipt } : { kind: 'failed', failure };
    },
    remove(id) {
      refresh();
      commit(store.getState().receipts.filter((receipt) => receipt.id !== id), { kind: 'deleted' });
    },
    clear() {
      // Clearing also clears a notice about unreadable data: that data is gone now.
      if (commit([], { kind: 'cleared' }) === null) store.setState({ notice: null, readOnly: false });
    },
    importChecked(checked) {
      if (!checked.ok) {
        store.setState({ outcome: { kind: 'import-refused', reason: checked.reason } });
        return;
      }
      refresh();
      const merged = mergeReceipts(store.getState().receipts, checked.receipts);
      const { corrections, household } = checked;
      const carried = corrections.length > 0 || household !== null;
      if (commit(merged.receipts, { kind: 'imported', added: merged.added }) !== null || !carried || !options.importExtras) return;
      const kept = options.importExtras({ corrections, household });
      store.setState({
        outcome: 'failure' in kept ? { kind: 'failed', failure: kept.failure } : { kind: 'imported', added: merged.added, corrections: kept.corrections, household: household !== null },
      });
    },
  };
}
