// Category accuracy on labelled names, three ways, always side by side:
// - the locked fold (scripts/data/model/fold.ts): a quarter of the product names and receipt items
//   that nothing was learnt or written from; only its aggregates are ever printed;
// - in-sample: the names outside the fold that the committed model trained on;
// - held out by source: for each source of products.csv and the project's fixtures, a model trained
//   without that source reads that source's names (outside the fold).
// Each for the whole classifier (rules, then the model weighing the lexicon) and for the model
// alone (a model trained without the lexicon's features, no rules): the lexicon was written while
// reading these sources, so the model alone is the figure that kept every hand-tuned part out.
// Then the reliability of the confidence bands, on the fold and in-sample.
import { join } from 'node:path';
import { CATEGORY_NAMES, type CategoryName, type Confidence } from '../../src/contract.ts';
import { classifyName } from '../../src/server/pipeline/classify/classify.ts';
import { committedModel, loadModel, predictLine, type CategoryModel } from '../../src/server/pipeline/classify/model.ts';
import { isScored } from '../data/model/cross-validate.ts';
import { inLockedFold } from '../data/model/fold.ts';
import { allTrainingNames, fixtureNames, fromSource, HELD_OUT_SOURCES, labelNames, productNames, SHARED_DATA } from '../data/model/sources.ts';
import { trainModel, type TrainingName } from '../data/model/train.ts';
import { formatTable, percent, type Cell } from './table.ts';

export interface Scored {
  category: CategoryName;
  /** The whole classifier's answer and confidence. */
  whole: CategoryName;
  confidence: Confidence;
  /** The model alone (no lexicon features, no rules). */
  alone: CategoryName;
}

export interface Models {
  /** The whole classifier's model. */
  whole: CategoryModel;
  /** A model trained on the same names without the lexicon's features. */
  alone: CategoryModel;
}

export function score(samples: readonly TrainingName[], models: Models): Scored[] {
  return samples.map((sample) => {
    const cues = sample.cues ?? {};
    const reading = classifyName(sample.name, cues, { model: models.whole });
    return {
      category: sample.category,
      whole: reading.category,
      confidence: reading.confidence,
      alone: predictLine(models.alone, sample.name, cues.store ? { store: cues.store } : {}, null).category,
    };
  });
}

export function trainAlone(samples: readonly TrainingName[]): CategoryModel {
  return loadModel(trainModel(samples, { lexicon: false }));
}

export interface CategoryEvaluation {
  /** Fold names: products.csv, and receipt items (the fixtures' and the shared real receipts'). */
  foldProducts: Scored[];
  foldItems: Scored[];
  inSample: Scored[];
  /** Per held-out source, its names outside the fold. */
  heldOut: Map<string, Scored[]>;
  /** Every item of the shared real receipts (never trained on), outside the fold and in it. */
  receipts: Scored[];
}

/** The labelled receipt items of the shared data, with their cues. */
export function receiptItems(): TrainingName[] {
  return labelNames(join(SHARED_DATA, 'receipts/labels'), 'receipts');
}

/** The names the evaluation reads. */
export interface CategoryData {
  /** The committed model's training names (outside the fold, every source). */
  training: TrainingName[];
  /** products.csv and the receipt items (the fixtures' and the shared real receipts'), fold and all. */
  products: TrainingName[];
  items: TrainingName[];
  /** The shared real receipts' items. */
  receipts: TrainingName[];
}

export function sharedCategoryData(): CategoryData {
  const receipts = receiptItems();
  return { training: allTrainingNames(), products: productNames(), items: [...fixtureNames(), ...receipts], receipts };
}

/**
 * Everything the tables need. The committed model (`whole`) reads the fold and in-sample names;
 * models trained here, without a source, read that source's names.
 */
export function evaluateCategories(data: CategoryData = sharedCategoryData(), whole: CategoryModel = committedModel()): CategoryEvaluation {
  const { training } = data;
  const models: Models = { whole, alone: trainAlone(training) };
  const scored = training.filter(isScored);
  const heldOut = new Map<string, Scored[]>();
  for (const source of HELD_OUT_SOURCES) {
    const mine = scored.filter((sample) => fromSource(sample, source));
    if (mine.length === 0) continue;
    const rest = training.filter((sample) => !fromSource(sample, source));
    // The committed temperature and thresholds, so that the bands mean the same as the product's.
    const file = trainModel(rest, { thresholds: whole.thresholds, temperature: whole.temperature });
    heldOut.set(source, score(mine, { whole: loadModel(file), alone: trainAlone(rest) }));
  }
  return {
    foldProducts: score(data.products.filter((sample) => inLockedFold(sample.name)), models),
    foldItems: score(data.items.filter((sample) => inLockedFold(sample.name)), models),
    inSample: score(scored, models),
    heldOut,
    receipts: score(data.receipts, models),
  };
}

const share = (rows: readonly Scored[], pick: (row: Scored) => boolean): number | null =>
  rows.length === 0 ? null : rows.filter(pick).length / rows.length;
const wholeRight = (row: Scored): boolean => row.whole === row.category;
const aloneRight = (row: Scored): boolean => row.alone === row.category;

function overallRow(label: string, rows: readonly Scored[]): Cell[] {
  return [label, rows.length, percent(share(rows, wholeRight)), percent(share(rows, aloneRight)), percent(share(rows, (r) => r.confidence === 'low'))];
}

/** The tables `npm run eval` prints. */
export function categoryTables(evaluation: CategoryEvaluation): string {
  const fold = [...evaluation.foldProducts, ...evaluation.foldItems];
  const heldOutAll = [...evaluation.heldOut.values()].flat();
  const overall: Cell[][] = [
    overallRow('locked fold: product names', evaluation.foldProducts),
    overallRow('locked fold: receipt items', evaluation.foldItems),
    overallRow('locked fold: all', fold),
    overallRow('in-sample (trained on)', evaluation.inSample),
    ...[...evaluation.heldOut].map(([source, rows]) => overallRow(`held out: ${source}`, rows)),
    overallRow('held out by source: all', heldOutAll),
    overallRow('real receipts of the shared data', evaluation.receipts),
  ];
  const perCategory: Cell[][] = CATEGORY_NAMES.map((category) => {
    const of = (rows: readonly Scored[]): Scored[] => rows.filter((row) => row.category === category);
    const f = of(fold);
    const i = of(evaluation.inSample);
    const h = of(heldOutAll);
    return [
      category,
      f.length,
      percent(share(f, wholeRight)),
      percent(share(f, aloneRight)),
      percent(share(i, wholeRight)),
      percent(share(i, aloneRight)),
      percent(share(h, wholeRight)),
      percent(share(h, aloneRight)),
    ];
  });
  const bands: Cell[][] = (['high', 'medium', 'low'] as const).map((band) => {
    const f = fold.filter((row) => row.confidence === band);
    const i = evaluation.inSample.filter((row) => row.confidence === band);
    const h = heldOutAll.filter((row) => row.confidence === band);
    return [band, f.length, percent(share(f, wholeRight)), i.length, percent(share(i, wholeRight)), h.length, percent(share(h, wholeRight))];
  });
  return [
    'Whole classifier (rules, then the model weighing the lexicon) and the model alone (no lexicon, no rules)',
    formatTable(['names', 'count', 'whole', 'model alone', 'uncertain'], overall),
    '',
    'Per category (the locked fold: product names and receipt items; aggregates only, its misses are never listed)',
    formatTable(['category', 'fold names', 'fold whole', 'fold alone', 'in-sample whole', 'in-sample alone', 'held-out whole', 'held-out alone'], perCategory),
    '',
    'Reliability of the confidence bands (whole classifier; low = uncertain, shown to the visitor to check)',
    formatTable(['band', 'fold names', 'fold accuracy', 'in-sample names', 'in-sample accuracy', 'held-out names', 'held-out accuracy'], bands),
  ].join('\n');
}
