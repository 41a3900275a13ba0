// Photo readers side by side on labelled photos: item F1, price accuracy, median time per photo,
// and the OCR confidence each photo got. One photo at a time, one worker, so the times compare.
//   node bench/photo-readers.ts [--corpus DIR ...] [--only SUBSTRING] [--method NAME ...] [--per-photo]
// `tesseract@PIXELS` is the product's reader with another budget for reading again (pixels of page read).
// Default corpora: ../shared/data/receipts (real photos, when present) and the project's own
// degraded photos in test/fixtures/receipts. Methods: `tesseract` (the product's reader, with its
// time limit on reading again), `tesseract-full` (without it), `paddle` (PaddleOCR's PP-OCRv4
// text-line detector and recogniser run by onnxruntime-node, through @gutenye/ocr-node, on the
// same prepared page: cropped to the paper, scaled, tone evened), `tesseract+paddle` (the
// product's reader, then PaddleOCR where that does not add up), `tesseract+digits` (the
// product's reader, then a digits-only reading of the price column where the result does not add
// up; measured and not kept, see src/server/pipeline/ocr/README.md). The product does not depend on
// @gutenye/ocr-node; install it anywhere (`npm install @gutenye/ocr-node --ignore-scripts` in an
// empty folder: onnxruntime-node's CPU library ships in its package) and pass --paddle-from DIR.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FIXTURE_RECEIPTS, REPO_ROOT, SHARED_RECEIPTS } from '../scripts/paths.ts';
import { parseArgs } from 'node:util';
import { loadCorpus, type CorpusEntry } from '../scripts/eval/corpus.ts';
import { scoreReceipt, summarize, type ReceiptScore } from '../scripts/eval/score.ts';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { detectKind } from '../src/server/pipeline/decode/detect.ts';
import { preparePaper } from '../src/server/pipeline/decode/image.ts';
import { createExtractor, DEFAULT_REREAD_WITHIN_PIXELS } from '../src/server/pipeline/extract/index.ts';
import { median } from '../src/server/pipeline/median.ts';
import { readPasses, readReceiptText } from '../src/server/pipeline/read/index.ts';
import type { ParsedReceipt } from '../src/server/pipeline/types.ts';
import { checkReading } from '../src/server/pipeline/read/choose.ts';
import { startWorker } from '../src/server/pipeline/ocr/tesseract.ts';
import { loadTrainedData } from '../src/server/pipeline/ocr/trained-data.ts';
import { PSM, type Worker } from 'tesseract.js';


export interface PhotoReading {
  text: string;
  confidence: number | null;
  /** The receipt the method read, when it is more than its text parsed (the product's merged passes). */
  receipt?: ParsedReceipt;
}

export interface PhotoMethod {
  name: string;
  ready(): Promise<void>;
  read(bytes: Buffer): Promise<PhotoReading>;
  close(): Promise<void>;
}

function tesseract(name: string, rereadWithinPixels: number): PhotoMethod {
  const extractor = createExtractor({
    ocrWorkers: 1,
    maxQueue: 4,
    ocrTimeoutMs: 120_000,
    maxPixels: 50_000_000,
    maxPdfPages: 5,
    ocrRereadWithinPixels: rereadWithinPixels,
    log: () => {},
  });
  return {
    name,
    ready: () => extractor.ready(),
    async read(bytes) {
      const { pass, receipt } = await readPasses(extractor.extract(bytes));
      return { text: pass.text, confidence: pass.ocrConfidence ?? null, receipt };
    },
    close: () => extractor.close(),
  };
}

interface PaddleLine {
  text: string;
  mean: number;
  box?: number[][];
}

interface PaddleOcr {
  detect(image: Buffer | string): Promise<PaddleLine[]>;
}

/** PaddleOCR (detector + recogniser) on the page the product prepares for Tesseract. */
function paddle(from: string): PhotoMethod {
  let ocr: PaddleOcr | null = null;
  return {
    name: 'paddle',
    async ready() {
      const require = createRequire(join(resolve(from), 'package.json'));
      // Loaded from outside the project on purpose: it is measured, not depended on.
      const module = (await import(pathToFileURL(require.resolve('@gutenye/ocr-node')).href)) as { default: { create(): Promise<PaddleOcr> } };
      ocr = await module.default.create();
    },
    async read(bytes) {
      if (!ocr) throw new Error('not ready');
      const kind = detectKind(bytes);
      if (!kind || kind === 'pdf') throw new Error('not a photo');
      const paper = await preparePaper({ bytes, kind }, { maxPixels: 50_000_000 });
      const png = await sharp(paper.data, { raw: { width: paper.width, height: paper.height, channels: 1 } }).png().toBuffer();
      // sharp, which it opens the image with, takes bytes as well as a path.
      const lines = await ocr.detect(png);
      const top = (line: PaddleLine) => Math.min(...(line.box ?? [[0, 0]]).map((point) => point[1] ?? 0));
      const sorted = [...lines].sort((a, b) => top(a) - top(b));
      const mean = lines.length ? lines.reduce((sum, line) => sum + line.mean, 0) / lines.length : 0;
      return { text: sorted.map((line) => line.text).join('\n'), confidence: Math.round(mean * 100) };
    },
    close: async () => {},
  };
}

const AMOUNT = /-?\d{1,4}[,.]\d\d(?!\d)/g;
const toCents = (token: string) => Math.round(Number(token.replace(',', '.')) * 100);
const written = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

function oneDigitApart(a: number, b: number): boolean {
  const x = String(a).padStart(3, '0');
  const y = String(b).padStart(3, '0');
  return x.length === y.length && [...x].filter((c, k) => c !== y[k]).length === 1;
}

/**
 * The item prices paired with the digits-only amounts in order (top to bottom), as an edit
 * alignment: equal amounts cost 0, one digit apart 1, a line only one side read 1. Returns the
 * pairs that differ by one digit: [item index, amount read digits-only].
 */
function alignedDifferences(items: readonly number[], digits: readonly number[]): [number, number][] {
  const n = items.length;
  const m = digits.length;
  const cost = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const pairCost = (a: number, b: number) => (a === b ? 0 : oneDigitApart(a, b) ? 1 : Infinity);
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      cost[i]![j] = Math.min(cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1, cost[i - 1]![j - 1]! + pairCost(items[i - 1]!, digits[j - 1]!));
  const out: [number, number][] = [];
  for (let i = n, j = m; i > 0 && j > 0; ) {
    const here = cost[i]![j]!;
    const diagonal = cost[i - 1]![j - 1]! + pairCost(items[i - 1]!, digits[j - 1]!);
    if (here === diagonal) {
      if (items[i - 1] !== digits[j - 1]) out.push([i - 1, digits[j - 1]!]);
      i--;
      j--;
    } else if (here === cost[i - 1]![j]! + 1) i--;
    else j--;
  }
  return out;
}

/**
 * The product's reader, then, when its reading does not add up, the price column (the right
 * 45 % of the prepared paper, scaled 2×) read again with digits only (PSM 4, whitelist
 * `0123456789,.-`). A price it reads one digit apart from the first reading, at the same place
 * in the order of lines, replaces it only when the receipt then adds up to its printed total,
 * and only when exactly one such replacement does. Measured without the budget for reading
 * again (a ceiling of what it could add).
 */
function digitsRereading(): PhotoMethod {
  const product = tesseract('digits', DEFAULT_REREAD_WITHIN_PIXELS);
  let worker: Worker | null = null;
  return {
    name: 'tesseract+digits',
    async ready() {
      await product.ready();
      worker = await startWorker({ trainedData: await loadTrainedData(['fin']), timeoutMs: 60_000, onError: () => {} });
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_COLUMN, tessedit_char_whitelist: '0123456789,.-' });
    },
    async read(bytes) {
      const reading = await product.read(bytes);
      const parsed = reading.receipt ?? readReceiptText(reading.text);
      if (!worker || checkReading(parsed).reconciles || parsed.printedTotal === null) return reading;
      const kind = detectKind(bytes);
      if (!kind || kind === 'pdf') return reading;
      const paper = await preparePaper({ bytes, kind }, { maxPixels: 50_000_000 });
      const left = Math.round(paper.width * 0.55);
      const png = await sharp(paper.data, { raw: { width: paper.width, height: paper.height, channels: 1 } })
        .extract({ left, top: 0, width: paper.width - left, height: paper.height })
        .resize({ width: 2 * (paper.width - left), kernel: 'cubic' })
        .png()
        .toBuffer();
      const { data } = await worker.recognize(png, {}, { text: true });
      const digits = [...data.text.matchAll(AMOUNT)].map((match) => toCents(match[0])).filter((cents) => cents > 0);
      const prices = parsed.items.map((item) => Math.round(item.price * 100));
      const repaired: string[] = [];
      for (const [index, cents] of alignedDifferences(prices, digits)) {
        const was = prices[index]!;
        const token = new RegExp(`(?<![\\d,.])${Math.floor(was / 100)}[,.]${String(was % 100).padStart(2, '0')}(?!\\d)`, 'g');
        for (const match of reading.text.matchAll(token)) {
          const text = reading.text.slice(0, match.index) + written(cents) + reading.text.slice(match.index + match[0].length);
          if (checkReading(readReceiptText(text)).reconciles) repaired.push(text);
        }
      }
      return repaired.length === 1 ? { text: repaired[0]!, confidence: reading.confidence } : reading;
    },
    async close() {
      await worker?.terminate();
      await product.close();
    },
  };
}

/**
 * The product's reader, then PaddleOCR where its result does not add up: Paddle's reading is
 * taken only when it adds up to its printed total. Measured, not kept (see ocr/README.md).
 */
function paddleFallback(from: string): PhotoMethod {
  const product = tesseract('tesseract+paddle', DEFAULT_REREAD_WITHIN_PIXELS);
  const fallback = paddle(from);
  return {
    name: 'tesseract+paddle',
    async ready() {
      await Promise.all([product.ready(), fallback.ready()]);
    },
    async read(bytes) {
      const reading = await product.read(bytes);
      if (checkReading(reading.receipt ?? readReceiptText(reading.text)).reconciles) return reading;
      const other = await fallback.read(bytes);
      return checkReading(readReceiptText(other.text)).reconciles ? other : reading;
    },
    async close() {
      await Promise.all([product.close(), fallback.close()]);
    },
  };
}

export const METHODS: Record<string, (options: { paddleFrom: string }) => PhotoMethod> = {
  tesseract: () => tesseract('tesseract', DEFAULT_REREAD_WITHIN_PIXELS),
  'tesseract-full': () => tesseract('tesseract-full', Infinity),
  'tesseract+digits': () => digitsRereading(),
  paddle: ({ paddleFrom }) => paddle(paddleFrom),
  'tesseract+paddle': ({ paddleFrom }) => paddleFallback(paddleFrom),
};

interface Row {
  entry: CorpusEntry;
  score: ReceiptScore;
  ms: number;
  confidence: number | null;
}

async function run(method: PhotoMethod, entries: readonly CorpusEntry[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const entry of entries) {
    const bytes = readFileSync(entry.path);
    const started = performance.now();
    let reading: PhotoReading = { text: '', confidence: null };
    let error: string | null = null;
    try {
      reading = await method.read(bytes);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const ms = performance.now() - started;
    const parsed = reading.receipt ?? readReceiptText(reading.text);
    const items = parsed.items.map((item) => ({ name: item.name, price: item.price, category: 'Other', weight: 0 }));
    const score = scoreReceipt(entry.label, { items, total: parsed.printedTotal }, ms);
    rows.push({ entry, score: error ? { ...score, error } : score, ms, confidence: reading.confidence });
  }
  return rows;
}

/** The public source a real photo came from: the part of its name before `__`. */
function sourceOf(name: string): string | null {
  const at = name.indexOf('__');
  return at > 0 ? name.slice(0, at) : null;
}

function line(cells: (string | number)[]): string {
  return cells.map((cell) => String(cell)).join('  ');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', multiple: true },
      only: { type: 'string' },
      method: { type: 'string', multiple: true },
      'per-photo': { type: 'boolean', default: false },
      'paddle-from': { type: 'string', default: REPO_ROOT },
    },
  });
  const shared = SHARED_RECEIPTS;
  const corpora = values.corpus ?? [...(existsSync(shared) ? [shared] : []), FIXTURE_RECEIPTS];
  const methods = (values.method ?? ['tesseract']).map((name) => {
    // `tesseract@5000000`: the product's reader with another budget for reading again (pixels of page read).
    const budget = /^tesseract@(\d+)$/.exec(name)?.[1];
    const make = budget === undefined ? METHODS[name] : () => tesseract(name, Number(budget));
    if (!make) throw new Error(`Unknown method ${name}; known: ${Object.keys(METHODS).join(', ')}`);
    return make({ paddleFrom: values['paddle-from'] ?? REPO_ROOT });
  });
  const sets = corpora.map((dir) => ({
    dir,
    entries: loadCorpus(dir).filter((e) => e.kind === 'image' && (values.only === undefined || e.name.includes(values.only))),
  }));
  console.log(line(['method', 'corpus', 'photos', 'item F1', 'price acc', 'photos F1<0.5', 'median s', 'min conf']));
  for (const method of methods) {
    await method.ready();
    for (const { dir, entries } of sets) {
      const all = await run(method, entries);
      const corpus = dir.includes('test/fixtures') ? 'project photos' : 'real photos';
      const f1Of = (s: ReceiptScore) => {
        const p = s.predicted ? s.matched / s.predicted : 0;
        const r = s.labelled ? s.matched / s.labelled : 0;
        return p + r > 0 ? (2 * p * r) / (p + r) : 0;
      };
      // The real photos come from several public sources (`<source>__<file>`): a choice tuned on
      // one source is checked on the others, so each source gets its own row too.
      const sources = [...new Set(all.map((r) => sourceOf(r.entry.name)).filter((s): s is string => s !== null))];
      const groups = [{ label: corpus, rows: all }, ...(sources.length > 1 ? sources.map((s) => ({ label: `  ${s}`, rows: all.filter((r) => sourceOf(r.entry.name) === s) })) : [])];
      for (const { label, rows } of groups) {
        const summary = summarize(rows.map((r) => r.score));
        const priced = rows.reduce((sum, r) => sum + r.score.nameMatched, 0);
        const right = rows.reduce((sum, r) => sum + r.score.priceRight, 0);
        const low = rows.filter((r) => f1Of(r.score) < 0.5).length;
        const confidences = rows.map((r) => r.confidence).filter((c): c is number => c !== null);
        console.log(
          line([
            method.name,
            label,
            rows.length,
            summary.f1.toFixed(3),
            priced ? `${((100 * right) / priced).toFixed(1)}%` : '–',
            low,
            ((median(rows.map((r) => r.ms)) ?? NaN) / 1000).toFixed(2),
            confidences.length ? Math.min(...confidences) : '–',
          ]),
        );
      }
      const rows = all;
      if (values['per-photo']) {
        for (const r of rows) {
          console.log(`    ${r.entry.name}  F1 ${f1Of(r.score).toFixed(2)}  ${r.score.matched}/${r.score.labelled} (pred ${r.score.predicted})  total ${r.score.totalFound ? 'yes' : 'no'}  conf ${r.confidence ?? '–'}  ${(r.ms / 1000).toFixed(2)} s${r.score.error ? `  ${r.score.error}` : ''}`);
        }
      }
    }
    await method.close();
  }
}

await main();
