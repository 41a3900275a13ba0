// Floors on the labelled real receipts in ../shared/data/receipts (read in place, never copied),
// scored by the eval harness (scripts/eval), the one scorer: their texts and the pdftotext
// text of their PDFs through the real pipeline. Skipped, with one loud line, when that folder is absent.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCorpus, type CorpusEntry } from '../../../../scripts/eval/corpus.ts';
import { createEvalPipeline, runEntries } from '../../../../scripts/eval/run.ts';
import { summarize } from '../../../../scripts/eval/score.ts';
import { SHARED_RECEIPTS, sharedDataPresent } from '../../../../scripts/paths.ts';

const present = sharedDataPresent(join(SHARED_RECEIPTS, 'labels'), 'parser floors on the real receipt texts');

describe.skipIf(!present)('real receipts (../shared/data/receipts)', () => {
  const corpus = present ? loadCorpus(SHARED_RECEIPTS) : [];
  const byKind = { text: corpus.filter((e) => e.kind === 'text'), text_from_pdf: corpus.filter((e) => e.kind === 'pdf-as-text') };
  // Texts need no OCR worker, so the pipeline's workers are never started.
  const pipeline = createEvalPipeline(process.env);
  afterAll(() => pipeline.close());

  const scores = async (entries: readonly CorpusEntry[]) =>
    (await runEntries(pipeline, entries)).map((r) => ({ name: r.entry.name, score: r.score }));

  it.each(['text', 'text_from_pdf'] as const)('%s/: item F1 ≥ 0.97 and printed total found ≥ 0.95', async (kind) => {
    const results = await scores(byKind[kind]);
    expect(results.length).toBeGreaterThan(0);
    const { f1, totalFound } = summarize(results.map((r) => r.score));
    expect(f1).toBeGreaterThanOrEqual(0.97);
    expect(totalFound).toBeGreaterThanOrEqual(0.95);
  });

  it('no text or PDF receipt falls far behind (per-file F1 ≥ 0.9)', async () => {
    const results = await scores([...byKind.text, ...byKind.text_from_pdf]);
    const weak = results.filter((r) => (2 * r.score.matched) / Math.max(1, r.score.labelled + r.score.predicted) < 0.9).map((r) => r.name);
    expect(weak).toEqual([]);
  });
});
