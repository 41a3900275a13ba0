// The category evaluation really holds each source out, and prints the locked fold only in
// aggregate: a brand known only from one source cannot be learnt when that source is tested.
import { describe, expect, it } from 'vitest';
import type { CategoryName } from '../../../../src/contract.ts';
import { loadModel } from '../../../../src/server/pipeline/classify/model.ts';
import { categoryTables, evaluateCategories } from '../../../../scripts/eval/categories.ts';
import { inLockedFold } from '../../../../scripts/data/model/fold.ts';
import { trainModel, type TrainingName } from '../../../../scripts/data/model/train.ts';

const from = (source: string, category: CategoryName, names: string[]): TrainingName[] => names.map((name) => ({ name, category, source }));

describe('the category evaluation', () => {
  const training = [
    ...from('kruoka2020', 'Fish', ['Zandrik savustettu 200g', 'Zandrik graavattu 150g', 'Zandrik marinoitu 300g', 'Zandrik fileepala']),
    ...from('skaupat2025', 'Dairy', ['Quorvell luomu 1l', 'Quorvell rasvaton 1l', 'Quorvell laktoositon 1l', 'Quorvell täysi']),
  ].filter((sample) => !inLockedFold(sample.name));
  const whole = loadModel(trainModel(training, { bits: 12, thresholds: { high: 0.9, medium: 0.6 } }));
  // Names of the fold, made up: what the tables may say of them is their number and accuracy.
  const foldNames = Array.from({ length: 40 }, (_, i) => `Zandrik kala${i.toString(36)}`).filter(inLockedFold);
  const evaluation = evaluateCategories({ training, products: from('kruoka2020', 'Fish', foldNames), items: [], receipts: [] }, whole);

  it('tests each source on models trained without it', () => {
    const heldOut = [...evaluation.heldOut.values()].flat();
    expect(heldOut).toHaveLength(training.length);
    // The brand is each source's own, so neither model knows it when its source is held out.
    for (const row of heldOut) expect(row.alone).not.toBe(row.category);
    for (const row of evaluation.inSample) expect(row.whole).toBe(row.category);
  });

  it('scores the fold with the committed model and prints it beside in-sample and held out, never a name of it', () => {
    expect(foldNames.length).toBeGreaterThan(3);
    expect(evaluation.foldProducts).toHaveLength(foldNames.length);
    const text = categoryTables(evaluation);
    expect(text).toMatch(/locked fold: product names\s+\d+/);
    expect(text).toContain('in-sample');
    expect(text).toContain('held out: kruoka2020');
    expect(text).toMatch(/band\s+fold names\s+fold accuracy/);
    for (const name of foldNames) expect(text).not.toContain(name);
  });
});
