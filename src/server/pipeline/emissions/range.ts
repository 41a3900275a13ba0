// How sure a figure is: the plausible range of each item's emissions and of the receipt's total.
// data/README.md ("How ranges are made") says the same for an editor; in short:
//
// Each range is read as covering about nine cases in ten. An item's emissions are weight × factor,
// and their errors multiply, so they are combined on a log scale: the factor's own range (the spread
// of its sources), an estimated weight (a typical pack stands in for a printed one) and a category
// that may be wrong each widen it, as independent errors do, by the root of the sum of squares.
//
// The total is not the sum of the items' lows and highs: that would assume every item is off in the
// same direction at once. Items that share a product key share its factor, so their errors add up
// (two packs of the same mince are both off if the factor is); different products' errors are
// taken as independent and combine by the root of the sum of squares. A bias shared by all of a
// data set's values (French farming for every Agribalyse row) is not modelled beyond that, which is
// why each factor's own range takes in the Finnish and other sources that differ from it.
import type { Confidence } from '../../../contract.ts';
import { roundKg } from '../money.ts';

/**
 * ×/÷ of a typical pack weight. Measured: typical weights against the labelled weights of the
 * committed receipts put 90 % of items within ×/÷ 2.0, and 80 % of the shared real receipts'
 * weighed and packed items within ×/÷ 2.6 (scripts/eval/weights.ts).
 */
export const ESTIMATED_WEIGHT_SPREAD = 2.5;

/** ×/÷ for a category that may be wrong, by the reading's confidence (a high one is right ≥ 97 %). */
export const CONFIDENCE_SPREAD: Readonly<Record<Confidence, number>> = { high: 1, medium: 1.5, low: 2 };

export interface Range {
  low: number;
  high: number;
}

export interface ItemRangeInput {
  /** kg CO2e of the item (weight × factor). */
  emissions: number;
  /** The factor and its range, kg CO2e per kg. */
  factor: { kgCo2ePerKg: number; low: number; high: number };
  weightEstimated: boolean;
  confidence: Confidence;
}

/** The item's range, kg CO2e, rounded to the gram like its emissions. */
export function itemRange({ emissions, factor, weightEstimated, confidence }: ItemRangeInput): Range {
  if (emissions <= 0 || factor.kgCo2ePerKg <= 0) return { low: 0, high: 0 };
  const weight = weightEstimated ? Math.log(ESTIMATED_WEIGHT_SPREAD) : 0;
  const category = Math.log(CONFIDENCE_SPREAD[confidence]);
  const side = (bound: number): number => {
    const own = bound > 0 ? Math.abs(Math.log(bound / factor.kgCo2ePerKg)) : Number.POSITIVE_INFINITY;
    return Math.hypot(own, weight, category);
  };
  return {
    low: roundKg(emissions * Math.exp(-side(factor.low))),
    high: roundKg(emissions * Math.exp(side(factor.high))),
  };
}

export interface RangedItem extends Range {
  emissions: number;
  /**
   * Items of the same group share their error (the same product key, so the same factor); give an
   * item known only by its category a group of its own.
   */
  group: string;
}

/** The total's range: errors add within a group and combine as independent across groups. */
export function totalRange(items: readonly RangedItem[]): Range {
  const below = new Map<string, number>();
  const above = new Map<string, number>();
  let total = 0;
  for (const item of items) {
    total += item.emissions;
    below.set(item.group, (below.get(item.group) ?? 0) + (item.emissions - item.low));
    above.set(item.group, (above.get(item.group) ?? 0) + (item.high - item.emissions));
  }
  const spread = (deviations: Map<string, number>): number => Math.hypot(...deviations.values());
  return { low: roundKg(Math.max(0, total - spread(below))), high: roundKg(total + spread(above)) };
}
