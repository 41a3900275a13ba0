// The category and weight tables that do not need the receipt reader: held out by source, the
// labelled receipts' names, and weights. `npm run eval` prints them after its own tables;
// `node scripts/eval/held-out-main.ts` prints them alone (seconds, no OCR).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURE_LABELS, SHARED_DATA } from '../data/model/sources.ts';
import { evaluateHeldOut, heldOutTables, receiptLabelTable } from './held-out.ts';
import { weightRows, weightTable } from './weights.ts';

export function heldOutReport(): string {
  const parts = [heldOutTables(evaluateHeldOut()), receiptLabelTable()];
  for (const [title, dir] of [
    ['real receipts of the shared data', join(SHARED_DATA, 'receipts/labels')],
    ['committed fixtures', FIXTURE_LABELS],
  ] as const) {
    parts.push(weightTable(title, weightRows(dir)));
  }
  return parts.join('\n\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`== Categories held out by source\n${heldOutReport()}`);
}
