// The corrections slice: the result as first read, the results before each change (for undo), and
// the recalculation in flight. Changes run one after another, each on the backend's latest answer,
// so a quick second change never works on numbers the first one has already replaced. Each item
// carries a key through the changes (rowKeys), so the editor's row for it stays its own. A change
// of a category or an amount is also remembered on this device (./remembered.ts), and undoing
// the change takes that back too.
import type { AnalysisItem, AnalysisResult, RecalculateRequest } from '../../contract.ts';
import type { FailureReason } from '../api/errors.ts';
import { ApiFailure, isAbort } from '../api/errors.ts';
import { applyEdit, keysAfterEdit, type EditAction } from '../rules/edits.ts';
import { carryMarks, type ShownResult } from '../rules/remembered.ts';
import type { RememberedChange } from './remembered.ts';

/** What the visitor last did, so the view can announce it. */
export type LastChange =
  | { kind: 'edit'; action: EditAction; result: AnalysisResult }
  | { kind: 'undo' }
  | { kind: 'reset' };

/** A result as it was shown, with its items' keys. */
export interface Version {
  result: ShownResult;
  keys: readonly number[];
  /** What the change after this version remembered on this device (undo takes it back). */
  remembered: RememberedChange | null;
}

export interface Corrections {
  /** The result as the receipt was read (reset returns to it). */
  original: AnalysisResult;
  /** Earlier versions, latest last: undo returns to the last one. */
  history: Version[];
  /** The current result's item keys, in item order. */
  keys: readonly number[];
  /** The key the next added item gets: keys are never reused. */
  nextKey: number;
  pending: boolean;
  failure: FailureReason | null;
  last: LastChange | null;
}

export interface CorrectionsDeps {
  getResult(): ShownResult | null;
  getCorrections(): Corrections | null;
  set(update: { result?: ShownResult; corrections: Corrections | null }): void;
  /** Runs the backend's recalculation; null when no backend URL is set. */
  recalculate(request: RecalculateRequest): Promise<AnalysisResult> | null;
  /** Remembers a change of `item` (as it was before) on this device; null when nothing was kept. */
  remember?(item: AnalysisItem, action: EditAction): RememberedChange | null;
  /** Takes back what a change remembered. */
  takeBack?(change: RememberedChange): void;
}

export interface CorrectionActions {
  edit(action: EditAction): Promise<void>;
  undo(): void;
  reset(): void;
}

/** The keys of the result's items as read: their places. */
function keysAsRead(result: AnalysisResult): number[] {
  return result.items.map((_, index) => index);
}

/** The slice for a result just read: nothing changed yet. */
export function untouched(original: AnalysisResult): Corrections {
  return { original, history: [], keys: keysAsRead(original), nextKey: original.items.length, pending: false, failure: null, last: null };
}

/** Each item's key in the current result (its place in the list until the first change). */
export function rowKeys(result: AnalysisResult, corrections: Corrections | null): readonly number[] {
  return corrections?.keys ?? keysAsRead(result);
}

export function createCorrections(deps: CorrectionsDeps): CorrectionActions {
  let queue: Promise<void> = Promise.resolve();

  /** Takes back what the changes after these versions remembered, latest first. */
  function takeBack(versions: readonly Version[]): void {
    for (const { remembered } of [...versions].reverse()) if (remembered) deps.takeBack?.(remembered);
  }

  async function run(action: EditAction): Promise<void> {
    const result = deps.getResult();
    if (result === null) return;
    const before = deps.getCorrections() ?? untouched(result);
    deps.set({ corrections: { ...before, pending: true, failure: null } });
    try {
      const answer = deps.recalculate(applyEdit(result, action));
      if (answer === null) throw new ApiFailure({ kind: 'no-answer' });
      const next = carryMarks(result, action, await answer);
      // A new receipt (or Scan Another) replaced the result meanwhile: this answer is for nothing.
      if (deps.getResult() !== result) return;
      const item = 'index' in action ? result.items[action.index] : undefined;
      const remembered = item ? (deps.remember?.(item, action) ?? null) : null;
      deps.set({
        result: next,
        corrections: {
          ...before,
          history: [...before.history, { result, keys: before.keys, remembered }],
          keys: keysAfterEdit(before.keys, action, before.nextKey),
          nextKey: action.type === 'add' ? before.nextKey + 1 : before.nextKey,
          pending: false,
          failure: null,
          last: { kind: 'edit', action, result: next },
        },
      });
    } catch (error) {
      if (isAbort(error) || deps.getResult() !== result) return;
      const failure = error instanceof ApiFailure ? error.reason : ({ kind: 'unreadable' } as const);
      deps.set({ corrections: { ...before, pending: false, failure } });
    }
  }

  return {
    edit(action) {
      queue = queue.then(() => run(action));
      return queue;
    },
    undo() {
      const corrections = deps.getCorrections();
      const previous = corrections?.history.at(-1);
      if (!corrections || corrections.pending || previous === undefined) return;
      takeBack([previous]);
      deps.set({
        result: previous.result,
        corrections: { ...corrections, history: corrections.history.slice(0, -1), keys: previous.keys, failure: null, last: { kind: 'undo' } },
      });
    },
    reset() {
      const corrections = deps.getCorrections();
      if (!corrections || corrections.pending) return;
      takeBack(corrections.history);
      deps.set({
        result: corrections.original,
        corrections: { ...corrections, history: [], keys: keysAsRead(corrections.original), failure: null, last: { kind: 'reset' } },
      });
    },
  };
}
