// Scores of one receipt against its label, and their sums over a set of receipts.
//   item P/R/F1   an item matches on price ±0,01 and name (OCR-tolerant), one to one
//   price acc.    of the items matched on name alone, the share whose price is right
//   total found   the reader's printed total equals the label's printed_total
//   category acc. of the matched items, the share in the labelled category
//   weight error  |weight − label| / label over matched items whose label has a weight: median,
//                 mean, and the share within 10 % (the median is 0 when most weights are exact,
//                 so it alone hides how far off the others are)
//   footprint err |product kg CO2e − labelled items recalculated| / labelled, per receipt
//                 (footprint.ts): median and 90th percentile
import type { Label } from './corpus.ts';
import { median, quantile } from '../../src/server/pipeline/median.ts';
import { matchItems, precisionRecall, type PrecisionRecall } from './match.ts';

export interface PredictedItem {
  name: string;
  price: number;
  category: string;
  weight: number;
}

export interface Prediction {
  items: PredictedItem[];
  total: number | null;
}

export interface ReceiptScore {
  matched: number;
  labelled: number;
  predicted: number;
  nameMatched: number;
  priceRight: number;
  /** null when the label has no printed total. */
  totalFound: boolean | null;
  categoryRight: number;
  weightErrors: number[];
  ms: number;
  /** The reader threw something other than a clean refusal. */
  crashed: boolean;
  /** The reader refused (HTTP 4xx) or crashed: its sentence. */
  error: string | null;
  /** What went wrong, item by item, for --verbose. */
  missed: string[];
  extra: string[];
  /** `read`: the name as the reader read it (OCR may have changed it). */
  wrongCategory: { name: string; read: string; labelled: string; predicted: string }[];
  /** Relative footprint error of the receipt (footprint.ts), when measured. */
  footprintError: number | null;
}

const CENT = 0.005;

export function scoreReceipt(label: Label, prediction: Prediction, ms: number): ReceiptScore {
  const predicted = prediction.items;
  const strict = matchItems(label.items, predicted, { requirePrice: true });
  const byName = matchItems(label.items, predicted, { requirePrice: false });
  let priceRight = 0;
  for (const pair of byName) {
    const l = label.items[pair.label];
    const p = predicted[pair.predicted];
    if (l && p && Math.abs(l.price - p.price) <= 0.01 + 1e-9) priceRight += 1;
  }
  let categoryRight = 0;
  const weightErrors: number[] = [];
  const wrongCategory: ReceiptScore['wrongCategory'] = [];
  for (const pair of strict) {
    const l = label.items[pair.label];
    const p = predicted[pair.predicted];
    if (!l || !p) continue;
    if (l.category === p.category) categoryRight += 1;
    else wrongCategory.push({ name: l.name, read: p.name, labelled: l.category, predicted: p.category });
    if (l.weight_kg !== null && l.weight_kg > 0) weightErrors.push(Math.abs(p.weight - l.weight_kg) / l.weight_kg);
  }
  return {
    matched: strict.length,
    labelled: label.items.length,
    predicted: predicted.length,
    nameMatched: byName.length,
    priceRight,
    totalFound: label.printed_total === null ? null : prediction.total !== null && Math.abs(prediction.total - label.printed_total) < CENT,
    categoryRight,
    weightErrors,
    ms,
    crashed: false,
    error: null,
    missed: label.items.filter((_, i) => !strict.some((pair) => pair.label === i)).map((i) => `${i.name} ${i.price.toFixed(2)}`),
    extra: predicted.filter((_, i) => !strict.some((pair) => pair.predicted === i)).map((i) => `${i.name} ${i.price.toFixed(2)}`),
    wrongCategory,
    footprintError: null,
  };
}

/** A receipt the reader could not answer: every labelled item is missed. */
export function failedReceipt(label: Label, ms: number, error: string, crashed: boolean): ReceiptScore {
  return {
    ...scoreReceipt(label, { items: [], total: null }, ms),
    crashed,
    error,
  };
}

export interface Summary extends PrecisionRecall {
  receipts: number;
  failures: number;
  items: number;
  priceAccuracy: number | null;
  totalFound: number | null;
  categoryAccuracy: number | null;
  weightMedianError: number | null;
  /** Mean absolute relative weight error. */
  weightMeanError: number | null;
  /** Share of weighed items within 10 % of the label's weight. */
  weightWithin10: number | null;
  weightCount: number;
  footprintMedian: number | null;
  footprintP90: number | null;
  footprintCount: number;
  medianMs: number | null;
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Within 10 %, with room for floating-point noise (0,9 kg against 1 kg is within). */
const WITHIN_10 = 0.1 + 1e-9;

export function summarize(scores: readonly ReceiptScore[]): Summary {
  const sum = (pick: (s: ReceiptScore) => number): number => scores.reduce((total, s) => total + pick(s), 0);
  const matched = sum((s) => s.matched);
  const withTotal = scores.filter((s) => s.totalFound !== null);
  const weights = scores.flatMap((s) => s.weightErrors);
  const footprints = scores.flatMap((s) => (s.footprintError === null ? [] : [s.footprintError]));
  return {
    receipts: scores.length,
    failures: scores.filter((s) => s.error !== null).length,
    items: sum((s) => s.labelled),
    ...precisionRecall({ matched, labelled: sum((s) => s.labelled), predicted: sum((s) => s.predicted) }),
    priceAccuracy: ratio(sum((s) => s.priceRight), sum((s) => s.nameMatched)),
    totalFound: ratio(withTotal.filter((s) => s.totalFound === true).length, withTotal.length),
    categoryAccuracy: ratio(sum((s) => s.categoryRight), matched),
    weightMedianError: median(weights),
    weightMeanError: ratio(weights.reduce((total, error) => total + error, 0), weights.length),
    weightWithin10: ratio(weights.filter((error) => error <= WITHIN_10).length, weights.length),
    weightCount: weights.length,
    footprintMedian: median(footprints),
    footprintP90: quantile(footprints, 0.9),
    footprintCount: footprints.length,
    medianMs: median(scores.map((s) => s.ms)),
  };
}
