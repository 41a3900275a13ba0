// Training of the category model (src/server/pipeline/classify/ngram.ts): counts of hashed
// character n-grams per category, Laplace-smoothed, quantised to one byte per bucket and category.
// Pure and deterministic: the same samples in the same order give the same bytes.
import { deflateSync } from 'node:zlib';
import { CATEGORY_NAMES, type CategoryName } from '../../../src/contract.ts';
import { featureBuckets, type NgramModelFile } from '../../../src/server/pipeline/classify/ngram.ts';

export interface TrainingName {
  name: string;
  category: CategoryName;
  /** Where the name comes from (`lexicon`, `fineli-fi`, `kruoka2020`, `fixtures`…). */
  source: string;
}

export interface TrainOptions {
  bits?: number;
  alpha?: number;
  temperature?: number;
}

export const DEFAULT_BITS = 17;
export const DEFAULT_ALPHA = 0.1;
/** About the number of features one letter of a name takes part in (3-, 4- and 5-grams, word, head). */
export const DEFAULT_TEMPERATURE = 5;

export function trainModel(samples: readonly TrainingName[], options: TrainOptions = {}): NgramModelFile {
  const bits = options.bits ?? DEFAULT_BITS;
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const buckets = 1 << bits;
  const categories = [...CATEGORY_NAMES];
  const k = categories.length;
  const index = new Map(categories.map((category, i) => [category, i]));
  const counts = new Float64Array(buckets * k);
  const totals = new Float64Array(k);
  const docs = new Float64Array(k);
  const trainedOn: Record<string, number> = {};
  for (const sample of samples) {
    const c = index.get(sample.category);
    if (c === undefined) continue;
    // Each feature counts once per name, so long descriptive names do not outweigh short ones.
    const features = [...new Set(featureBuckets(sample.name, bits))];
    if (features.length === 0) continue;
    for (const bucket of features) counts[bucket * k + c] = (counts[bucket * k + c] ?? 0) + 1;
    totals[c] = (totals[c] ?? 0) + features.length;
    docs[c] = (docs[c] ?? 0) + 1;
    trainedOn[sample.source] = (trainedOn[sample.source] ?? 0) + 1;
  }
  let maxLog = 0;
  for (const count of counts) maxLog = Math.max(maxLog, Math.log((count + alpha) / alpha));
  const step = maxLog / 255;
  const codes = new Uint8Array(counts.length);
  counts.forEach((count, i) => {
    codes[i] = Math.round(Math.log((count + alpha) / alpha) / step);
  });
  const allDocs = docs.reduce((sum, n) => sum + n, 0);
  // A flattened prior (square root of the class share): the training mix is not a receipt's mix.
  const priorWeights = Array.from(docs, (n) => Math.sqrt((n + 1) / (allDocs + k)));
  const priorSum = priorWeights.reduce((sum, w) => sum + w, 0);
  const round = (x: number): number => Math.round(x * 1e6) / 1e6;
  return {
    format: 'category-ngram-nb/1',
    bits,
    categories,
    logPrior: priorWeights.map((w) => round(Math.log(w / priorSum))),
    logDenominator: Array.from(totals, (total) => round(Math.log(total + alpha * buckets))),
    alpha,
    step: round(step),
    temperature: options.temperature ?? DEFAULT_TEMPERATURE,
    codes: deflateSync(codes, { level: 9 }).toString('base64'),
    trainedOn: Object.fromEntries(Object.entries(trainedOn).sort(([a], [b]) => a.localeCompare(b))),
  };
}
