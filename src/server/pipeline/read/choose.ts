// Which of several passes of one receipt to keep. A receipt checks itself: its items add up to
// its printed total, by the one check of money.ts that every receipt carries (`reconciliation`).
// The first pass whose receipt adds up is kept, and no further pass is asked for; else the one
// whose items come closest to its total.
import type { ParsedReceipt } from '../types.ts';

export interface ReadingCheck {
  /** The items (with deposits, fees and returns) add up to the printed total. */
  reconciles: boolean;
  /** |items − total| as a share of the total; Infinity without items or a total. */
  gap: number;
}

export function checkReading(parsed: Pick<ParsedReceipt, 'items' | 'reconciliation'>): ReadingCheck {
  const { reconciliation } = parsed;
  const reconciles = parsed.items.length > 0 && reconciliation.status === 'match';
  if (parsed.items.length === 0 || reconciliation.printedCents === null) return { reconciles, gap: Infinity };
  return { reconciles, gap: Math.abs(reconciliation.differenceCents ?? 0) / Math.max(100, Math.abs(reconciliation.printedCents)) };
}

/** The index of the reading to keep: the first that reconciles, else the smallest gap, earlier ones on ties. */
export function bestReading(checks: readonly ReadingCheck[]): number {
  const reconciled = checks.findIndex((check) => check.reconciles);
  if (reconciled >= 0) return reconciled;
  let best = 0;
  checks.forEach((check, index) => {
    if (check.gap < (checks[best]?.gap ?? Infinity)) best = index;
  });
  return best;
}
