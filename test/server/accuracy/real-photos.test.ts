// The real receipt photos beside the repository (../shared/data/receipts/images), read by the
// offline pipeline as a visitor's photo is: the item F1 the reader promises for real photos, and
// no photo read so badly it is worse than nothing. Read without the time limit on reading again,
// so a busy machine cannot change the result. Skipped loudly where the data is absent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../scripts/eval/corpus.ts';
import { REAL_PHOTO_FLOOR } from '../../../scripts/eval/floors.ts';
import { createEvalPipeline, runEntries, type EvalPipeline } from '../../../scripts/eval/run.ts';
import { summarize } from '../../../scripts/eval/score.ts';
import { SHARED_RECEIPTS, sharedDataPresent } from '../../../scripts/paths.ts';

const present = sharedDataPresent(SHARED_RECEIPTS, 'the real receipt photos are read to their floor');
const photos = present ? loadCorpus(SHARED_RECEIPTS).filter((entry) => entry.kind === 'image') : [];

let pipeline: EvalPipeline;

describe.skipIf(!present)('real receipt photos (../shared/data/receipts/images)', () => {
  beforeAll(async () => {
    pipeline = createEvalPipeline(process.env, { rereads: 'unlimited' });
    await pipeline.ready();
  });

  afterAll(async () => {
    await pipeline?.close();
  });

  it('read to item F1 0,95 with no photo below 0,5', { timeout: 300_000 }, async () => {
    expect(photos.length).toBeGreaterThanOrEqual(14);
    const results = await runEntries(pipeline, photos);
    const scores = results.map((r) => r.score);
    const perPhoto = results.map((r) => `${r.entry.name}: ${r.score.matched}/${r.score.labelled} items, predicted ${r.score.predicted}`).join('\n');
    expect(summarize(scores).f1, perPhoto).toBeGreaterThanOrEqual(REAL_PHOTO_FLOOR.f1);
    for (const r of results) expect(summarize([r.score]).f1, r.entry.name).toBeGreaterThanOrEqual(REAL_PHOTO_FLOOR.perPhotoF1);
  });
});
