// The learned fallback: deterministic training, what it decides (only names no rule or lexicon
// entry decides), its confidence, and the committed model file.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT, SHARED_DATA } from '../../../../scripts/paths.ts';
import { describe, expect, it } from 'vitest';
import type { CategoryName } from '../../../../src/contract.ts';
import { classifyName } from '../../../../src/server/pipeline/classify/classify.ts';
import { MODEL, modelConfidence } from '../../../../src/server/pipeline/classify/model.ts';
import { loadModel, predict, type NgramModelFile } from '../../../../src/server/pipeline/classify/ngram.ts';
import { allTrainingNames } from '../../../../scripts/data/model/sources.ts';
import { trainModel, type TrainingName } from '../../../../scripts/data/model/train.ts';

const named = (category: CategoryName, names: string[]): TrainingName[] => names.map((name) => ({ name, category, source: 'test' }));

// A small world: made-up brands the lexicon has never heard of, each selling one category.
const SMALL: TrainingName[] = [
  ...named('Dairy', ['Quorvell luonnonmaito 1l', 'Quorvell rasvaton 1l', 'Quorvell kermaviili', 'Quorvell piimä 1l']),
  ...named('Fish', ['Zandrik savusilakka', 'Zandrik kirjolohi', 'Zandrik muikku 300g', 'Zandrik silakkafilee']),
  ...named('Grains', ['Vorpelin ruisleipä', 'Vorpelin kauraleipä', 'Vorpelin paahtoleipä', 'Vorpelin sämpylä']),
];

describe('training', () => {
  it('is deterministic: the same names give the same file', () => {
    expect(JSON.stringify(trainModel(SMALL, { bits: 12 }))).toBe(JSON.stringify(trainModel([...SMALL], { bits: 12 })));
  });

  it('learns brands and words from the names it is given', () => {
    const model = loadModel(trainModel(SMALL, { bits: 12 }));
    expect(predict(model, 'QUORVELL MAITOJUOMA')?.category).toBe('Dairy');
    expect(predict(model, 'ZANDRIK 200G')?.category).toBe('Fish');
    expect(predict(model, 'VORPELIN 500G')?.category).toBe('Grains');
  });
});

describe('what the model decides', () => {
  const model = loadModel(trainModel(SMALL, { bits: 12 }));

  it('places a name no lexicon entry decides', () => {
    const reading = classifyName('ZANDRIK 250G', {}, { model });
    expect(reading).toMatchObject({ category: 'Fish', source: 'model', uncertain: false });
    expect(['high', 'medium']).toContain(reading.confidence);
  });

  it('never overrides the lexicon or a rule, even when trained to', () => {
    const wrong = loadModel(trainModel([...named('Fish', ['kevytmaito', 'kevytmaito 1l', 'maito']), ...named('Dairy', ['be 95 e10', 'bensiini'])], { bits: 12 }));
    expect(classifyName('KEVYTMAITO 1L', {}, { model: wrong })).toMatchObject({ category: 'Dairy', source: 'lexicon' });
    expect(classifyName('BE 95 E10', {}, { model: wrong })).toMatchObject({ category: 'Other', source: 'rule' });
  });

  it('calls a name of unseen letters uncertain, and a solid food sold by the litre a drink', () => {
    expect(classifyName('XQZY 123', {}, { model })).toMatchObject({ confidence: 'low', uncertain: true });
    const litres = classifyName('VORPELIN 1,5L', {}, { model });
    expect(litres).toMatchObject({ category: 'Beverages', uncertain: true });
  });

  it('gives way to a category hint from a reader that saw the whole receipt', () => {
    expect(classifyName('ZANDRIK 250G', { hint: 'Processed Food' }, { model })).toMatchObject({ category: 'Processed Food', confidence: 'medium' });
  });
});

describe('the committed model', () => {
  it('loads, is small and answers in every band', () => {
    const bytes = readFileSync(resolve(REPO_ROOT, 'data/category-model.json')).length;
    expect(bytes).toBeLessThan(300 * 1024);
    const sure = predict(MODEL, 'Valio luomu kevytmaito 1l');
    expect(sure?.category).toBe('Dairy');
    expect(sure && modelConfidence(sure)).toBe('high');
  });

  it.skipIf(!existsSync(join(SHARED_DATA, 'fineli')))(
    'is what the training script builds from the data today',
    () => {
      const committed = JSON.parse(readFileSync(resolve(REPO_ROOT, 'data/category-model.json'), 'utf8')) as NgramModelFile;
      expect(trainModel(allTrainingNames())).toEqual(committed);
    },
  );
});
