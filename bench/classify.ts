// Time the classifier adds to one receipt: every item name of the committed labelled receipts
// (test/fixtures/receipts/labels), classified receipt by receipt, with and without the model.
//   npm run bench:classify
// Prints median and p95 per receipt over repeated passes, and the model's one-off load time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS } from '../scripts/paths.ts';
import { performance } from 'node:perf_hooks';

const LABELS = join(FIXTURE_RECEIPTS, 'labels');
const TARGET_MS = 5;
const PASSES = 30;

const loadStart = performance.now();
const { MODEL } = await import('../src/server/pipeline/classify/model.ts');
const loadMs = performance.now() - loadStart;
const { classifyName } = await import('../src/server/pipeline/classify/classify.ts');
const { predict } = await import('../src/server/pipeline/classify/ngram.ts');

const receipts: string[][] = readdirSync(LABELS)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => (JSON.parse(readFileSync(join(LABELS, file), 'utf8')) as { items: Array<{ name: string }> }).items.map((item) => item.name));

function timePerReceipt(work: (names: string[]) => void): { median: number; p95: number } {
  for (const names of receipts) work(names);
  const times: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    for (const names of receipts) {
      const start = performance.now();
      work(names);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, p95: times[Math.floor(times.length * 0.95)] ?? 0 };
}

let sink = 0;
const rows: Array<[string, { median: number; p95: number }]> = [
  ['full classification (rules, lexicon, model where needed)', timePerReceipt((names) => names.forEach((name) => (sink += classifyName(name).confidence.length)))],
  ['model on every name (its worst case)', timePerReceipt((names) => names.forEach((name) => (sink += predict(MODEL, name)?.probability ?? 0)))],
];
const items = receipts.reduce((sum, names) => sum + names.length, 0);
console.log(`${receipts.length} receipts, ${items} items (${(items / receipts.length).toFixed(1)} per receipt), ${PASSES} passes; model loaded once in ${loadMs.toFixed(1)} ms`);
const header = ['work per receipt', 'median ms', 'p95 ms', `under ${TARGET_MS} ms`];
const lines = rows.map(([label, t]) => [label, t.median.toFixed(3), t.p95.toFixed(3), t.median < TARGET_MS ? 'yes' : 'NO']);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
console.log(fmt(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const line of lines) console.log(fmt(line));
if (sink < 0) console.log(sink);
