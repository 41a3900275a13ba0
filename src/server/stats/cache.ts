// /stats is polled by every open widget (every 30 s each) while receipts arrive far more slowly,
// so the four figures are kept for a moment instead of asking the store on every poll. The
// instance's own receipts clear the copy at once; those counted by other instances show within
// `ttlMs`. A new Helsinki day clears it too, as "today" then means another day.
import type { StatsResponse } from '../../contract.ts';
import type { StatsBackend } from './backend.ts';
import { helsinkiDayStart } from './helsinki.ts';

const HOURS_36 = 36 * 3_600_000;

export function withSummaryCache(backend: StatsBackend, ttlMs: number, now: () => Date = () => new Date()): StatsBackend {
  if (ttlMs <= 0) return backend;
  // The Helsinki day the figures belong to, as instants: comparing numbers on every poll is
  // far cheaper than formatting the date.
  let kept: { summary: StatsResponse; dayStart: number; dayEnd: number; until: number } | undefined;
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
      const at = now().getTime();
      const clock = performance.now();
      if (kept && kept.until > clock && at >= kept.dayStart && at < kept.dayEnd) return kept.summary;
      const asked = generation;
      const summary = await backend.summary();
      // A receipt counted while the read was on its way may be missing from it: do not keep it.
      if (asked === generation) {
        const dayStart = helsinkiDayStart(new Date(at)).getTime();
        // 36 hours after midnight is always inside the next day, whatever DST does.
        const dayEnd = helsinkiDayStart(new Date(dayStart + HOURS_36)).getTime();
        kept = { summary, dayStart, dayEnd, until: clock + ttlMs };
      }
      return summary;
    },
    close: () => backend.close(),
  };
}
