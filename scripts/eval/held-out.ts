// Category accuracy held out by source: for each source of products.csv and for the project's own
// fixtures, the category model is trained without that source's names and the classifier (rules,
// lexicon, that model) is measured on them, beside the in-sample figure (the committed model,
// trained on everything). The lexicon stays in both: it is part of the classifier, and it was
// written while reading these sources, so the model-alone column is the strictly held-out one.
import { CATEGORY_NAMES, type CategoryName } from '../../src/contract.ts';
import { classifyName } from '../../src/server/pipeline/classify/classify.ts';
import { MODEL, modelConfidence } from '../../src/server/pipeline/classify/model.ts';
import { loadModel, predict, type NgramModel } from '../../src/server/pipeline/classify/ngram.ts';
import { allTrainingNames, fromSource, labelNames, SHARED_DATA } from '../data/model/sources.ts';
import { trainModel, type TrainingName } from '../data/model/train.ts';
import { formatTable, percent, type Cell } from './table.ts';
import { join } from 'node:path';

/** The sources held out one at a time. */
export const HELD_OUT_SOURCES = ['junction2019', 'kruoka2020', 'kruoka2025', 'skaupat2025', 'fixtures'] as const;

export interface Scored {
  name: string;
  category: CategoryName;
  source: string;
  /** The classifier's answer with the model trained without this name's source. */
  heldOut: CategoryName;
  /** The classifier's answer with the committed model. */
  inSample: CategoryName;
  /** The held-out model alone (no rules, no lexicon). */
  modelAlone: CategoryName | null;
  /** What decided the held-out answer. */
  decidedBy: 'rule' | 'lexicon' | 'model' | 'cue';
  /** The held-out answer's confidence band when the model decided or guessed. */
  band: 'high' | 'medium' | 'low' | null;
}

function scoreSource(all: readonly TrainingName[], source: string, model: NgramModel): Scored[] {
  const tests = all.filter((sample) => fromSource(sample, source) && sample.source !== 'lexicon');
  return tests.map((sample) => {
    const held = classifyName(sample.name, {}, { model });
    const reading = predict(model, sample.name);
    return {
      name: sample.name,
      category: sample.category,
      source,
      heldOut: held.category,
      inSample: classifyName(sample.name).category,
      modelAlone: reading?.category ?? null,
      decidedBy: held.source,
      band: held.source === 'model' || held.source === 'cue' ? held.confidence : null,
    };
  });
}

/** Trains one model per held-out source and scores that source's names. */
export function evaluateHeldOut(all: readonly TrainingName[] = allTrainingNames()): Scored[] {
  const scored: Scored[] = [];
  for (const source of HELD_OUT_SOURCES) {
    const model = loadModel(trainModel(all.filter((sample) => !fromSource(sample, source))));
    scored.push(...scoreSource(all, source, model));
  }
  return scored;
}

const share = (rows: readonly Scored[], pick: (row: Scored) => boolean): number | null =>
  rows.length === 0 ? null : rows.filter(pick).length / rows.length;

export function heldOutTables(scored: readonly Scored[]): string {
  const bySource: Cell[][] = HELD_OUT_SOURCES.map((source) => {
    const rows = scored.filter((row) => row.source === source);
    return [
      source,
      rows.length,
      percent(share(rows, (r) => r.heldOut === r.category)),
      percent(share(rows, (r) => r.inSample === r.category)),
      percent(share(rows, (r) => r.modelAlone === r.category)),
      rows.filter((r) => r.decidedBy === 'model' || r.decidedBy === 'cue').length,
    ];
  });
  // A name listed by several sources is scored once per source; the overall row counts each once.
  const unique = [...new Map(scored.map((row) => [`${row.name}|${row.category}`, row])).values()];
  bySource.push([
    'all (each name once)',
    unique.length,
    percent(share(unique, (r) => r.heldOut === r.category)),
    percent(share(unique, (r) => r.inSample === r.category)),
    percent(share(unique, (r) => r.modelAlone === r.category)),
    unique.filter((r) => r.decidedBy === 'model' || r.decidedBy === 'cue').length,
  ]);
  const byCategory: Cell[][] = CATEGORY_NAMES.flatMap((category) => {
    const rows = unique.filter((row) => row.category === category);
    if (rows.length === 0) return [];
    return [[
      category,
      rows.length,
      percent(share(rows, (r) => r.heldOut === r.category)),
      percent(share(rows, (r) => r.inSample === r.category)),
      percent(share(rows, (r) => r.modelAlone === r.category)),
    ]];
  });
  const bands: Cell[][] = (['high', 'medium', 'low'] as const).map((band) => {
    const rows = unique.filter((row) => row.band === band);
    return [band, rows.length, percent(share(rows, (r) => r.heldOut === r.category))];
  });
  const headers = ['names', 'held out', 'in-sample', 'model alone (held out)'];
  return [
    'Held out by source: the model is trained without the source it is tested on',
    formatTable(['held-out source', ...headers, 'decided by model'], bySource),
    '',
    formatTable(['category', ...headers], byCategory),
    '',
    'Names no rule or lexicon entry decides, by the model\'s confidence (held out; low = uncertain)',
    formatTable(['confidence', 'names', 'accuracy'], bands),
  ].join('\n');
}

/** The hand-labelled real receipts of the shared data: never trained on, so always held out. */
export function receiptLabelTable(): string {
  const items = labelNames(join(SHARED_DATA, 'receipts/labels'), 'receipts');
  const rows: Cell[][] = [];
  const correct = (r: TrainingName): boolean => classifyName(r.name).category === r.category;
  for (const category of CATEGORY_NAMES) {
    const mine = items.filter((item) => item.category === category);
    if (mine.length > 0) rows.push([category, mine.length, percent(share2(mine, correct))]);
  }
  rows.push(['all', items.length, percent(share2(items, correct))]);
  return ['Items of the labelled real receipts (names only, never trained on)', formatTable(['category', 'items', 'accuracy'], rows)].join('\n');
}

const share2 = <T>(rows: readonly T[], pick: (row: T) => boolean): number | null =>
  rows.length === 0 ? null : rows.filter(pick).length / rows.length;

/** The committed model's confidence bands over every training name (in-sample, for comparison). */
export function inSampleBands(all: readonly TrainingName[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sample of all) {
    const reading = predict(MODEL, sample.name);
    if (reading) counts[modelConfidence(reading)] = (counts[modelConfidence(reading)] ?? 0) + 1;
  }
  return counts;
}
