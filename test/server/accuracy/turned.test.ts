// Receipts photographed or scanned turned, tilted or in parts read as their upright twins: the
// committed turned corpus (test/fixtures/receipts/turned: photos turned 90, 180 and 270 degrees
// with no orientation metadata, photos tilted 12, 15, -13 and -15 degrees (two on light tables),
// a photo tilted 10 degrees and turned 90 on a table lit from the receipt's foot, scans turned a
// quarter on a landscape page, as a JPEG of the turned picture or as the upright one drawn
// turned) beside the upright photos and scans they were rendered with, and the long
// receipts scanned as two and three overlapping pages of one PDF. Read without the time limit
// on reading again, so a busy machine cannot change the result.
// `npm run eval -- --turned` turns every photo and scan of a corpus each way and reports the same.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, type CorpusEntry } from '../../../scripts/eval/corpus.ts';
import { FLOORS } from '../../../scripts/eval/floors.ts';
import { createEvalPipeline, runEntry, type EvalPipeline } from '../../../scripts/eval/run.ts';
import { summarize } from '../../../scripts/eval/score.ts';
import { readsAsTwin, TURNED_F1_TOLERANCE } from '../../../scripts/eval/turned.ts';
import { RENDERS, TURNED_RENDERS, turnedName, twinLabelName } from '../../../scripts/fixtures/receipts/index.ts';
import { FIXTURE_RECEIPTS } from '../../../scripts/paths.ts';

const upright = loadCorpus(FIXTURE_RECEIPTS);
const turned = loadCorpus(join(FIXTURE_RECEIPTS, 'turned'));
const multiPage = upright.filter((e) => e.kind === 'pdf' && /--scan-\d-pages\.json$/.test(e.name));

function named(entries: readonly CorpusEntry[], name: string): CorpusEntry {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`No label ${name}`);
  return entry;
}

let pipeline: EvalPipeline;

beforeAll(async () => {
  pipeline = createEvalPipeline(process.env, { rereads: 'unlimited' });
  await pipeline.ready();
});

afterAll(async () => {
  await pipeline?.close();
});

describe('turned, tilted and multi-page receipts', () => {
  it('the turned corpus holds every turned render, each beside its upright twin', () => {
    expect(turned.map((e) => e.name).sort()).toEqual(TURNED_RENDERS.map((r) => `${turnedName(r)}.json`).sort());
    expect(TURNED_RENDERS.filter((r) => r.turn).map((r) => r.turn).sort()).toEqual(expect.arrayContaining([90, 180, 270]));
    for (const render of TURNED_RENDERS) expect(upright.some((e) => e.name === twinLabelName(render)), turnedName(render)).toBe(true);
  });

  it(`reads each turned or tilted photo and scan as its upright twin: item F1 within ${TURNED_F1_TOLERANCE}, the same total, never refused`, { timeout: 600_000 }, async () => {
    const misses: string[] = [];
    const twins = new Map<string, Awaited<ReturnType<typeof runEntry>>>();
    for (const render of TURNED_RENDERS) {
      const twinName = twinLabelName(render);
      const twin = twins.get(twinName) ?? (await runEntry(pipeline, named(upright, twinName)));
      twins.set(twinName, twin);
      const entry = named(turned, `${turnedName(render)}.json`);
      const result = await runEntry(pipeline, entry);
      const comparison = { entry, as: render.kind === 'image' ? ('image' as const) : ('pdf' as const), turn: render.turn ?? 90, turned: result, upright: twin };
      const f1 = (r: typeof result) => summarize([r.score]).f1.toFixed(3);
      if (!readsAsTwin(comparison)) misses.push(`${entry.name}: F1 ${f1(result)} (twin ${f1(twin)}), total ${String(result.score.totalFound)} (twin ${String(twin.score.totalFound)}) ${result.score.error ?? ''}`);
    }
    expect(misses).toEqual([]);
  });

  it('reads a long receipt scanned as two or three overlapping pages as one receipt: its total, no item twice', { timeout: 300_000 }, async () => {
    expect(multiPage.map((e) => e.name).sort()).toEqual(RENDERS.filter((r) => r.kind === 'pdf-scan-parts').map((r) => `${r.id}--scan-${'parts' in r ? r.parts : 0}-pages.json`).sort());
    for (const entry of multiPage) {
      const { score } = await runEntry(pipeline, entry);
      const detail = `${entry.name}: ${score.matched}/${score.labelled} items, predicted ${score.predicted}, total ${String(score.totalFound)}`;
      expect(score.totalFound, detail).toBe(true);
      // An item read twice would be predicted beyond the labelled ones.
      expect(score.predicted, detail).toBeLessThanOrEqual(score.labelled);
      expect(summarize([score]).f1, detail).toBeGreaterThanOrEqual(FLOORS['pdf-scan']?.f1 ?? 1);
    }
  });
});
