// The corrections slice: the result as first read, the results before each change (for undo), and
// the recalculation in flight. Changes run one after another, each on the backend's latest answer,
// so a quick second change never works on numbers the first one has already replaced. A change
// of a category or an amount is also remembered on this device (./remembered.ts), and undoing
// the change takes that back too.
import type { AnalysisItem, AnalysisResult, RecalculateRequest } from '../../contract.ts';
import type { FailureReason } from '../api/errors.ts';
import { ApiFailure, isAbort } from '../api/errors.ts';
import { applyEdit, type EditAction } from '../rules/edits.ts';
import { carryMarks, type ShownResult } from '../rules/remembered.ts';
import type { RememberedChange } from './remembered.ts';

/** What the visitor last did, so the view can announce it. */
export type LastChange =
  | { kind: 'edit'; action: EditAction; result: AnalysisResult }
  | { kind: 'undo' }
  | { kind: 'reset' };

export interface Corrections {
  /** The result as the receipt was read (reset returns to it). */
  original: AnalysisResult;
  /** Earlier results, latest last: undo returns to the last one. */
  history: ShownResult[];
  /** Beside each earlier result, what the change after it remembered on this device (undo takes it back). */
  remembered: Array<RememberedChange | null>;
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

/** The slice for a result just read: nothing changed yet. */
export function untouched(original: AnalysisResult): Corrections {
  return { original, history: [], remembered: [], pending: false, failure: null, last: null };
}

export interface CorrectionActions {
  edit(action: EditAction): Promise<void>;
  undo(): void;
  reset(): void;
}

export function createCorrections(deps: CorrectionsDeps): CorrectionActions {
  let queue: Promise<void> = Promise.resolve();

  /** Takes back what these changes remembered, latest first. */
  function takeBack(changes: ReadonlyArray<RememberedChange | null>): void {
    for (const change of [...changes].reverse()) if (change) deps.takeBack?.(change);
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
          history: [...before.history, result],
          remembered: [...before.remembered, remembered],
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
      takeBack(corrections.remembered.slice(-1));
      deps.set({
        result: previous,
        corrections: { ...corrections, history: corrections.history.slice(0, -1), remembered: corrections.remembered.slice(0, -1), failure: null, last: { kind: 'undo' } },
      });
    },
    reset() {
      const corrections = deps.getCorrections();
      if (!corrections || corrections.pending) return;
      takeBack(corrections.remembered);
      deps.set({ result: corrections.original, corrections: { ...corrections, history: [], remembered: [], failure: null, last: { kind: 'reset' } } });
    },
  };
}
