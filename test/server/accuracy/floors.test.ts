// Accuracy floors on the committed corpus, through the real pipeline, so reading quality
// cannot silently fall: receipt texts and text-layer PDFs (item F1, printed total found,
// category accuracy), the scanned PDFs and a few photos (item F1; OCR is slow, so six images of
// different damage). Photos are read without the time limit on reading again, so a busy machine
// cannot change the result. Floors live in scripts/eval/floors.ts;
// `npm run eval -- --fixtures --no-time-limit` prints the same numbers for the whole corpus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, type CorpusEntry } from '../../../scripts/eval/corpus.ts';
import { FLOORS } from '../../../scripts/eval/floors.ts';
import { createEvalPipeline, runEntries, type EntryResult, type EvalPipeline } from '../../../scripts/eval/run.ts';
import { summarize } from '../../../scripts/eval/score.ts';
import { FIXTURE_RECEIPTS } from '../../../scripts/paths.ts';

const ROOT = FIXTURE_RECEIPTS;
const corpus = loadCorpus(ROOT);
const texts = corpus.filter((e) => e.kind === 'text');
// Image-only PDFs are scans: OCR reads them, and they are not what the text-layer floor is about.
const isScan = (e: CorpusEntry) => e.label.notes.includes('no text layer');
const textLayerPdfs = corpus.filter((e) => e.kind === 'pdf' && !isScan(e));
const scannedPdfs = corpus.filter((e) => e.kind === 'pdf' && isScan(e));
/** A clean scan, a skewed scan and four phone photos (table, shadow, heavy JPEG, narrow paper). */
const PHOTO_SET = [
  'k-market-kalevanrinne-2023-05-16--clean-scan.json',
  'k-market-kivisto-2025-02-14--scan-skewed.json',
  'k-supermarket-kamppi-2024-10-03--phone-table.json',
  's-market-hervanta-2025-05-05--phone-shadow.json',
  'sale-kaleva-2024-01-20--phone-compressed.json',
  'r-kioski-rautatientori-2025-08-29--phone-narrow-paper.json',
];
const photos = corpus.filter((e) => e.kind === 'image' && PHOTO_SET.includes(e.name));

let pipeline: EvalPipeline;

beforeAll(async () => {
  // Every photo that does not add up is read in full: a busy machine cannot change what is read.
  pipeline = createEvalPipeline(process.env, { rereads: 'unlimited' });
  await pipeline.ready();
});

afterAll(async () => {
  await pipeline?.close();
});

/** Failure message naming the receipts that missed items, so a drop points at its cause. */
function misses(results: readonly EntryResult[]): string {
  const lines = results
    .filter((r) => r.score.matched < r.score.labelled || r.score.matched < r.score.predicted || r.score.totalFound === false)
    .map((r) => `${r.entry.name}: ${r.score.matched}/${r.score.labelled} items, predicted ${r.score.predicted}, total ${r.score.totalFound ? 'found' : 'missed'}${r.score.error ? `, ${r.score.error}` : ''}`);
  return lines.length > 8 ? [...lines.slice(0, 8), `… and ${lines.length - 8} more`].join('\n') : lines.join('\n');
}

async function holdsFloors(kind: 'text' | 'pdf' | 'pdf-scan' | 'image', entries: readonly CorpusEntry[]): Promise<EntryResult[]> {
  const floor = FLOORS[kind] ?? {};
  const results = await runEntries(pipeline, entries);
  const summary = summarize(results.map((r) => r.score));
  const detail = misses(results);
  expect(summary.f1, detail).toBeGreaterThanOrEqual(floor.f1 ?? 0);
  expect(summary.totalFound ?? 0, detail).toBeGreaterThanOrEqual(floor.totalFound ?? 0);
  expect(summary.categoryAccuracy ?? 0, detail).toBeGreaterThanOrEqual(floor.categoryAccuracy ?? 0);
  return results;
}

describe('accuracy floors on the committed corpus', () => {
  it('reads receipt texts', async () => {
    expect(texts.length).toBeGreaterThanOrEqual(30);
    await holdsFloors('text', texts);
  });

  it('reads text-layer PDFs', async () => {
    expect(textLayerPdfs.length).toBeGreaterThanOrEqual(5);
    await holdsFloors('pdf', textLayerPdfs);
  });

  it('reads the scanned PDFs, which have no text layer, with OCR', { timeout: 120_000 }, async () => {
    expect(scannedPdfs.length).toBeGreaterThanOrEqual(2);
    const results = await holdsFloors('pdf-scan', scannedPdfs);
    expect(results.map((r) => r.method)).toEqual(scannedPdfs.map(() => 'pdf-ocr'));
  });

  it('reads six receipt photos and scans', { timeout: 180_000 }, async () => {
    expect(photos.map((p) => p.name).sort()).toEqual([...PHOTO_SET].sort());
    await holdsFloors('image', photos);
  });

  it('reads a Lidl photo whose prices stand half a line above their names, each price with its own name', { timeout: 120_000 }, async () => {
    // Tilted so that its price column rises further still; read as printed, every price but one
    // was paired with the name above its own (1 of 10 items).
    const lidl = corpus.filter((e) => e.kind === 'image' && e.name === 'lidl-oulu-limingantulli-2026-01-10--phone-price-raised.json');
    expect(lidl).toHaveLength(1);
    const [result] = await runEntries(pipeline, lidl);
    expect(result?.score.labelled).toBe(10);
    expect(result?.score.matched, misses(result ? [result] : [])).toBeGreaterThanOrEqual(9);
    expect(result?.score.predicted).toBeLessThanOrEqual(10);
    expect(result?.score.totalFound).toBe(true);
  });
});
