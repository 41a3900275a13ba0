// The lexicon: Finnish stems, words and brands → product key. One row of data/lexicon.csv per term;
// data/README.md explains the columns. Loaded and checked once, when the module loads.
import { readDataTable } from '../data/data-files.ts';
import type { CsvRow } from '../data/csv.ts';
import { CATALOGUE, type Catalogue } from '../data/catalogue.ts';

/**
 * product: the term names a product (its key may name a species, which also refines cuts);
 * cut: a cut or dish that a species named elsewhere refines (jauheliha, filee, makkara, keitto);
 * brand: a single-category brand, used only when nothing else matches;
 * ignore: a descriptive word whose token says nothing of the product (mehussa, makuinen);
 * pack: a packaging word that hides only what it overlaps (porkkana|pussi);
 * origin: says the product is Finnish (suomi, kotimainen).
 */
export type LexiconRole = 'product' | 'cut' | 'brand' | 'ignore' | 'pack' | 'origin';

/** word: the whole token; prefix/suffix: the token starts/ends with the term; part: anywhere in it. */
export type MatchMode = 'word' | 'prefix' | 'suffix' | 'part';

export interface LexiconEntry {
  term: string;
  key: string;
  role: LexiconRole;
  mode: MatchMode;
  /** How specific the term is: 1 brand, 2 produce/flavour/cut, 3 product, 4 dish or product type, 5 exception. */
  rank: number;
}

const ROLES = new Set<LexiconRole>(['product', 'cut', 'brand', 'ignore', 'pack', 'origin']);
const MODES = new Set<MatchMode>(['word', 'prefix', 'suffix', 'part']);
const DEFAULT_RANK: Record<LexiconRole, number> = { product: 3, cut: 3, brand: 1, ignore: 0, pack: 0, origin: 0 };

function isRole(value: string): value is LexiconRole {
  return (ROLES as Set<string>).has(value);
}

function isMode(value: string): value is MatchMode {
  return (MODES as Set<string>).has(value);
}

function toEntry(row: CsvRow, catalogue: Catalogue): LexiconEntry {
  const term = row.term ?? '';
  const where = `lexicon.csv: "${term}"`;
  if (!/^[a-z]{2,}$/.test(term)) throw new Error(`${where} must be folded lowercase letters a-z`);
  const role = row.role || 'product';
  if (!isRole(role)) throw new Error(`${where} has unknown role "${role}"`);
  const mode = row.match || 'part';
  if (!isMode(mode)) throw new Error(`${where} has unknown match "${mode}"`);
  const rank = row.rank ? Number(row.rank) : DEFAULT_RANK[role];
  if (!Number.isFinite(rank)) throw new Error(`${where} has a bad rank`);
  const key = row.key ?? '';
  if (role === 'ignore' || role === 'pack' || role === 'origin') {
    if (key) throw new Error(`${where}: ${role} terms take no key`);
  } else {
    const info = catalogue.keys.get(key);
    if (!info) throw new Error(`${where} names unknown product key "${key}"`);
    if (role === 'cut' && info.cuts.length === 0) throw new Error(`${where}: cut terms need a key with a cut (${key})`);
  }
  return { term, key, role, mode, rank };
}

export function buildLexicon(rows: CsvRow[], catalogue: Catalogue): LexiconEntry[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const entry = toEntry(row, catalogue);
    const id = `${entry.term}|${entry.mode}`;
    if (seen.has(id)) throw new Error(`lexicon.csv: "${entry.term}" (${entry.mode}) appears twice`);
    seen.add(id);
    return entry;
  });
}

export const LEXICON: readonly LexiconEntry[] = buildLexicon(readDataTable('lexicon.csv'), CATALOGUE);
