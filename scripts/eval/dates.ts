// `node scripts/eval/dates.ts`: how often the product reads the day of the purchase right
// (`store_info.date`, parse/date.ts), through the real pipeline (offline reader) over the
// committed corpus and, when present, the real receipts in ../shared/data/receipts. A day is
// what My receipts files a receipt under (its month, and whether it is saved already), so a day
// claimed must be right: the table gives the right share of the days claimed beside how many were
// claimed at all.
//
// The real corpus is split by a stable hash of each label's file name: a quarter of it is a
// locked fold, reported in aggregate only, whose misses are never listed (the date rule was
// written from the committed corpus's layouts and Finnish receipt formats, not from either part).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths.ts';
import { loadCorpus, type CorpusEntry, type InputKind } from './corpus.ts';
import { createEvalPipeline } from './run.ts';
import { inReceiptFold } from './receipt-fold.ts';
import { formatTable, type Cell } from './table.ts';

const COMMITTED = join(REPO_ROOT, 'test/fixtures/receipts');
const SHARED = join(REPO_ROOT, '../shared/data/receipts');

interface Outcome {
  group: string;
  kind: InputKind;
  verdict: 'right' | 'wrong' | 'none';
}

const pipeline = createEvalPipeline(process.env, { rereads: 'unlimited' });
await pipeline.ready();

async function readDate(entry: CorpusEntry): Promise<string | null> {
  try {
    const result =
      entry.kind === 'text' || entry.kind === 'pdf-as-text'
        ? await pipeline.analyzeText(await readFile(entry.path, 'utf8'))
        : await pipeline.analyzeFile(await readFile(entry.path), entry.kind === 'pdf' ? 'pdf' : 'image');
    return result.store_info.date ?? null;
  } catch {
    return null;
  }
}

const groups: Array<{ group: string; entries: CorpusEntry[] }> = [{ group: 'committed corpus', entries: loadCorpus(COMMITTED) }];
if (existsSync(SHARED)) {
  const real = loadCorpus(SHARED);
  groups.push({ group: 'real receipts, open part', entries: real.filter((entry) => !inReceiptFold(entry.name)) });
  groups.push({ group: 'real receipts, locked fold', entries: real.filter((entry) => inReceiptFold(entry.name)) });
} else {
  console.warn(`No ${SHARED}: only the committed corpus is measured.`);
}

const outcomes: Outcome[] = [];
for (const { group, entries } of groups) {
  for (const entry of entries) {
    if (entry.label.date === null) continue;
    const date = await readDate(entry);
    outcomes.push({ group, kind: entry.kind, verdict: date === null ? 'none' : date === entry.label.date ? 'right' : 'wrong' });
  }
}

const rows: Cell[][] = [];
for (const { group } of groups) {
  for (const kind of ['text', 'pdf-as-text', 'pdf', 'image', 'all'] as const) {
    const mine = outcomes.filter((outcome) => outcome.group === group && (kind === 'all' || outcome.kind === kind));
    if (mine.length === 0) continue;
    const count = (verdict: Outcome['verdict']) => mine.filter((outcome) => outcome.verdict === verdict).length;
    const claimed = count('right') + count('wrong');
    rows.push([
      group,
      kind,
      mine.length,
      count('right'),
      count('wrong'),
      count('none'),
      claimed === 0 ? '–' : `${((count('right') / claimed) * 100).toFixed(1)} %`,
      `${((claimed / mine.length) * 100).toFixed(1)} %`,
    ]);
  }
}
console.log(
  formatTable(['corpus', 'input', 'receipts with a labelled day', 'right', 'wrong', 'none claimed', 'right of claimed', 'claimed'], rows, { leftColumns: 2 }),
);
await pipeline.close();
