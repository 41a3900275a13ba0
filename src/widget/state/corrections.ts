// The corrections slice: the result as first read, the results before each change (for undo), and
// the recalculation in flight. Changes run one after another, each on the backend's latest answer,
// so a quick second change never works on numbers the first one has already replaced.
import type { AnalysisResult, RecalculateRequest } from '../../contract.ts';
import type { FailureReason } from '../api/errors.ts';
import { ApiFailure, isAbort } from '../api/errors.ts';
import { applyEdit, type EditAction } from '../rules/edits.ts';

/** What the visitor last did, so the view can announce it. */
export type LastChange =
  | { kind: 'edit'; action: EditAction; result: AnalysisResult }
  | { kind: 'undo' }
  | { kind: 'reset' };

export interface Corrections {
  /** The result as the receipt was read (reset returns to it). */
  original: AnalysisResult;
  /** Earlier results, latest last: undo returns to the last one. */
  history: AnalysisResult[];
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

export function createCorrections(deps: CorrectionsDeps): CorrectionActions {
  let queue: Promise<void> = Promise.resolve();

  async function run(action: EditAction): Promise<void> {
    const result = deps.getResult();
    if (result === null) return;
    const before = deps.getCorrections() ?? { original: result, history: [], pending: false, failure: null, last: null };
    deps.set({ corrections: { ...before, pending: true, failure: null } });
    try {
      const answer = deps.recalculate(applyEdit(result, action));
      if (answer === null) throw new ApiFailure({ kind: 'no-answer' });
      const next = await answer;
      // A new receipt (or Scan Another) replaced the result meanwhile: this answer is for nothing.
      if (deps.getResult() !== result) return;
      deps.set({
        result: next,
        corrections: { ...before, history: [...before.history, result], pending: false, failure: null, last: { kind: 'edit', action, result: next } },
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
      deps.set({ result: previous, corrections: { ...corrections, history: corrections.history.slice(0, -1), failure: null, last: { kind: 'undo' } } });
    },
    reset() {
      const corrections = deps.getCorrections();
      if (!corrections || corrections.pending) return;
      deps.set({ result: corrections.original, corrections: { ...corrections, history: [], failure: null, last: { kind: 'reset' } } });
    },
  };
}
