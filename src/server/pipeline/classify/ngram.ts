// The learned fallback: a multinomial naive Bayes classifier over hashed character n-grams of a
// normalised name. It decides only names that no rule or lexicon entry decides (classify.ts).
// Features and scoring are pure functions here, shared by the trainer (scripts/data/model/) and
// the backend, so both read a name the same way.
import { inflateSync } from 'node:zlib';
import { CATEGORY_NAMES, type CategoryName } from '../../../contract.ts';
import { tokenize } from './normalize.ts';

/** The committed model file (data/category-model.json). */
export interface NgramModelFile {
  format: 'category-ngram-nb/1';
  /** log2 of the number of hash buckets. */
  bits: number;
  categories: CategoryName[];
  /** Per category: log prior. */
  logPrior: number[];
  /** Per category: log of (total feature count + alpha × buckets), the likelihood's denominator. */
  logDenominator: number[];
  alpha: number;
  /** Quantisation step of the stored log-counts. */
  step: number;
  /**
   * Scores are divided by this before the posterior is taken: overlapping n-grams of one word are
   * counted as if independent, which makes raw naive Bayes posteriors far too sure.
   */
  temperature: number;
  /** deflate+base64 of bucket-major uint8 codes: code = round(log((count + alpha) / alpha) / step). */
  codes: string;
  /** Where the training names came from, with counts (documentation only). */
  trainedOn: Record<string, number>;
}

export interface NgramModel {
  bits: number;
  categories: CategoryName[];
  logPrior: Float64Array;
  logDenominator: Float64Array;
  logAlpha: number;
  step: number;
  temperature: number;
  /** bucket × category uint8 codes. */
  codes: Uint8Array;
}

export interface ModelReading {
  category: CategoryName;
  /** Posterior probability of `category` (0–1). */
  probability: number;
  /** Posterior of the runner-up category. */
  runnerUp: number;
  /** Share of the name's features seen in training: a name of unseen letters has no reading worth trusting. */
  coverage: number;
}

/** FNV-1a, 32 bits: stable across runs and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The features of a name: character 3- to 5-grams of each folded token with word boundaries
 * (`^kana$`), the whole word, and the token's last five letters, because a Finnish compound is
 * decided by its head, which is its end. Digits, units and punctuation carry nothing.
 */
export function nameFeatures(name: string): string[] {
  const features: string[] = [];
  for (const token of tokenize(name)) {
    const padded = `^${token}$`;
    for (let n = 3; n <= 5; n++) {
      for (let at = 0; at + n <= padded.length; at++) features.push(padded.slice(at, at + n));
    }
    features.push(`w:${token}`);
    features.push(`h:${token.slice(-5)}`);
  }
  return features;
}

export function featureBuckets(name: string, bits: number): number[] {
  const mask = (1 << bits) - 1;
  return nameFeatures(name).map((feature) => fnv1a(feature) & mask);
}

export function loadModel(file: NgramModelFile): NgramModel {
  if (file.format !== 'category-ngram-nb/1') throw new Error(`category model: unknown format ${String(file.format)}`);
  for (const category of file.categories) {
    if (!(CATEGORY_NAMES as readonly string[]).includes(category)) throw new Error(`category model: unknown category ${category}`);
  }
  const codes = new Uint8Array(inflateSync(Buffer.from(file.codes, 'base64')));
  if (codes.length !== (1 << file.bits) * file.categories.length) throw new Error('category model: code table has the wrong size');
  return {
    bits: file.bits,
    categories: file.categories,
    logPrior: Float64Array.from(file.logPrior),
    logDenominator: Float64Array.from(file.logDenominator),
    logAlpha: Math.log(file.alpha),
    step: file.step,
    temperature: file.temperature,
    codes,
  };
}

/** The most probable category of a name, or null when the name has no letters to read. */
export function predict(model: NgramModel, name: string): ModelReading | null {
  const buckets = featureBuckets(name, model.bits);
  if (buckets.length === 0) return null;
  const k = model.categories.length;
  const scores = Float64Array.from(model.logPrior);
  // Features never seen in training carry no evidence: scoring them would only favour the
  // categories with the fewest training names (smoothing gives them the largest share of nothing).
  let seen = 0;
  for (const bucket of buckets) {
    const row = bucket * k;
    let any = false;
    for (let c = 0; c < k && !any; c++) any = (model.codes[row + c] ?? 0) > 0;
    if (!any) continue;
    seen += 1;
    for (let c = 0; c < k; c++) {
      scores[c] = (scores[c] ?? 0) + (model.codes[row + c] ?? 0) * model.step + model.logAlpha - (model.logDenominator[c] ?? 0);
    }
  }
  let best = 0;
  for (let c = 1; c < k; c++) if ((scores[c] ?? 0) > (scores[best] ?? 0)) best = c;
  const top = scores[best] ?? 0;
  let sum = 0;
  const weights = Array.from(scores, (score) => Math.exp((score - top) / model.temperature));
  for (const weight of weights) sum += weight;
  let runnerUp = 0;
  weights.forEach((weight, c) => {
    if (c !== best) runnerUp = Math.max(runnerUp, weight / sum);
  });
  return { category: model.categories[best] as CategoryName, probability: 1 / sum, runnerUp, coverage: seen / buckets.length };
}
