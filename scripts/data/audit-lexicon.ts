// The lexicon's audit against the locked fold. The lexicon was written while reading every
// labelled name, the fold's among them, so a term may exist only because a fold name needed it.
// Rule (scripts/eval/README.md, "The locked fold"): a term found in at least one fold name and in
// no name outside it (no product name or labelled receipt item outside the fold, no Fineli name in
// any language, no Kesko ingredient) rests on the fold alone, and is dropped. A term found nowhere
// came from general knowledge, not from the fold, and stays.
//
//   node scripts/data/audit-lexicon.ts           prints how many terms rest on the fold alone
//   node scripts/data/audit-lexicon.ts --write   also removes them from data/lexicon.csv
//
// It prints counts only, never a fold name or a dropped term: the fold stays unread. Then
// `npm run build:model`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LEXICON, type LexiconEntry } from '../../src/server/pipeline/classify/lexicon.ts';
import { findHits, INDEX } from '../../src/server/pipeline/classify/match.ts';
import { tokenize } from '../../src/server/pipeline/classify/normalize.ts';
import { inLockedFold } from './model/fold.ts';
import { fineliNames, keskoIngredients, labelNames, FIXTURE_LABELS, productNames, REPO, SHARED_DATA } from './model/sources.ts';

export interface Support {
  /** Names outside the fold (and every Fineli and Kesko name) the term is found in. */
  outside: number;
  /** Fold names the term is found in. */
  fold: number;
}

function termsIn(name: string): Set<LexiconEntry> {
  return new Set(findHits(tokenize(name), INDEX).map((hit) => hit.entry));
}

/** Every lexicon entry's support in the labelled names and the vocabularies. */
export function lexiconSupport(): Map<LexiconEntry, Support> {
  const support = new Map<LexiconEntry, Support>(LEXICON.map((entry) => [entry, { outside: 0, fold: 0 }]));
  const labelled = [
    ...productNames(),
    ...labelNames(FIXTURE_LABELS, 'fixtures'),
    ...labelNames(join(SHARED_DATA, 'receipts/labels'), 'receipts'),
  ].map((sample) => sample.name);
  // The vocabularies are not labelled sets of the product: no fold is drawn in them.
  const vocabulary = [...fineliNames(['FI', 'SV', 'EN']), ...keskoIngredients()].map((sample) => sample.name);
  for (const name of labelled) {
    const fold = inLockedFold(name);
    for (const entry of termsIn(name)) {
      const counts = support.get(entry);
      if (counts) counts[fold ? 'fold' : 'outside'] += 1;
    }
  }
  for (const name of vocabulary) {
    for (const entry of termsIn(name)) {
      const counts = support.get(entry);
      if (counts) counts.outside += 1;
    }
  }
  return support;
}

/** The entries that rest on the fold alone. */
export function foldOnlyEntries(support: ReadonlyMap<LexiconEntry, Support> = lexiconSupport()): LexiconEntry[] {
  return [...support].filter(([, counts]) => counts.fold > 0 && counts.outside === 0).map(([entry]) => entry);
}

function removeRows(entries: readonly LexiconEntry[]): number {
  const path = join(REPO, 'data/lexicon.csv');
  const drop = new Set(entries.map((entry) => `${entry.term}|${entry.mode}`));
  const lines = readFileSync(path, 'utf8').split('\n');
  const kept = lines.filter((line, index) => {
    if (index === 0 || line.trim() === '') return true;
    const [term = '', , , match = ''] = line.split(',');
    return !drop.has(`${term}|${match || 'part'}`);
  });
  writeFileSync(path, kept.join('\n'));
  return lines.length - kept.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const support = lexiconSupport();
  const dropped = foldOnlyEntries(support);
  const nowhere = [...support.values()].filter((counts) => counts.fold === 0 && counts.outside === 0).length;
  console.log(`lexicon: ${LEXICON.length} terms; ${dropped.length} rest on the fold alone; ${nowhere} are found in no name (kept)`);
  const byRole = new Map<string, number>();
  for (const entry of dropped) byRole.set(entry.role, (byRole.get(entry.role) ?? 0) + 1);
  for (const [role, count] of [...byRole].sort()) console.log(`  ${role.padEnd(8)} ${count}`);
  if (process.argv.includes('--write')) console.log(`data/lexicon.csv: ${removeRows(dropped)} rows removed`);
}
