// Adding many receipts at once, plain TypeScript: files are read one after another, each with a
// line of its own (waiting, reading, waiting as the server asked, saved, already saved, not
// read), and each one read is saved as "Save to this device" does. Cancel stops the rest. Files
// are held only until their turn: a read file is let go at once.
import type { FailureReason } from '../api/errors.ts';
import { ApiFailure, isAbort } from '../api/errors.ts';
import type { SavedReceipt } from '../rules/history.ts';
import type { ShownResult } from '../rules/remembered.ts';
import type { Controller } from './controller.ts';
import type { History, SaveOutcome } from './history.ts';
import { createStore, type Store } from './store.ts';

export type LineStatus =
  | { phase: 'waiting' }
  | { phase: 'reading' }
  /** The server said it is busy or too many came from this address: the line waits as long as it asked. */
  | { phase: 'retrying'; seconds: number }
  | { phase: 'saved'; receipt: SavedReceipt }
  | { phase: 'duplicate'; receipt: SavedReceipt }
  | { phase: 'failed'; reason: FailureReason }
  | { phase: 'not-saved'; failure: Extract<SaveOutcome, { kind: 'failed' }>['failure'] }
  | { phase: 'cancelled' };

export interface BatchLine {
  id: number;
  name: string;
  status: LineStatus;
}

export interface BatchState {
  lines: BatchLine[];
  running: boolean;
  /** The last run was stopped with Cancel. */
  cancelled: boolean;
  /** Item names are saved with each receipt (the save panel's switch, for the batch). */
  includeItems: boolean;
}

export interface BatchDeps {
  /** Reads one file (prepared, uploaded, remembered corrections put in); rejects with ApiFailure. */
  read(file: File, signal: AbortSignal): Promise<ShownResult>;
  save(result: ShownResult, includeItems: boolean): SaveOutcome;
  /** Resolves after `seconds`, or rejects with an AbortError when `signal` aborts first. */
  wait(seconds: number, signal: AbortSignal): Promise<void>;
  /** Whether files may be sent now (the privacy consent, as for an upload); always when absent. */
  allowed?: () => boolean;
}

export interface Batch {
  store: Store<BatchState>;
  /** Queues files; a new run starts a fresh list, files added while one runs join it. */
  add(files: readonly File[]): void;
  cancel(): void;
  setIncludeItems(includeItems: boolean): void;
  dispose(): void;
}

/** Waits asked for by the server before a file is given up. */
export const MAX_ATTEMPTS = 5;
/** Seconds waited after a 429 or 503 that named no time. */
export const DEFAULT_RETRY_SECONDS = 5;
/** The longest wait honoured: a server asking for more is treated as refusing. */
export const MAX_RETRY_SECONDS = 15 * 60;

export function createBatch(deps: BatchDeps): Batch {
  const store = createStore<BatchState>({ lines: [], running: false, cancelled: false, includeItems: false });
  const files = new Map<number, File>();
  let nextId = 1;
  let current: AbortController | null = null;
  /** Each run's token: Cancel starts a new one, so a cancelled run that is still unwinding changes nothing. */
  let generation = 0;
  let disposed = false;

  function setLine(id: number, status: LineStatus): void {
    store.setState((state) => ({ lines: state.lines.map((line) => (line.id === id ? { ...line, status } : line)) }));
  }

  /** One file: read (waiting as the server asks), then saved. */
  async function readOne(id: number, file: File, signal: AbortSignal): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      setLine(id, { phase: 'reading' });
      try {
        const result = await deps.read(file, signal);
        const saved = deps.save(result, store.getState().includeItems);
        setLine(id, saved.kind === 'failed' ? { phase: 'not-saved', failure: saved.failure } : { phase: saved.kind, receipt: saved.receipt });
        return;
      } catch (error) {
        if (isAbort(error)) throw error;
        const failure = error instanceof ApiFailure ? error : new ApiFailure({ kind: 'unreadable' });
        const seconds = failure.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS;
        if (!failure.retryable || attempt >= MAX_ATTEMPTS || seconds > MAX_RETRY_SECONDS) {
          setLine(id, { phase: 'failed', reason: failure.reason });
          return;
        }
        setLine(id, { phase: 'retrying', seconds });
        await deps.wait(seconds, signal);
      }
    }
  }

  async function run(token: number): Promise<void> {
    store.setState({ running: true, cancelled: false });
    for (;;) {
      const next = store.getState().lines.find((line) => line.status.phase === 'waiting');
      const file = next && files.get(next.id);
      if (disposed || token !== generation) return;
      if (!next || !file) break;
      files.delete(next.id);
      const controller = new AbortController();
      current = controller;
      try {
        await readOne(next.id, file, controller.signal);
      } catch (error) {
        if (!isAbort(error)) throw error;
        return;
      } finally {
        if (current === controller) current = null;
      }
    }
    if (!disposed && token === generation) store.setState({ running: false });
  }

  return {
    store,
    add(added) {
      if (disposed || added.length === 0 || deps.allowed?.() === false) return;
      const { running, lines } = store.getState();
      const fresh = added.map((file) => {
        const id = nextId++;
        files.set(id, file);
        return { id, name: file.name, status: { phase: 'waiting' } as const };
      });
      store.setState({ lines: running ? [...lines, ...fresh] : fresh });
      if (!running) void run(generation);
    },
    cancel() {
      if (!store.getState().running) return;
      generation += 1;
      files.clear();
      current?.abort();
      store.setState((state) => ({
        cancelled: true,
        running: false,
        lines: state.lines.map((line) =>
          ['waiting', 'reading', 'retrying'].includes(line.status.phase) ? { ...line, status: { phase: 'cancelled' } } : line,
        ),
      }));
    },
    setIncludeItems(includeItems) {
      store.setState({ includeItems });
    },
    dispose() {
      disposed = true;
      generation += 1;
      files.clear();
      current?.abort();
    },
  };
}

/** Resolves after `seconds`, or rejects with an AbortError (its timer cleared) when `signal` aborts first. */
function wait(seconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(id);
      reject(new DOMException('The wait was cancelled.', 'AbortError'));
    };
    const id = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, seconds * 1000);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

const batches = new WeakMap<Controller, Batch>();

/**
 * The widget's batch: made on first use and kept while the widget lives, so a batch goes on when
 * the visitor leaves My receipts; the widget's unmount stops it. Each receipt read is saved as
 * "Save to this device" does, quietly (its line says what happened).
 */
export function batchFor(controller: Controller, history: History): Batch {
  const made = batches.get(controller);
  if (made) return made;
  const batch = createBatch({
    read: (file, signal) => controller.readReceiptFile(file, signal),
    save: (result, includeItems) => history.save(result, includeItems, { announce: false }),
    wait,
    allowed: () => controller.store.getState().consent,
  });
  batches.set(controller, batch);
  controller.onDispose(() => batch.dispose());
  return batch;
}
