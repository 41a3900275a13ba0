// /stats is polled by every open widget (every 30 s each) while receipts arrive far more slowly,
// so the four figures are kept for a moment instead of asking the store on every poll. The
// instance's own receipts clear the copy at once; those counted by other instances show within
// `ttlMs`. A new Helsinki day clears it too, as "today" then means another day.
import type { StatsResponse } from '../../contract.ts';
import type { StatsBackend } from './backend.ts';
import { helsinkiDate } from './helsinki.ts';

export function withSummaryCache(backend: StatsBackend, ttlMs: number, now: () => Date = () => new Date()): StatsBackend {
  if (ttlMs <= 0) return backend;
  let kept: { summary: StatsResponse; day: string; until: number } | undefined;
  let generation = 0;
  const forget = <T>(write: Promise<T>): Promise<T> => {
    generation += 1;
    kept = undefined;
    return write;
  };
  return {
    get kind() {
      return backend.kind;
    },
    get ready() {
      return backend.ready;
    },
    record: (receipt) => forget(backend.record(receipt)),
    recordAnalysis: (result) => forget(backend.recordAnalysis(result)),
    async summary() {
      const at = now();
      const day = helsinkiDate(at);
      const clock = performance.now();
      if (kept && kept.day === day && kept.until > clock) return kept.summary;
      const asked = generation;
      const summary = await backend.summary();
      // A receipt counted while the read was on its way may be missing from it: do not keep it.
      if (asked === generation) kept = { summary, day, until: clock + ttlMs };
      return summary;
    },
    close: () => backend.close(),
  };
}
