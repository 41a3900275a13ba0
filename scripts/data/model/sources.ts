// The names the category model learns from, each with its category and source:
// - the lexicon (data/lexicon.csv): every term that names a product key, with the key's category;
// - the project's labelled receipts (test/fixtures/receipts/labels), source `fixtures`;
// - ../shared/data/products/products.csv, with its own `source` column (`kruoka2020`…);
// - Fineli (../shared/data/fineli): Finnish, Swedish and English food names, mapped to our categories by
//   their food classes through data/fineli-categories.csv.
// - Kesko's ingredient dictionary (../shared/data/kesko-ingredients), labelled by keskoNames();
// - the priors of what a store kind sells (data/store-priors.csv), as samples of that cue alone.
// The hand-labelled real receipts of ../shared/data/receipts are never trained on: they measure.
// Nothing of the locked fold (fold.ts) is trained on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS, REPO_ROOT, SHARED_DATA } from '../../paths.ts';
import { isCategoryName, type CategoryName } from '../../../src/contract.ts';
import { parseCsv } from '../../../src/server/pipeline/data/csv.ts';
import { CATALOGUE } from '../../../src/server/pipeline/data/catalogue.ts';
import { LEXICON } from '../../../src/server/pipeline/classify/lexicon.ts';
import { readLexicon } from '../../../src/server/pipeline/classify/lexical.ts';
import { readRules } from '../../../src/server/pipeline/classify/rules.ts';
import { STORE_KINDS } from '../../../src/server/pipeline/classify/store-kind.ts';
import { foldText } from '../../../src/server/pipeline/fold-text.ts';
import { inLockedFold } from './fold.ts';
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

/** Items of every label file in a folder (the label format of scripts/eval/README.md); a line with a weight and no count was weighed at the till. */
export function labelNames(dir: string, source: string, keep: (labelledFile: string) => boolean = () => true): TrainingName[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const label = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        file?: string;
        items?: Array<{ name?: string; category?: string; quantity?: number | null; weight_kg?: number | null }>;
      };
      if (!keep(label.file ?? '')) return [];
      return (label.items ?? []).flatMap((item) => {
        if (!item.name || !isCategoryName(item.category)) return [];
        const weighed = item.quantity === null && typeof item.weight_kg === 'number';
        return [{ name: item.name, category: item.category, source, ...(weighed ? { cues: { weighed } } : {}) }];
      });
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

/** The labelled sources a model is measured without, one at a time: the product lists, and the project's fixtures. */
export const HELD_OUT_SOURCES = ['junction2019', 'kruoka2020', 'kruoka2025', 'skaupat2025', 'fixtures'] as const;

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

export function fineliNames(languages: readonly string[] = ['FI', 'SV'], dir = join(SHARED_DATA, 'fineli')): TrainingName[] {
  if (!existsSync(dir)) return [];
  const mapping = readFineliMapping();
  const categories = new Map<string, CategoryName>();
  for (const [id, name, , , , igclass, , fuclass] of semicolonRows(join(dir, 'food.csv'))) {
    const category = fineliCategory(mapping, igclass ?? '', fuclass ?? '', name ?? '');
    if (id && category) categories.set(id, category);
  }
  const names: TrainingName[] = [];
  for (const lang of languages) {
    for (const [id, name] of semicolonRows(join(dir, `foodname_${lang}.csv`))) {
      const category = id ? categories.get(id) : undefined;
      if (category && name) names.push({ name, category, source: `fineli-${lang.toLowerCase()}` });
    }
  }
  return names;
}

export interface KeskoIngredient {
  name: string;
  /** Kesko's store department code (`100` produce … `111` household goods), '' when none. */
  department: string;
}

/** Kesko's ingredient dictionary (../shared/data/kesko-ingredients), in its own order. */
export function keskoIngredients(path = join(SHARED_DATA, 'kesko-ingredients/ingredients.csv')): KeskoIngredient[] {
  if (!existsSync(path)) return [];
  return parseCsv(readFileSync(path, 'utf8')).flatMap((row) => (row.name ? [{ name: row.name, department: row.department ?? '' }] : []));
}

/**
 * What a Kesko department can hold, in our categories (the table of
 * ../shared/data/kesko-ingredients/SOURCE.md), and the category of a row whose reading falls
 * outside them, when the department leaves only one sensible answer: a drink of the drinks
 * department that the lexicon reads by its flavour (`Päärynäjuoma`) is a drink; a pastry of the
 * bakery read as its filling (`Wieneri, kinkku`) is sweet or savoury bakery, Processed Food.
 */
const KESKO_DEPARTMENTS: Record<string, { holds: readonly CategoryName[] | 'any'; otherwise: CategoryName | null }> = {
  '100': { holds: ['Vegetables', 'Fruits'], otherwise: null },
  '101': { holds: ['Grains', 'Processed Food'], otherwise: 'Processed Food' },
  '102': { holds: ['Red Meat', 'Pork', 'Poultry', 'Fish', 'Processed Food'], otherwise: null },
  '103': { holds: 'any', otherwise: 'Processed Food' },
  '104': { holds: ['Dairy', 'Eggs', 'Plant Proteins', 'Processed Food'], otherwise: null },
  '105': { holds: 'any', otherwise: null },
  '106': { holds: ['Other', 'Plant Proteins', 'Grains', 'Processed Food', 'Fruits', 'Vegetables'], otherwise: null },
  '107': { holds: 'any', otherwise: null },
  '108': { holds: ['Beverages', 'Dairy', 'Plant Proteins'], otherwise: 'Beverages' },
  '109': { holds: ['Processed Food', 'Plant Proteins', 'Fruits'], otherwise: 'Processed Food' },
  '110': { holds: ['Other'], otherwise: 'Other' },
  '111': { holds: ['Other'], otherwise: 'Other' },
  '113': { holds: ['Beverages', 'Other'], otherwise: null },
};

/**
 * Kesko's ingredients labelled in our categories. A name is labelled by the whole-name rules or
 * the lexicon when that reading is one its department holds, else by the department's own answer
 * when it has one; a row left with neither is not used. The lexicon's readings are noisy where
 * its terms read a flavour as the product, which the department corrects in part; the names were
 * never read to write the lexicon, so they also teach the model how far its reading holds.
 */
export function keskoNames(): TrainingName[] {
  return keskoIngredients().flatMap(({ name, department }) => {
    const rules = KESKO_DEPARTMENTS[department];
    if (!rules) return [];
    const read = readRules(name)?.category ?? readLexicon(name)?.category ?? null;
    const held = read !== null && (rules.holds === 'any' || rules.holds.includes(read));
    const category = held ? read : rules.otherwise;
    return category ? [{ name, category, source: 'kesko' }] : [];
  });
}

/** Samples of a store kind's prior, this many each: enough to set its weights, few beside the names. */
const PRIOR_SAMPLES = 100;

/** `count` samples of cues alone, shared among categories in proportion to `shares` (largest remainders). */
function priorSamples(shares: ReadonlyMap<CategoryName, number>, cues: TrainingName['cues'], source: string, count = PRIOR_SAMPLES): TrainingName[] {
  const total = [...shares.values()].reduce((sum, share) => sum + share, 0);
  const rows = [...shares].map(([category, share]) => {
    const exact = (share / total) * count;
    return { category, exact, count: Math.max(1, Math.floor(exact)) };
  });
  let left = count - rows.reduce((sum, row) => sum + row.count, 0);
  for (const row of [...rows].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)))) {
    if (left <= 0) break;
    row.count += 1;
    left -= 1;
  }
  return rows.flatMap((row) => Array.from({ length: row.count }, (): TrainingName => ({ name: '', category: row.category, source, ...(cues ? { cues } : {}) })));
}

/**
 * The store priors (data/store-priors.csv: what share of a store kind's lines fall in each
 * category, by what each kind of store sells) as samples of the store alone, no name: the model
 * learns from them how far the store's kind leans each line's category, and weighs the line's
 * own name against it.
 */
export function storePriorNames(path = join(REPO, 'data/store-priors.csv')): TrainingName[] {
  const rows = parseCsv(readFileSync(path, 'utf8'));
  return STORE_KINDS.flatMap((kind) => {
    const shares = new Map<CategoryName, number>();
    for (const row of rows.filter((r) => r.kind === kind)) {
      if (!isCategoryName(row.category)) throw new Error(`store-priors.csv: unknown category ${row.category}`);
      shares.set(row.category, Number(row.share));
    }
    return priorSamples(shares, { store: kind }, 'store-prior');
  });
}

/** Every training name, in a fixed order; names of the locked fold (fold.ts) are never among them, whatever their source. */
export function allTrainingNames(): TrainingName[] {
  const names = [...lexiconNames(), ...fixtureNames(), ...productNames(), ...fineliNames(['FI', 'SV', 'EN']), ...keskoNames()];
  return [...names.filter((sample) => !inLockedFold(sample.name)), ...storePriorNames()];
}
