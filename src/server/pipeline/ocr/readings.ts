// Which of two OCR readings of one receipt to keep. A receipt checks itself: its items add up
// to its printed total. A reading whose items do is taken as it is; otherwise the reading whose
// items come closest to the total it printed is the one with fewer lines lost or misread.
import { parseReceiptText } from '../parse/index.ts';

export interface ReadingCheck {
  /** The items (with deposits, fees and returns) add up to the printed total. */
  reconciles: boolean;
  /** |items − total| as a share of the total; Infinity without items or a total. */
  gap: number;
}

export function checkReading(text: string): ReadingCheck {
  const parsed = parseReceiptText(text);
  const reconciles = parsed.items.length > 0 && parsed.warnings.length === 0;
  if (parsed.items.length === 0 || parsed.printedTotal === null) return { reconciles, gap: Infinity };
  const sum = parsed.items.reduce((total, item) => total + item.price, 0) + parsed.deposits + parsed.fees - parsed.returns;
  return { reconciles, gap: Math.abs(sum - parsed.printedTotal) / Math.max(1, Math.abs(parsed.printedTotal)) };
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
