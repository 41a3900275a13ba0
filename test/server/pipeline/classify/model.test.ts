// The category model: deterministic training, what it decides (every line no whole-name rule
// decides, with the lexicon as evidence it weighs), its confidence, and the committed model file.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT, SHARED_DATA } from '../../../../scripts/paths.ts';
import { describe, expect, it } from 'vitest';
import type { CategoryName } from '../../../../src/contract.ts';
import { classifyName } from '../../../../src/server/pipeline/classify/classify.ts';
import { committedModel, confidenceOf, loadModel, predictLine, type CategoryModelFile } from '../../../../src/server/pipeline/classify/model.ts';
import { readLexicon } from '../../../../src/server/pipeline/classify/lexical.ts';
import { allTrainingNames } from '../../../../scripts/data/model/sources.ts';
import { trainModel, type TrainingName } from '../../../../scripts/data/model/train.ts';

const named = (category: CategoryName, names: string[]): TrainingName[] => names.map((name) => ({ name, category, source: 'test' }));

// A small world: made-up brands the lexicon has never heard of, each selling one category.
const SMALL: TrainingName[] = [
  ...named('Dairy', ['Quorvell luonnonmaito 1l', 'Quorvell rasvaton 1l', 'Quorvell kermaviili', 'Quorvell piimä 1l']),
  ...named('Fish', ['Zandrik savusilakka', 'Zandrik kirjolohi', 'Zandrik muikku 300g', 'Zandrik silakkafilee']),
  ...named('Grains', ['Vorpelin ruisleipä', 'Vorpelin kauraleipä', 'Vorpelin paahtoleipä', 'Vorpelin sämpylä']),
];
const OPTIONS = { bits: 12, thresholds: { high: 0.8, medium: 0.5 } };

describe('training', () => {
  it('is deterministic: the same names give the same file', () => {
    expect(JSON.stringify(trainModel(SMALL, OPTIONS))).toBe(JSON.stringify(trainModel([...SMALL], OPTIONS)));
  });

  it('learns brands and words from the names it is given', () => {
    const model = loadModel(trainModel(SMALL, OPTIONS));
    expect(predictLine(model, 'QUORVELL MAITOJUOMA', {}, null).category).toBe('Dairy');
    expect(predictLine(model, 'ZANDRIK 200G', {}, null).category).toBe('Fish');
    expect(predictLine(model, 'VORPELIN 500G', {}, null).category).toBe('Grains');
  });

  it('learns what a store kind says from the store priors alone', () => {
    const priors: TrainingName[] = [
      ...Array.from({ length: 20 }, (): TrainingName => ({ name: '', category: 'Beverages', source: 'store-prior', cues: { store: 'alcohol' } })),
      { name: '', category: 'Other', source: 'store-prior', cues: { store: 'alcohol' } },
    ];
    const drinks = named('Beverages', ['Brolle limonadi 1,5l', 'Brolle kivennäisvesi', 'Brolle appelsiinijuoma', 'Brolle energiajuoma']);
    const model = loadModel(trainModel([...SMALL, ...drinks, ...priors], OPTIONS));
    const plain = predictLine(model, 'XQZY', {}, null);
    const atAlko = predictLine(model, 'XQZY', { store: 'alcohol' }, null);
    const beverages = model.categories.indexOf('Beverages');
    expect(atAlko.probabilities[beverages]).toBeGreaterThan((plain.probabilities[beverages] ?? 0) + 0.2);
    expect(atAlko.category).toBe('Beverages');
    // A name that says what it is still says it at Alko.
    expect(predictLine(model, 'Zandrik savusilakka', { store: 'alcohol' }, null).category).toBe('Fish');
  });
});

describe('what the model decides', () => {
  const model = loadModel(trainModel(SMALL, OPTIONS));

  it('places a name no lexicon entry decides', () => {
    const reading = classifyName('ZANDRIK 250G', {}, { model });
    expect(reading).toMatchObject({ category: 'Fish', source: 'model', uncertain: false });
    expect(['high', 'medium']).toContain(reading.confidence);
  });

  it('weighs the lexicon as evidence: the model may overrule it, never a whole-name rule', () => {
    // Trained where the lexicon's milk word always meant fish, the model follows the data.
    const wrong = loadModel(trainModel([...named('Fish', ['kevytmaito', 'kevytmaito 1l', 'maito', 'rasvaton maito']), ...named('Dairy', ['be 95 e10', 'bensiini 95'])], OPTIONS));
    expect(readLexicon('KEVYTMAITO 1L')?.category).toBe('Dairy');
    expect(classifyName('KEVYTMAITO 1L', {}, { model: wrong }).category).toBe('Fish');
    expect(classifyName('BE 95 E10', {}, { model: wrong })).toMatchObject({ category: 'Other', source: 'rule', confidence: 'high' });
  });

  it('keeps the lexicon\'s product key for the category the model chose', () => {
    const dairy = loadModel(trainModel(named('Dairy', ['kevytmaito', 'maito 1l', 'rasvaton maito', 'täysmaito']), OPTIONS));
    expect(classifyName('KEVYTMAITO 1L', {}, { model: dairy })).toMatchObject({ category: 'Dairy', productKey: 'milk-semi-skimmed', source: 'lexicon' });
  });

  it('calls a name of unseen letters uncertain', () => {
    expect(classifyName('XQZY 123', {}, { model })).toMatchObject({ confidence: 'low', uncertain: true });
  });

  it('gives way to a category hint from a reader that saw the whole receipt when it is not sure', () => {
    expect(classifyName('XQZY 123', { hint: 'Processed Food' }, { model })).toMatchObject({ category: 'Processed Food', confidence: 'medium', uncertain: false });
  });
});

describe('the committed model', () => {
  const model = committedModel();

  it('loads, is under 3 MB and answers in every band', () => {
    const bytes = readFileSync(resolve(REPO_ROOT, 'data/category-model.json')).length;
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
    const sure = classifyName('Valio luomu kevytmaito 1l');
    expect(sure).toMatchObject({ category: 'Dairy', confidence: 'high' });
    expect(confidenceOf(model, model.thresholds.high)).toBe('high');
    expect(confidenceOf(model, (model.thresholds.medium + model.thresholds.high) / 2)).toBe(model.thresholds.medium < model.thresholds.high ? 'medium' : 'high');
    expect(confidenceOf(model, model.thresholds.medium / 2)).toBe('low');
  });

  it.skipIf(!existsSync(join(SHARED_DATA, 'fineli')))(
    'is what the training script builds from the data today, to the byte',
    () => {
      const path = resolve(REPO_ROOT, 'data/category-model.json');
      const committed = JSON.parse(readFileSync(path, 'utf8')) as CategoryModelFile;
      // The calibration (a cross-validation of five more models) is checked by rebuilding; this
      // checks that the same names train the same weights.
      const { temperature, thresholds, calibration } = committed;
      const rebuilt = trainModel(allTrainingNames(), { temperature, thresholds, calibration });
      expect(`${JSON.stringify(rebuilt, null, 1)}\n`).toBe(readFileSync(path, 'utf8'));
    },
  );
});
