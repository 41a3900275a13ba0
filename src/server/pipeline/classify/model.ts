// The committed category model (data/category-model.json, rebuilt by `npm run build:model`),
// loaded once, and how sure its readings are.
import type { Confidence } from '../../../contract.ts';
import { readDataJson } from '../data/data-files.ts';
import { loadModel, predict, type ModelReading, type NgramModel, type NgramModelFile } from './ngram.ts';

// The file is written by our own trainer; loadModel checks its format, categories and size.
export const MODEL: NgramModel = loadModel(readDataJson('category-model.json') as NgramModelFile);

/**
 * Posterior thresholds of the model's confidence. Naive Bayes posteriors run high, so the bands
 * sit high: a reading under MEDIUM is shown as uncertain. `npm run eval` prints the held-out
 * accuracy of each band, which is what these were set from.
 */
export const MODEL_HIGH = 0.99;
export const MODEL_MEDIUM = 0.9;
/** A name most of whose letter groups were never seen in training is a guess, however peaked. */
export const MIN_COVERAGE = 0.6;

export function modelConfidence(reading: ModelReading): Confidence {
  if (reading.coverage < MIN_COVERAGE) return 'low';
  if (reading.probability >= MODEL_HIGH) return 'high';
  if (reading.probability >= MODEL_MEDIUM) return 'medium';
  return 'low';
}

export function readWithModel(name: string, model: NgramModel = MODEL): ModelReading | null {
  return predict(model, name);
}
