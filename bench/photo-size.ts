// The size and JPEG qualities a photo is prepared with in the browser before upload
// (src/widget/api/prepare-photo.ts), chosen by measurement: each labelled photo is prepared by
// that module's own code in real Chromium (no emulation: the bytes are the browser's), and the
// original and every prepared file are read by the server's pipeline (offline reader, no OCR
// time limit, so the readings repeat) and scored against their labels. Prints item F1, price
// and category accuracy and bytes per corpus and candidate, and for the first candidate each
// photo above 4 MP: its bytes before and after, the quality chosen and the fall.
//   node bench/photo-size.ts [--sizes 1000@0.7/0.5/0.4/0.3,1000@0.7] [--only text] [--verbose]
// A candidate is a short side and the qualities tried in turn (side@q1/q2/...); without @ the
// module's own qualities.
//   --bytes-only skips the reading (fast: a first look at the bytes of many sizes and qualities).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS, REPO_ROOT, SHARED_RECEIPTS } from '../scripts/paths.ts';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import ts from 'typescript';
import { loadCorpus, type CorpusEntry } from '../scripts/eval/corpus.ts';
import { createEvalPipeline, describeFailure, toPrediction } from '../scripts/eval/run.ts';
import { failedReceipt, scoreReceipt, summarize, type ReceiptScore } from '../scripts/eval/score.ts';
import { formatTable, percent, type Cell } from '../scripts/eval/table.ts';
import { CHROMIUM_ARGS, findChromium } from '../test/e2e/support/chromium.ts';
import type { Pipeline } from '../src/server/pipeline/index.ts';
import { PHOTO_JPEG_QUALITIES, PHOTO_SHORT_SIDE, type PhotoLimits } from '../src/widget/api/prepare-photo.ts';

const CORPORA = [
  { name: 'real photos (../shared/data)', root: SHARED_RECEIPTS },
  { name: 'committed photos and scans', root: FIXTURE_RECEIPTS },
];
/**
 * Camera photos (JPEG) above this many pixels must lose at least 70 % of their bytes. A PNG is
 * a scan or a screenshot: its lossless text is often smaller than any JPEG of it, and then the
 * module sends it as it is.
 */
const LARGE_PIXELS = 4_000_000;
const isLargePhoto = (row: { file: string; pixels: number }): boolean => row.pixels > LARGE_PIXELS && /\.jpe?g$/i.test(row.file);

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: `${PHOTO_SHORT_SIDE},${PHOTO_SHORT_SIDE}@0.7,${PHOTO_SHORT_SIDE}@0.3` },
    only: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'bytes-only': { type: 'boolean', default: false },
  },
});
/** Candidates by name ('1000' or '1000@0.7/0.5'), each a short side and the qualities tried in turn. */
const sizes = args.sizes.split(',');
const limitsOf = (candidate: string): PhotoLimits => {
  const [side, own] = candidate.split('@');
  return { shortSide: Number(side), qualities: own === undefined ? PHOTO_JPEG_QUALITIES : own.split('/').map(Number) };
};
const candidateName = (candidate: string): string =>
  `${candidate.split('@')[0]} px @ ${limitsOf(candidate).qualities.join('/')}`;

interface Prepared {
  /** The module's answer; null when it sent the original. */
  bytes: Buffer | null;
  ms: number;
}

/** The widget module, compiled as it is, loaded into a blank page of real Chromium. */
async function openBrowser() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium at CHROMIUM_PATH or /usr/bin/chromium.');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const source = readFileSync(join(REPO_ROOT, 'src/widget/api/prepare-photo.ts'), 'utf8');
  const code = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  await page.evaluate(async (moduleCode) => {
    const url = URL.createObjectURL(new Blob([moduleCode], { type: 'text/javascript' }));
    (window as unknown as { prepareModule: unknown }).prepareModule = await import(url);
  }, code);
  async function prepare(bytes: Buffer, name: string, type: string, limits: PhotoLimits): Promise<Prepared> {
    const answer = await page.evaluate(
      async ({ base64, name, type, limits }) => {
        const module = (window as unknown as { prepareModule: { preparePhoto: (file: File, limits: object) => Promise<File> } }).prepareModule;
        const file = new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type });
        const started = performance.now();
        const out = await module.preparePhoto(file, limits);
        const ms = performance.now() - started;
        if (out === file) return { base64: null, ms };
        const raw = new Uint8Array(await out.arrayBuffer());
        let binary = '';
        for (let i = 0; i < raw.length; i += 0x8000) binary += String.fromCharCode(...raw.subarray(i, i + 0x8000));
        return { base64: btoa(binary), ms };
      },
      { base64: bytes.toString('base64'), name, type, limits },
    );
    return { bytes: answer.base64 === null ? null : Buffer.from(answer.base64, 'base64'), ms: answer.ms };
  }
  return { prepare, close: () => browser.close() };
}

async function read(pipeline: Pipeline, entry: CorpusEntry, bytes: Buffer): Promise<ReceiptScore> {
  if (args['bytes-only']) return failedReceipt(entry.label, 0, 'not read (--bytes-only)', false);
  const started = performance.now();
  try {
    const result = await pipeline.analyzeFile(bytes, 'image');
    return scoreReceipt(entry.label, toPrediction(result), performance.now() - started);
  } catch (error) {
    const failure = describeFailure(error);
    return failedReceipt(entry.label, performance.now() - started, failure.message, failure.crashed);
  }
}

interface Row {
  corpus: string;
  file: string;
  pixels: number;
  bytes: number;
  score: ReceiptScore;
  bySize: Map<string, { bytes: number; score: ReceiptScore; ms: number; sent: boolean }>;
  /** The quality the first candidate ended at; null when it sent the original. */
  chosenQuality: number | null;
}

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

const browser = await openBrowser();
const pipeline = createEvalPipeline(process.env, { rereads: 'unlimited' });
if (!args['bytes-only']) await pipeline.ready();
const rows: Row[] = [];
try {
  for (const corpus of CORPORA) {
    const entries = loadCorpus(corpus.root).filter((e) => e.kind === 'image' && (!args.only || e.path.includes(args.only)));
    for (const entry of entries) {
      const bytes = readFileSync(entry.path);
      const meta = await sharp(bytes).metadata();
      const file = entry.path.split('/').pop() ?? entry.path;
      const row: Row = {
        corpus: corpus.name,
        file,
        pixels: (meta.width ?? 0) * (meta.height ?? 0),
        bytes: bytes.length,
        score: await read(pipeline, entry, bytes),
        bySize: new Map(),
        chosenQuality: null,
      };
      const type = MIME[file.split('.').pop()?.toLowerCase() ?? ''] ?? 'image/jpeg';
      for (const size of sizes) {
        const prepared = await browser.prepare(bytes, file, type, limitsOf(size));
        // The original went as it was: its reading is the original's.
        row.bySize.set(
          size,
          prepared.bytes === null
            ? { bytes: bytes.length, score: row.score, ms: prepared.ms, sent: false }
            : { bytes: prepared.bytes.length, score: await read(pipeline, entry, prepared.bytes), ms: prepared.ms, sent: true },
        );
      }
      // The encoder is deterministic: the quality chosen is the one whose file alone is the same.
      const chosen = row.bySize.get(sizes[0]!);
      if (chosen?.sent) {
        const { shortSide, qualities } = limitsOf(sizes[0]!);
        for (const q of qualities) {
          const alone = await browser.prepare(bytes, file, type, { shortSide, qualities: [q] });
          if (alone.bytes?.length === chosen.bytes) row.chosenQuality = q;
        }
      }
      rows.push(row);
      console.error(`${file}: ${[row.score, ...[...row.bySize.values()].map((s) => s.score)].map((s) => `${s.matched}/${s.labelled}`).join(' ')}`);
    }
  }
} finally {
  await browser.close();
  await pipeline.close();
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;

function summaryRow(label: string, group: Row[], pick: (row: Row) => { bytes: number; score: ReceiptScore }): Cell[] {
  const summary = summarize(group.map((row) => pick(row).score));
  const large = group.filter(isLargePhoto);
  const before = large.reduce((sum, row) => sum + row.bytes, 0);
  const after = large.reduce((sum, row) => sum + pick(row).bytes, 0);
  const worst = large.length === 0 ? null : Math.min(...large.map((row) => 1 - pick(row).bytes / row.bytes));
  return [
    label,
    group.length,
    summary.f1,
    summary.priceAccuracy,
    summary.categoryAccuracy,
    kb(group.reduce((sum, row) => sum + pick(row).bytes, 0)),
    large.length,
    large.length === 0 ? '–' : `${kb(before)} → ${kb(after)}`,
    large.length === 0 ? '–' : percent(1 - after / before),
    percent(worst),
  ];
}

for (const corpus of CORPORA) {
  const group = rows.filter((row) => row.corpus === corpus.name);
  if (group.length === 0) continue;
  console.log(`\n${corpus.name}: prepared in Chromium by the widget's module, read by the server's pipeline (no OCR time limit)`);
  console.log(
    formatTable(
      ['short side @ qualities', 'photos', 'item F1', 'price acc', 'category acc', 'bytes, all', 'JPEG > 4 MP', 'their bytes', 'fewer', 'fewer, worst'],
      [
        summaryRow('original', group, (row) => row),
        ...sizes.map((size) => summaryRow(candidateName(size), group, (row) => row.bySize.get(size) ?? row)),
      ],
    ),
  );
  const large = group.filter((row) => row.pixels > LARGE_PIXELS);
  if (large.length > 0) {
    console.log(`\nPhotos above 4 MP, ${candidateName(sizes[0]!)}:`);
    console.log(
      formatTable(
        ['file', 'MP', 'bytes before', 'bytes after', 'quality', 'fewer', 'items before', 'items after', 'prices before', 'prices after'],
        large.map((row) => {
          const s = row.bySize.get(sizes[0]!)!;
          return [
            row.file.slice(0, 48),
            (row.pixels / 1e6).toFixed(1),
            row.bytes,
            s.sent ? s.bytes : 'as is',
            s.sent ? row.chosenQuality : '–',
            percent(1 - s.bytes / row.bytes),
            `${row.score.matched}/${row.score.labelled}`,
            `${s.score.matched}/${s.score.labelled}`,
            `${row.score.priceRight}/${row.score.nameMatched}`,
            `${s.score.priceRight}/${s.score.nameMatched}`,
          ];
        }),
      ),
    );
  }
  if (args.verbose) {
    console.log(
      formatTable(
        ['file', 'MP', 'bytes', 'items', 'prices', 'categories', ...sizes.flatMap((size) => [`${size} bytes`, `${size} items`, `${size} prices`, `${size} categories`, `${size} ms`])],
        group.map((row) => [
          row.file.slice(0, 48),
          (row.pixels / 1e6).toFixed(1),
          kb(row.bytes),
          `${row.score.matched}/${row.score.labelled}`,
          `${row.score.priceRight}/${row.score.nameMatched}`,
          `${row.score.categoryRight}/${row.score.matched}`,
          ...sizes.flatMap((size) => {
            const s = row.bySize.get(size);
            return s
              ? [
                  s.sent ? kb(s.bytes) : 'as is',
                  `${s.score.matched}/${s.score.labelled}`,
                  `${s.score.priceRight}/${s.score.nameMatched}`,
                  `${s.score.categoryRight}/${s.score.matched}`,
                  Math.round(s.ms),
                ]
              : ['', '', '', '', ''];
          }),
        ]),
      ),
    );
    // A misread letter can move an item to another category: which ones moved, and where.
    for (const row of group) {
      const before = new Set(row.score.wrongCategory.map((wrong) => wrong.name));
      for (const [size, s] of row.bySize) {
        for (const wrong of s.score.wrongCategory.filter((w) => !before.has(w.name))) {
          console.log(`  ${row.file.slice(0, 48)} ${size}: "${wrong.name}" ${wrong.labelled} → ${wrong.predicted} (right in the original)`);
        }
      }
    }
  }
}
