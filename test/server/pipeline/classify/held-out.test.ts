// The held-out evaluation really holds each source out: a brand known only from one source
// cannot be learnt when that source is the one tested.
import { describe, expect, it } from 'vitest';
import type { CategoryName } from '../../../../src/contract.ts';
import { evaluateHeldOut, heldOutTables } from '../../../../scripts/eval/held-out.ts';
import type { TrainingName } from '../../../../scripts/data/model/train.ts';

const from = (source: string, category: CategoryName, names: string[]): TrainingName[] => names.map((name) => ({ name, category, source }));

describe('evaluation held out by source', () => {
  const samples = [
    ...from('kruoka2020', 'Fish', ['Zandrik savustettu 200g', 'Zandrik graavattu 150g', 'Zandrik marinoitu 300g']),
    ...from('skaupat2025', 'Dairy', ['Quorvell luomu 1l', 'Quorvell rasvaton 1l', 'Quorvell laktoositon 1l']),
  ];
  const scored = evaluateHeldOut(samples);

  it('tests each source on a model trained without it', () => {
    expect(scored).toHaveLength(6);
    for (const row of scored) expect(row.modelAlone, row.name).not.toBe(row.category);
  });

  it('prints held-out beside in-sample, per source and per category', () => {
    const text = heldOutTables(scored);
    expect(text).toMatch(/held out\s+in-sample/);
    expect(text).toContain('kruoka2020');
    expect(text).toContain('Fish');
  });
});
