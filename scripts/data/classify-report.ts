// Prints classification accuracy over the shared labelled data (product names and receipt items)
// outside the locked fold: overall, per category, the confusion table and the classifier's speed;
// and the fold's overall accuracy alone (its misses are never listed: scripts/eval/README.md).
//
//   node scripts/data/classify-report.ts [shared-data-dir] [--misses[=Category]]
//
// --misses lists the misclassified names outside the fold (for developing the lexicon and the
// features; they stay on screen, never in the repository).
import { resolve } from 'node:path';
import { SHARED_DATA } from '../paths.ts';
import { inLockedFold } from './model/fold.ts';
import { performance } from 'node:perf_hooks';
import { classifyName } from '../../src/server/pipeline/classify/classify.ts';
import { evaluateClassification, formatReport, readProductNames, readReceiptLabelItems, type LabelledName } from './classify-eval.ts';

const args = process.argv.slice(2);
const dir = resolve(args.find((arg) => !arg.startsWith('--')) ?? SHARED_DATA);
const missesArg = args.find((arg) => arg.startsWith('--misses'));
const missesOf = missesArg?.includes('=') ? missesArg.split('=')[1] : missesArg ? '*' : null;

const classify = (name: string, cues: LabelledName['cues'] = {}) => classifyName(name, cues).category;

for (const [title, all] of [
  ['products.csv', readProductNames(dir)],
  ['receipt labels', readReceiptLabelItems(dir)],
] as const) {
  const fold = evaluateClassification(all.filter((sample) => inLockedFold(sample.name)), classify);
  console.log(`${title}, locked fold: ${fold.correct}/${fold.total} = ${((fold.accuracy) * 100).toFixed(1)}% (aggregate only)`);
  const samples = all.filter((sample) => !inLockedFold(sample.name));
  const report = evaluateClassification([...samples], classify);
  console.log(formatReport(`${title}, outside the locked fold`, report).join('\n'));
  if (missesOf) {
    for (const miss of report.misses) {
      if (missesOf === '*' || miss.expected === missesOf || miss.predicted === missesOf) {
        console.log(`  ${miss.expected.padEnd(15)} → ${miss.predicted.padEnd(15)} ${miss.name}`);
      }
    }
  }
  console.log('');
}

const names = readProductNames(dir).map((sample) => sample.name);
for (const name of names.slice(0, 200)) classifyName(name);
const start = performance.now();
for (const name of names) classifyName(name);
const perItemMs = (performance.now() - start) / names.length;
console.log(`speed: ${names.length} names, ${(perItemMs * 1000).toFixed(1)} µs per name`);
