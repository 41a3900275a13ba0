// The product keys: what each key is (category, a typical Finnish pack weight) and how keys combine.
// A key is either a plain product (`banana`), a species (`beef`, with its group `meat`), a cut or
// dish that a species can refine (`mince` → `beef-mince`, `meal` + fish → `meal-fish`), or a
// Finnish-origin variant (`tomato` → `tomato-fi-greenhouse`). Loaded once from data/product-keys.csv.
import { isCategoryName, type CategoryName } from '../../../contract.ts';
import { readDataTable } from './data-files.ts';
import type { CsvRow } from './csv.ts';

export interface ProductKeyInfo {
  key: string;
  category: CategoryName;
  /** kg of a typical Finnish pack (or a typical piece for loose produce). */
  typicalKg: number;
  /** For a species row its own species id; for a refined row the species id or group it needs. */
  species: string;
  /** For a species row: meat, poultry, fish, plant… (refined rows may name a group instead of a species). */
  group: string;
  /**
   * Cut or dish ids (mince, fillet, sausage, meal, soup…). A cut's own row names one; a refined row
   * may stand for several (`meal;pasta`: fish with a ready meal or with pasta both make meal-fish).
   */
  cuts: string[];
  /** The key to use when the name says the product is Finnish (heated-greenhouse produce). */
  finnishKey: string;
  /** The category this key stands for when only the category is known. */
  fallbackFor: CategoryName | null;
  description: string;
}

// Cuts of these categories become their species' own product when no combined key exists
// (lohi + filee → salmon); dishes stay dishes (poro + keitto → soup, never reindeer).
const PROTEIN_CATEGORIES = new Set<CategoryName>(['Red Meat', 'Pork', 'Poultry', 'Fish', 'Plant Proteins']);

function toInfo(row: CsvRow): ProductKeyInfo {
  const key = row.key ?? '';
  const category = row.category;
  if (!isCategoryName(category)) throw new Error(`product-keys.csv: ${key} has unknown category "${category}"`);
  const typicalKg = Number(row.typical_kg);
  if (!(typicalKg > 0)) throw new Error(`product-keys.csv: ${key} needs a positive typical_kg`);
  const fallbackFor = row.fallback_for ? row.fallback_for : null;
  if (fallbackFor !== null && !isCategoryName(fallbackFor)) {
    throw new Error(`product-keys.csv: ${key} has unknown fallback_for "${fallbackFor}"`);
  }
  return {
    key,
    category,
    typicalKg,
    species: row.species ?? '',
    group: row.group ?? '',
    cuts: (row.cut ?? '').split(';').map((cut) => cut.trim()).filter(Boolean),
    finnishKey: row.finnish_key ?? '',
    fallbackFor,
    description: row.description ?? '',
  };
}

export interface Catalogue {
  keys: ReadonlyMap<string, ProductKeyInfo>;
  get(key: string): ProductKeyInfo;
  /** The species (or group) a key names (`kinkku` → ham → pork), or '' when it names none. */
  speciesOf(key: string): string;
  /**
   * The key a cut or dish becomes when a product of some species is named with it (`jauheliha` +
   * `naudan` → beef-mince, `keitto` + `lohi` → soup-fish), or null when the species changes nothing.
   */
  refine(cutKey: string, speciesKey: string): string | null;
  fallbackKey(category: CategoryName): string;
}

export function buildCatalogue(rows: CsvRow[]): Catalogue {
  const keys = new Map<string, ProductKeyInfo>();
  for (const row of rows) {
    const info = toInfo(row);
    if (keys.has(info.key)) throw new Error(`product-keys.csv: duplicate key ${info.key}`);
    keys.set(info.key, info);
  }
  const combined = new Map<string, string>();
  const fallbacks = new Map<CategoryName, string>();
  // A species' own row is the one that names its group (beef → meat); other rows of the species
  // (ham, bacon) point at it through their species id.
  const speciesDefault = new Map<string, string>();
  const speciesGroup = new Map<string, string>();
  for (const info of keys.values()) {
    if (info.species) for (const cut of info.cuts) combined.set(`${info.species}|${cut}`, info.key);
    if (info.species && info.group && info.cuts.length === 0) {
      speciesDefault.set(info.species, info.key);
      speciesGroup.set(info.species, info.group);
    }
    if (info.fallbackFor) fallbacks.set(info.fallbackFor, info.key);
    if (info.finnishKey && !keys.has(info.finnishKey)) {
      throw new Error(`product-keys.csv: ${info.key} names unknown finnish_key ${info.finnishKey}`);
    }
  }
  const get = (key: string): ProductKeyInfo => {
    const info = keys.get(key);
    if (!info) throw new Error(`Unknown product key ${key}`);
    return info;
  };
  for (const info of keys.values()) {
    if (info.species && info.cuts.length === 0 && !speciesDefault.has(info.species)) {
      throw new Error(`product-keys.csv: ${info.key} names species ${info.species}, which has no row with a group`);
    }
  }
  const speciesOf = (key: string): string => get(key).species;
  return {
    keys,
    get,
    speciesOf,
    refine(cutKey, speciesKey) {
      const cut = get(cutKey);
      const cutId = cut.cuts[0];
      const species = speciesOf(speciesKey);
      if (!cutId || !species || species === cut.species) return null;
      const group = speciesGroup.get(species) ?? species;
      const exact = combined.get(`${species}|${cutId}`) ?? combined.get(`${group}|${cutId}`);
      if (exact) return exact === cutKey ? null : exact;
      if (!PROTEIN_CATEGORIES.has(cut.category)) return null;
      const own = speciesDefault.get(species);
      return own && own !== cutKey ? own : null;
    },
    fallbackKey(category) {
      const key = fallbacks.get(category);
      if (!key) throw new Error(`product-keys.csv: no fallback key for ${category}`);
      return key;
    },
  };
}

export const CATALOGUE: Catalogue = buildCatalogue(readDataTable('product-keys.csv'));
