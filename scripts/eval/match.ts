// Matching predicted items to labelled items, tolerant of OCR: names are compared after
// folding case, diacritics and punctuation, by normalised edit similarity; each labelled item
// matches at most one predicted item (a maximum one-to-one assignment, best names first).
import { foldText } from '../../src/server/pipeline/fold-text.ts';
import { similarity } from '../../src/server/pipeline/similarity.ts';

/** 'Pirkka  kylmäsavustettu KIRJOLOHI, 150g' → 'pirkka kylmasavustettu kirjolohi 150g': folded, punctuation a space. */
export function normalizeName(name: string): string {
  return foldText(name)
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim();
}

/** 1 for equal names after normalising, 0 for nothing in common (the product's one similarity). */
export function nameSimilarity(a: string, b: string): number {
  return similarity(normalizeName(a), normalizeName(b));
}

/** Names at least this similar are the same product line (OCR slips of a few letters pass; different products do not). */
export const NAME_THRESHOLD = 0.6;
/** Prices match within a cent (rounding). */
export const PRICE_TOLERANCE = 0.01;

export interface Named {
  name: string;
  price: number;
}

export interface MatchOptions {
  requirePrice: boolean;
  threshold?: number;
}

export interface Pair {
  label: number;
  predicted: number;
  similarity: number;
}

function pricesAgree(a: number, b: number): boolean {
  return Math.abs(a - b) <= PRICE_TOLERANCE + 1e-9;
}

/**
 * A maximum one-to-one assignment of labelled to predicted items (Kuhn's augmenting paths),
 * trying each labelled item's most similar candidates first so ties go to the better name.
 */
export function matchItems(labelled: readonly Named[], predicted: readonly Named[], options: MatchOptions): Pair[] {
  const threshold = options.threshold ?? NAME_THRESHOLD;
  const candidates: { predicted: number; similarity: number }[][] = labelled.map((l) =>
    predicted
      .map((p, index) => ({ predicted: index, similarity: nameSimilarity(l.name, p.name), price: p.price }))
      .filter((c) => c.similarity >= threshold && (!options.requirePrice || pricesAgree(l.price, c.price)))
      .sort((a, b) => b.similarity - a.similarity),
  );
  const owner: (number | undefined)[] = Array.from({ length: predicted.length }, () => undefined);

  function assign(labelIndex: number, seen: Set<number>): boolean {
    for (const candidate of candidates[labelIndex] ?? []) {
      if (seen.has(candidate.predicted)) continue;
      seen.add(candidate.predicted);
      const current = owner[candidate.predicted];
      if (current === undefined || assign(current, seen)) {
        owner[candidate.predicted] = labelIndex;
        return true;
      }
    }
    return false;
  }

  // Labelled items with the strongest best candidate claim first.
  const order = labelled.map((_, i) => i).sort((a, b) => (candidates[b]?.[0]?.similarity ?? 0) - (candidates[a]?.[0]?.similarity ?? 0));
  for (const labelIndex of order) assign(labelIndex, new Set());

  const pairs: Pair[] = [];
  owner.forEach((labelIndex, predictedIndex) => {
    if (labelIndex === undefined) return;
    const l = labelled[labelIndex];
    const p = predicted[predictedIndex];
    if (l && p) pairs.push({ label: labelIndex, predicted: predictedIndex, similarity: nameSimilarity(l.name, p.name) });
  });
  return pairs.sort((a, b) => a.label - b.label);
}

export interface Counts {
  matched: number;
  labelled: number;
  predicted: number;
}

export interface PrecisionRecall {
  precision: number;
  recall: number;
  f1: number;
}

/** Precision, recall and F1 of matched counts; an empty side counts as perfect only when both are empty. */
export function precisionRecall(counts: Counts): PrecisionRecall {
  const precision = counts.predicted === 0 ? (counts.labelled === 0 ? 1 : 0) : counts.matched / counts.predicted;
  const recall = counts.labelled === 0 ? (counts.predicted === 0 ? 1 : 0) : counts.matched / counts.labelled;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

