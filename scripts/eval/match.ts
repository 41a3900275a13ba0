// Matching predicted items to labelled items, tolerant of OCR: names are compared after
// folding case, diacritics and punctuation, by normalised edit similarity; each labelled item
// matches at most one predicted item (a maximum one-to-one assignment, best names first).

/** 'Pirkka  kylmäsavustettu KIRJOLOHI, 150g' → 'pirkka kylmasavustettu kirjolohi 150g'. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim();
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** 1 for equal names after normalising, 0 for nothing in common. */
export function nameSimilarity(a: string, b: string): number {
  const x = normalizeName(a);
  const y = normalizeName(b);
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 1;
  return 1 - levenshtein(x, y) / longest;
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
  const owner: (number | undefined)[] = new Array(predicted.length).fill(undefined);

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

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The q-quantile (0–1) by linear interpolation between the nearest ranks; null for no values. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (at - low);
}
