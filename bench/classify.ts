// Time the classifier takes per name and per receipt: every item name of the committed labelled
// receipts (test/fixtures/receipts/labels), classified receipt by receipt: the whole reading (rules,
// lexicon, model) and the model's part alone.
//   npm run bench:classify
// Prints median and p95 per name and per receipt over repeated passes, the model's one-off load
// time and its file size. The promise: under 1 ms per name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FIXTURE_RECEIPTS, REPO_ROOT } from '../scripts/paths.ts';

const LABELS = join(FIXTURE_RECEIPTS, 'labels');
const TARGET_MS_PER_NAME = 1;
const PASSES = 30;

const { committedModel, predictLine } = await import('../src/server/pipeline/classify/model.ts');
const loadStart = performance.now();
const model = committedModel();
const loadMs = performance.now() - loadStart;
const { classifyName } = await import('../src/server/pipeline/classify/classify.ts');
const { readLexicon } = await import('../src/server/pipeline/classify/lexical.ts');

const receipts: string[][] = readdirSync(LABELS)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => (JSON.parse(readFileSync(join(LABELS, file), 'utf8')) as { items: Array<{ name: string }> }).items.map((item) => item.name));
const items = receipts.reduce((sum, names) => sum + names.length, 0);

interface Timing {
  perReceipt: { median: number; p95: number };
  perName: number;
}

function time(work: (names: string[]) => void): Timing {
  for (const names of receipts) work(names);
  const times: number[] = [];
  let total = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    for (const names of receipts) {
      const start = performance.now();
      work(names);
      const ms = performance.now() - start;
      times.push(ms);
      total += ms;
    }
  }
  times.sort((a, b) => a - b);
  return {
    perReceipt: { median: times[Math.floor(times.length / 2)] ?? 0, p95: times[Math.floor(times.length * 0.95)] ?? 0 },
    perName: total / (PASSES * items),
  };
}

let sink = 0;
const lexicalByName = new Map(receipts.flat().map((name) => [name, readLexicon(name)]));
const rows: Array<[string, Timing]> = [
  ['whole classification (rules, lexicon, model)', time((names) => names.forEach((name) => (sink += classifyName(name).confidence.length)))],
  ['model only (lexicon read beforehand)', time((names) => names.forEach((name) => (sink += predictLine(model, name, {}, lexicalByName.get(name) ?? null).probability)))],
];
const kb = statSync(join(REPO_ROOT, 'data/category-model.json')).size / 1024;
console.log(`${receipts.length} receipts, ${items} items (${(items / receipts.length).toFixed(1)} per receipt), ${PASSES} passes; model ${kb.toFixed(0)} KB, loaded once in ${loadMs.toFixed(1)} ms`);
const header = ['work', 'µs per name', 'per receipt median ms', 'p95 ms', `under ${TARGET_MS_PER_NAME} ms per name`];
const lines = rows.map(([label, t]) => [label, (t.perName * 1000).toFixed(1), t.perReceipt.median.toFixed(3), t.perReceipt.p95.toFixed(3), t.perName < TARGET_MS_PER_NAME ? 'yes' : 'NO']);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
console.log(fmt(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const line of lines) console.log(fmt(line));
if (sink < 0) console.log(sink);
