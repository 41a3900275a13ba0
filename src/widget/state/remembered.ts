// The corrections this device remembers, plain TypeScript like the saved history: read from the
// browser's storage when asked, changed there first and shown only once storage took the change.
// Nothing of it is ever sent anywhere but the backend's recalculation of a receipt being shown.
import type { AnalysisItem, AnalysisResult } from '../../contract.ts';
import type { EditAction } from '../rules/edits.ts';
import { localDate } from '../rules/history.ts';
import {
  forgetEntry,
  mergeRemembered,
  normalizedName,
  readRemembered,
  rememberedRequest,
  rememberEdit,
  writeRemembered,
  type RememberedCorrection,
} from '../rules/remembered.ts';
import { deviceSlot, type StorageFailure, type StorageSource } from './device-storage.ts';
import { createStore, type Store } from './store.ts';

export const REMEMBERED_KEY = 'receiptCalculator.corrections';

export type RememberedOutcome =
  | { kind: 'forgotten'; name: string }
  | { kind: 'forgotten-all' }
  | { kind: 'switched'; enabled: boolean }
  | { kind: 'failed'; failure: StorageFailure };

export interface RememberedState {
  loaded: boolean;
  /** The visitor's switch (on unless they turned it off). */
  enabled: boolean;
  /** Newest first. */
  corrections: RememberedCorrection[];
  /** Storage could not be reached when last read. */
  blocked: boolean;
  /** What was stored could not be read and is left out. */
  unreadable: boolean;
  outcome: RememberedOutcome | null;
}

/** What one remembered change replaced, so undoing the change takes it back. */
export interface RememberedChange {
  key: string;
  previous: RememberedCorrection | null;
}

export interface Remembered {
  store: Store<RememberedState>;
  load(): void;
  /** Keeps the visitor's change of `item` (as it was before); null when nothing was kept. */
  remember(item: AnalysisItem, action: EditAction): RememberedChange | null;
  /** Puts back what a change replaced (the visitor undid it). */
  takeBack(change: RememberedChange): void;
  /** The recalculation that puts the kept corrections into a receipt just read; null when off or none applies. */
  requestFor(result: AnalysisResult): ReturnType<typeof rememberedRequest>;
  forget(key: string): void;
  forgetAll(): void;
  setEnabled(enabled: boolean): void;
  /** Entries of an import join the kept ones; the changed-last one of a name wins. */
  merge(imported: readonly RememberedCorrection[]): { added: number } | { failure: StorageFailure };
}

export interface RememberedOptions {
  storage?: StorageSource;
  now?: () => Date;
}

export function createRemembered(options: RememberedOptions = {}): Remembered {
  const slot = deviceSlot(REMEMBERED_KEY, options.storage);
  const now = options.now ?? (() => new Date());
  const store = createStore<RememberedState>({ loaded: false, enabled: true, corrections: [], blocked: false, unreadable: false, outcome: null });

  function load(): void {
    const read = slot.read();
    if ('failure' in read) {
      store.setState({ loaded: true, enabled: true, corrections: [], blocked: true, unreadable: false });
      return;
    }
    const { enabled, corrections, unreadable } = readRemembered(read.text);
    store.setState({ loaded: true, enabled, corrections, blocked: false, unreadable });
  }

  /** Writes the switch and list; the state follows only if storage took them. */
  function commit(enabled: boolean, corrections: RememberedCorrection[], outcome: RememberedOutcome | null): StorageFailure | null {
    // Nothing to keep and the switch at its default: the key goes, so an unused feature stores nothing.
    const failure = slot.write(enabled && corrections.length === 0 ? null : writeRemembered(enabled, corrections));
    if (failure !== null) {
      store.setState({ outcome: { kind: 'failed', failure }, blocked: failure === 'blocked' });
      return failure;
    }
    store.setState({ enabled, corrections, outcome, blocked: false, unreadable: false });
    return null;
  }

  /** The latest stored state first: another tab or widget on the page may have changed it. */
  function fresh(): RememberedState {
    load();
    return store.getState();
  }

  return {
    store,
    load,
    remember(item, action) {
      const { enabled, corrections, blocked } = fresh();
      if (!enabled || blocked) return null;
      const next = rememberEdit(corrections, item, action, localDate(now()));
      if (next.length === corrections.length && next.every((entry, i) => entry === corrections[i])) return null;
      const key = normalizedName(item.name);
      const previous = corrections.find((entry) => entry.key === key) ?? null;
      return commit(enabled, next, null) === null ? { key, previous } : null;
    },
    takeBack(change) {
      const { enabled, corrections } = fresh();
      const without = forgetEntry(corrections, change.key);
      commit(enabled, change.previous ? [change.previous, ...without] : without, null);
    },
    requestFor(result) {
      const { enabled, corrections } = fresh();
      return enabled ? rememberedRequest(result, corrections) : null;
    },
    forget(key) {
      const { enabled, corrections } = fresh();
      const entry = corrections.find((kept) => kept.key === key);
      if (entry) commit(enabled, forgetEntry(corrections, key), { kind: 'forgotten', name: entry.name });
    },
    forgetAll() {
      commit(fresh().enabled, [], { kind: 'forgotten-all' });
    },
    setEnabled(enabled) {
      commit(enabled, fresh().corrections, { kind: 'switched', enabled });
    },
    merge(imported) {
      const { enabled, corrections } = fresh();
      const merged = mergeRemembered(corrections, imported);
      const failure = commit(enabled, merged.list, null);
      return failure === null ? { added: merged.added } : { failure };
    },
  };
}
