// The names the category model learns from, each with its category and source:
// - the lexicon (data/lexicon.csv): every term that names a product key, with the key's category;
// - the project's labelled receipts (test/fixtures/receipts/labels), source `fixtures`;
// - ../shared/data/products/products.csv, with its own `source` column (`kruoka2020`…);
// - Fineli (../shared/data/fineli): Finnish and Swedish food names, mapped to our categories by
//   their food classes through data/fineli-categories.csv.
// The hand-labelled real receipts of ../shared/data/receipts are never trained on: they measure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS, REPO_ROOT, SHARED_DATA } from '../../paths.ts';
import { isCategoryName, type CategoryName } from '../../../src/contract.ts';
import { parseCsv } from '../../../src/server/pipeline/data/csv.ts';
import { CATALOGUE } from '../../../src/server/pipeline/data/catalogue.ts';
import { LEXICON } from '../../../src/server/pipeline/classify/lexicon.ts';
import { foldText } from '../../../src/server/pipeline/fold-text.ts';
import type { TrainingName } from './train.ts';

export const REPO = REPO_ROOT;
export { SHARED_DATA };
export const FIXTURE_LABELS = join(FIXTURE_RECEIPTS, 'labels');

export function lexiconNames(): TrainingName[] {
  return LEXICON.flatMap((entry) =>
    entry.key && entry.role !== 'ignore' && entry.role !== 'pack' && entry.role !== 'origin'
      ? [{ name: entry.term, category: CATALOGUE.get(entry.key).category, source: 'lexicon' }]
      : [],
  );
}

/** Items of every label file in a folder (the label format of scripts/eval/README.md). */
export function labelNames(dir: string, source: string, keep: (labelledFile: string) => boolean = () => true): TrainingName[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const label = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { file?: string; items?: Array<{ name?: string; category?: string }> };
      if (!keep(label.file ?? '')) return [];
      return (label.items ?? []).flatMap((item) =>
        item.name && isCategoryName(item.category) ? [{ name: item.name, category: item.category, source }] : [],
      );
    });
}

export function fixtureNames(): TrainingName[] {
  // Only the printed texts: the column-broken copies (text-columns/), photos, scans and PDFs
  // repeat their texts' items word for word, so counting them would weigh a name by how often its
  // receipt was rendered, and rendering one more receipt would change the model.
  return labelNames(FIXTURE_LABELS, 'fixtures', (file) => file.startsWith('text/'));
}

/** products.csv; a name listed by several sources keeps them all (`kruoka2025;skaupat2025`). */
export function productNames(path = join(SHARED_DATA, 'products/products.csv')): TrainingName[] {
  if (!existsSync(path)) return [];
  return parseCsv(readFileSync(path, 'utf8')).flatMap((row) =>
    row.name && isCategoryName(row.category) ? [{ name: row.name, category: row.category, source: row.source ?? 'products' }] : [],
  );
}

/** True when a sample came (also) from `source`. */
export const fromSource = (sample: TrainingName, source: string): boolean => sample.source.split(';').includes(source);

interface ClassRow {
  igclass: string;
  fuclass: string;
  category: CategoryName;
}

export function readFineliMapping(): ClassRow[] {
  return parseCsv(readFileSync(join(REPO, 'data/fineli-categories.csv'), 'utf8')).map((row) => {
    if (!isCategoryName(row.category)) throw new Error(`fineli-categories.csv: unknown category ${row.category}`);
    return { igclass: row.igclass ?? '', fuclass: row.fuclass ?? '', category: row.category };
  });
}

// Sausages, cold cuts and offal follow the meat their name says (categories.md), whatever their
// Fineli class says (it classes them by use, not by species).
const SPECIES_WORDS: Array<[RegExp, CategoryName]> = [
  [/broiler|kana|kalkkun/, 'Poultry'],
  [/naudan|nauta|poro|hirv|lammas|lampaan/, 'Red Meat'],
];
const FOLLOWS_SPECIES = new Set(['SAUSAGE', 'SAUSCUTS', 'MEATCUTS', 'OFFAL']);

/** A Fineli food's category: an exact (ingredient, use) class row, else a use-class row, else the ingredient class. */
export function fineliCategory(mapping: readonly ClassRow[], igclass: string, fuclass: string, finnishName: string): CategoryName | null {
  const row =
    mapping.find((r) => r.igclass === igclass && r.fuclass === fuclass) ??
    mapping.find((r) => r.igclass === '*' && r.fuclass === fuclass) ??
    mapping.find((r) => r.igclass === igclass && r.fuclass === '');
  if (!row) return null;
  if (FOLLOWS_SPECIES.has(igclass)) {
    const folded = foldText(finnishName);
    for (const [pattern, category] of SPECIES_WORDS) if (pattern.test(folded)) return category;
  }
  return row.category;
}

function semicolonRows(path: string): string[][] {
  return readFileSync(path, 'utf8').split('\n').slice(1).filter(Boolean).map((line) => line.split(';'));
}

export function fineliNames(dir = join(SHARED_DATA, 'fineli')): TrainingName[] {
  if (!existsSync(dir)) return [];
  const mapping = readFineliMapping();
  const categories = new Map<string, CategoryName>();
  for (const [id, name, , , , igclass, , fuclass] of semicolonRows(join(dir, 'food.csv'))) {
    const category = fineliCategory(mapping, igclass ?? '', fuclass ?? '', name ?? '');
    if (id && category) categories.set(id, category);
  }
  const names: TrainingName[] = [];
  for (const lang of ['FI', 'SV']) {
    for (const [id, name] of semicolonRows(join(dir, `foodname_${lang}.csv`))) {
      const category = id ? categories.get(id) : undefined;
      if (category && name) names.push({ name, category, source: `fineli-${lang.toLowerCase()}` });
    }
  }
  return names;
}

/** Every training name, in a fixed order. */
export function allTrainingNames(): TrainingName[] {
  return [...lexiconNames(), ...fixtureNames(), ...productNames(), ...fineliNames()];
}
