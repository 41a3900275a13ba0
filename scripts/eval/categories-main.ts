// The category and weight tables that do not need the receipt reader: the locked fold beside
// in-sample and held out by source, the reliability of the confidence bands, and weights.
// `npm run eval` prints them after its own tables; `node scripts/eval/categories-main.ts` prints
// them alone (a minute: it trains a model per held-out source, no OCR).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURE_LABELS, SHARED_DATA } from '../data/model/sources.ts';
import { categoryTables, evaluateCategories } from './categories.ts';
import { weightRows, weightTable } from './weights.ts';

export function categoryReport(): string {
  const parts = [categoryTables(evaluateCategories())];
  for (const [title, dir] of [
    ['real receipts of the shared data', join(SHARED_DATA, 'receipts/labels')],
    ['committed fixtures', FIXTURE_LABELS],
  ] as const) {
    parts.push(weightTable(title, weightRows(dir)));
  }
  return parts.join('\n\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`== Categories: the locked fold, in-sample and held out by source (scripts/eval/categories.ts)\n${categoryReport()}`);
}
