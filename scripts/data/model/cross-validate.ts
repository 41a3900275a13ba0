// Cross-validation outside the locked fold: the training names are split into groups, each group is
// read by a model trained without it, and the answers, with the model's probabilities, are what the
// confidence is calibrated on (calibrate.ts). Two splits: by source (each source of products.csv
// and the project's fixtures in turn: the names of a list the model never saw, as a visitor's
// receipt from a shop the data does not cover), and by a second hash of the name (fold.ts). The
// vocabularies (lexicon terms, Fineli, Kesko) and the store priors train every group's model but
// are not scored: the confidence is for receipt lines and shop names.
import type { CategoryName } from '../../../src/contract.ts';
import { readName } from '../../../src/server/pipeline/classify/classify.ts';
import { readLexicon } from '../../../src/server/pipeline/classify/lexical.ts';
import { loadModel, predictLine } from '../../../src/server/pipeline/classify/model.ts';
import { crossValidationPart } from './fold.ts';
import { fromSource, HELD_OUT_SOURCES } from './sources.ts';
import { trainModel, type TrainingName, type TrainOptions } from './train.ts';

export const CROSS_VALIDATION_PARTS = 5;

/** Sources whose names are scored: labelled product names and receipt lines. */
const VOCABULARIES = new Set(['lexicon', 'fineli-fi', 'fineli-sv', 'fineli-en', 'kesko', 'store-prior']);
export const isScored = (sample: TrainingName): boolean => !VOCABULARIES.has(sample.source);

export interface OutOfPart {
  name: string;
  category: CategoryName;
  source: string;
  /** The rule's category, else the model's most probable one. */
  predicted: CategoryName;
  /** The model's probability of its answer (temperature 1); 1 for a whole-name rule, which is sure. */
  probability: number;
  rule: boolean;
  /** Every category's probability at temperature 1 (in CATEGORY_NAMES order); empty for a rule. */
  probabilities: number[];
  /** The lexicon's reading, when it has one (an uncertain line's guess). */
  lexicon: CategoryName | null;
}

export type Group = (sample: TrainingName) => boolean;

/** The held-out sources, one group each. */
export const SOURCE_GROUPS: Group[] = HELD_OUT_SOURCES.map((source) => (sample) => fromSource(sample, source));

/** Parts of a second hash of the name. */
export const HASH_GROUPS: Group[] = Array.from(
  { length: CROSS_VALIDATION_PARTS },
  (_, part) => (sample) => sample.name !== '' && crossValidationPart(sample.name, CROSS_VALIDATION_PARTS) === part,
);

/**
 * Each scored name read by a model trained without its group. A name in several groups (listed by
 * two sources) is answered once, by the first group's model.
 */
export function crossValidate(samples: readonly TrainingName[], groups: readonly Group[] = SOURCE_GROUPS, options: TrainOptions = {}): OutOfPart[] {
  const out: OutOfPart[] = [];
  const answered = new Set<string>();
  for (const inPart of groups) {
    const model = loadModel(trainModel(samples.filter((sample) => !inPart(sample)), options));
    for (const sample of samples) {
      if (!inPart(sample) || !isScored(sample)) continue;
      const id = `${sample.name}|${sample.category}`;
      if (answered.has(id)) continue;
      answered.add(id);
      const cues = sample.cues ?? {};
      const reading = readName(sample.name, cues, { model });
      const lexical = readLexicon(sample.name);
      const rule = reading.source === 'rule';
      const modelReading = predictLine(model, sample.name, cues.store ? { store: cues.store } : {}, lexical);
      out.push({
        name: sample.name,
        category: sample.category,
        source: sample.source,
        predicted: rule ? reading.category : modelReading.category,
        probability: rule ? 1 : modelReading.probability,
        rule,
        probabilities: rule ? [] : Array.from(modelReading.probabilities),
        lexicon: lexical?.category ?? null,
      });
    }
  }
  return out;
}
