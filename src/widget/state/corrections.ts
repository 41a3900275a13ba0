// The corrections slice: the result as first read, the results before each change (for undo), and
// the recalculation in flight. Changes run one after another, each on the backend's latest answer,
// so a quick second change never works on numbers the first one has already replaced. Each item
// carries a key through the changes (rowKeys), so the editor's row for it stays its own.
import type { AnalysisResult, RecalculateRequest } from '../../contract.ts';
import type { FailureReason } from '../api/errors.ts';
import { ApiFailure, isAbort } from '../api/errors.ts';
import { applyEdit, keysAfterEdit, type EditAction } from '../rules/edits.ts';

/** What the visitor last did, so the view can announce it. */
export type LastChange =
  | { kind: 'edit'; action: EditAction; result: AnalysisResult }
  | { kind: 'undo' }
  | { kind: 'reset' };

/** A result as it was shown, with its items' keys. */
export interface Version {
  result: AnalysisResult;
  keys: readonly number[];
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
  getResult(): AnalysisResult | null;
  getCorrections(): Corrections | null;
  set(update: { result?: AnalysisResult; corrections: Corrections | null }): void;
  /** Runs the backend's recalculation; null when no backend URL is set. */
  recalculate(request: RecalculateRequest): Promise<AnalysisResult> | null;
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

/** Each item's key in the current result (its place in the list until the first change). */
export function rowKeys(result: AnalysisResult, corrections: Corrections | null): readonly number[] {
  return corrections?.keys ?? keysAsRead(result);
}

export function createCorrections(deps: CorrectionsDeps): CorrectionActions {
  let queue: Promise<void> = Promise.resolve();

  async function run(action: EditAction): Promise<void> {
    const result = deps.getResult();
    if (result === null) return;
    const before: Corrections = deps.getCorrections() ?? {
      original: result,
      history: [],
      keys: keysAsRead(result),
      nextKey: result.items.length,
      pending: false,
      failure: null,
      last: null,
    };
    deps.set({ corrections: { ...before, pending: true, failure: null } });
    try {
      const answer = deps.recalculate(applyEdit(result, action));
      if (answer === null) throw new ApiFailure({ kind: 'no-answer' });
      const next = await answer;
      // A new receipt (or Scan Another) replaced the result meanwhile: this answer is for nothing.
      if (deps.getResult() !== result) return;
      deps.set({
        result: next,
        corrections: {
          ...before,
          history: [...before.history, { result, keys: before.keys }],
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
      deps.set({
        result: previous.result,
        corrections: { ...corrections, history: corrections.history.slice(0, -1), keys: previous.keys, failure: null, last: { kind: 'undo' } },
      });
    },
    reset() {
      const corrections = deps.getCorrections();
      if (!corrections || corrections.pending) return;
      deps.set({
        result: corrections.original,
        corrections: { ...corrections, history: [], keys: keysAsRead(corrections.original), failure: null, last: { kind: 'reset' } },
      });
    },
  };
}
