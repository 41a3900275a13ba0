// The category model: multinomial logistic regression (a softmax over the 13 categories) on hashed
// features of a line (features.ts). It decides every line no whole-name rule decides; the
// lexicon's reading is one of its features. The committed model (data/category-model.json) is
// written by `npm run build:model` (scripts/data/model/), which also chose its confidence
// thresholds by cross-validation outside the locked fold; loaded once, on first use, and checked.
import { inflateSync } from 'node:zlib';
import { CATEGORY_NAMES, type CategoryName, type Confidence } from '../../../contract.ts';
import { readDataJson } from '../data/data-files.ts';
import { lineFeatures, type FeatureCues } from './features.ts';
import type { LexiconReading } from './lexical.ts';

export const MODEL_FORMAT = 'category-logreg/1';

/** The committed model file. */
export interface CategoryModelFile {
  format: typeof MODEL_FORMAT;
  /** log2 of the number of hash buckets. */
  bits: number;
  categories: CategoryName[];
  /** Whether the lexicon's reading is among the features (the evaluation's model alone: no). */
  lexicon: boolean;
  /** Per category: the score before any feature. */
  bias: number[];
  /** Quantisation step of the stored weights. */
  step: number;
  /**
   * Scores are divided by this before the softmax: fitted on cross-validated answers, it turns a
   * model that learnt its training names by heart back into probabilities that mean what they say
   * on names it did not see.
   */
  temperature: number;
  /** deflate+base64 of bucket-major int8 weights: weight = code × step. */
  weights: string;
  /**
   * Probability thresholds of the confidence bands, chosen by cross-validation on the training
   * names (never on the locked fold): `high` from `high`, `medium` from `medium`, else `low`.
   */
  thresholds: { high: number; medium: number };
  /** How the thresholds were chosen and what they measured there (documentation only). */
  calibration: Record<string, number | string>;
  /** Where the training names came from, with counts (documentation only). */
  trainedOn: Record<string, number>;
}

export interface CategoryModel {
  bits: number;
  categories: CategoryName[];
  lexicon: boolean;
  bias: Float64Array;
  step: number;
  temperature: number;
  codes: Int8Array;
  thresholds: { high: number; medium: number };
}

export interface ModelReading {
  category: CategoryName;
  /** The model's probability of `category` (0–1). */
  probability: number;
  /** Every category's probability, in the model's category order. */
  probabilities: Float64Array;
}

/** FNV-1a, 32 bits: stable across runs and platforms. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Letter n-grams of a name are many and overlap, words and cues few: each n-gram counts
 * NGRAM_SCALE / √(the name's n-grams), so a long name's letters do not outvote its words and the
 * lexicon's reading by their number alone.
 */
const NGRAM_SCALE = 3;
const isNgram = (feature: string): boolean => !feature.includes(':');

/**
 * Each distinct feature's bucket and signed value. The sign (the hash's top bit) makes two
 * features that share a bucket cancel on average instead of adding up.
 */
export function hashFeatures(features: readonly string[], bits: number): { buckets: Int32Array; values: Float64Array } {
  const unique = [...new Set(features)];
  const mask = (1 << bits) - 1;
  const ngrams = unique.filter(isNgram).length;
  const ngramValue = ngrams > 0 ? NGRAM_SCALE / Math.sqrt(ngrams) : 0;
  const buckets = new Int32Array(unique.length);
  const values = new Float64Array(unique.length);
  unique.forEach((feature, i) => {
    const hash = fnv1a(feature);
    buckets[i] = hash & mask;
    values[i] = (hash >>> 31 ? -1 : 1) * (isNgram(feature) ? ngramValue : 1);
  });
  return { buckets, values };
}

export function loadModel(file: CategoryModelFile): CategoryModel {
  if (file.format !== MODEL_FORMAT) throw new Error(`category model: unknown format ${String(file.format)}`);
  for (const category of file.categories) {
    if (!(CATEGORY_NAMES as readonly string[]).includes(category)) throw new Error(`category model: unknown category ${category}`);
  }
  const bytes = inflateSync(Buffer.from(file.weights, 'base64'));
  const codes = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (codes.length !== (1 << file.bits) * file.categories.length) throw new Error('category model: weight table has the wrong size');
  const { high, medium } = file.thresholds;
  if (!(medium > 0 && medium <= high && high <= 1)) throw new Error('category model: thresholds out of order');
  if (!(file.temperature > 0)) throw new Error('category model: the temperature must be positive');
  return {
    bits: file.bits,
    categories: file.categories,
    lexicon: file.lexicon,
    bias: Float64Array.from(file.bias),
    step: file.step,
    temperature: file.temperature,
    codes,
    thresholds: { high, medium },
  };
}

/** Softmax of scores, in place. */
export function softmax(scores: Float64Array): Float64Array {
  let top = -Infinity;
  for (const score of scores) top = Math.max(top, score);
  let sum = 0;
  for (let c = 0; c < scores.length; c++) {
    const e = Math.exp((scores[c] ?? 0) - top);
    scores[c] = e;
    sum += e;
  }
  for (let c = 0; c < scores.length; c++) scores[c] = (scores[c] ?? 0) / sum;
  return scores;
}

/** The model's reading of hashed features. */
export function predictHashed(model: CategoryModel, buckets: Int32Array, values: Float64Array): ModelReading {
  const k = model.categories.length;
  const scores = Float64Array.from(model.bias, (bias) => bias / model.temperature);
  for (let f = 0; f < buckets.length; f++) {
    const row = (buckets[f] ?? 0) * k;
    const value = ((values[f] ?? 0) * model.step) / model.temperature;
    for (let c = 0; c < k; c++) scores[c] = (scores[c] ?? 0) + value * (model.codes[row + c] ?? 0);
  }
  const probabilities = softmax(scores);
  let best = 0;
  for (let c = 1; c < k; c++) if ((probabilities[c] ?? 0) > (probabilities[best] ?? 0)) best = c;
  return { category: model.categories[best] as CategoryName, probability: probabilities[best] ?? 0, probabilities };
}

/** The model's reading of one line. */
export function predictLine(model: CategoryModel, name: string, cues: FeatureCues, lexical: LexiconReading | null): ModelReading {
  const { buckets, values } = hashFeatures(lineFeatures(name, cues, lexical, { lexicon: model.lexicon }), model.bits);
  return predictHashed(model, buckets, values);
}

/** The confidence band of a probability under the model's thresholds. */
export function confidenceOf(model: CategoryModel, probability: number): Confidence {
  if (probability >= model.thresholds.high) return 'high';
  if (probability >= model.thresholds.medium) return 'medium';
  return 'low';
}

let committed: CategoryModel | null = null;

/**
 * The committed model, loaded on first use (the trainer imports the classifier before the file it
 * writes exists in the new form).
 */
export function committedModel(): CategoryModel {
  committed ??= loadModel(readDataJson('category-model.json') as CategoryModelFile);
  return committed;
}
