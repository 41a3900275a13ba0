// The factor table and its comparison, from data/factor-sources.csv (which source row each product
// key takes, and how good a stand-in it is), data/factor-comparisons.csv (other figures for the same
// product) and the sources themselves. data/README.md ("How ranges are made") says the same in prose.
//
// Each key's value is its source's figure. Its range comes from the spread of its sources: the
// comparisons marked `range` (figures of the same product at a boundary close to ours, such as a
// Finnish figure per carcass kg, which may set the range but never the value); a side of the range
// that no such figure reaches takes a default width set by the quality of the value's source.
// Comparisons marked `check` are shown beside it and never move it.
// Agribalyse rows are also compared, automatically, with their related rows: the other rows of the
// same product in the same Agribalyse subgroup that come from a different data set.
import { resolve } from 'node:path';
import type { CsvRow } from '../../../src/server/pipeline/data/csv.ts';
import { median } from '../../../src/server/pipeline/median.ts';
import { REPO_ROOT } from '../../paths.ts';
import { agribalyseCode, readCsv, resolveFigure, toRetail, type Figure, type Sources } from './sources.ts';

/** How good a stand-in the value is for the product the key names; sets the default range. */
export const QUALITIES = {
  finnish: { spread: 1.25, says: 'a Finnish figure for the product at this boundary' },
  french: { spread: 1.5, says: 'the French (Agribalyse) figure for the same product' },
  proxy: { spread: 2, says: 'another product or an assumed recipe stands in' },
  global: { spread: 2, says: 'a global mean of a commodity group' },
  none: { spread: 1, says: 'not food' },
} as const;
export type Quality = keyof typeof QUALITIES;
const isQuality = (value: string): value is Quality => Object.hasOwn(QUALITIES, value);

/** A value this far from its closest comparison (either way) needs a note saying why. */
export const NOTE_RATIO = 1.6;
/**
 * The kinds of reason a note may give, as its first words (`method: …`): the method or boundary of
 * the study, the country, the form the product is sold in, another product (species, recipe), or
 * the data itself.
 */
export const REASONS = ['method', 'country', 'product form', 'product', 'boundary', 'data'] as const;

export type Role = 'range' | 'check';

export interface Comparison {
  figure: Figure;
  role: Role;
  /** What the figure measures, when it differs from the key's product (`per kg carcass`, `organic product`). */
  basis: string;
  /** Found by the script (Agribalyse's related rows), not listed by hand. */
  auto: boolean;
}

export interface FactorRow {
  key: string;
  figure: Figure;
  value: number;
  low: number;
  high: number;
  quality: Quality;
  /** How the range was made, for the table's `range_basis` column. */
  rangeBasis: string;
  note: string;
  /** Why the value differs from its closest comparison by more than NOTE_RATIO (`method: …`). */
  whyDiffers: string;
  comparisons: Comparison[];
  /** The comparison closest to the value, and how far (≥ 1, either way); null when there is none. */
  best: { comparison: Comparison; ratio: number } | null;
}

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));
const ratioOf = (a: number, b: number): number => (a > 0 && b > 0 ? Math.max(a / b, b / a) : Number.POSITIVE_INFINITY);

/** The first part of an Agribalyse name: `Pork, loin, raw` → `pork`. */
const productOf = (name: string): string => (name.split(',')[0] ?? name).trim().toLowerCase();

// Words that say what form a product is sold in; related rows must be in the same form (raw carrot
// is compared with raw carrots, not with canned carrots or carrot juice).
const FORM_WORDS = ['raw', 'cooked', 'canned', 'frozen', 'dried', 'dehydrated', 'smoked', 'boiled', 'roasted', 'baked', 'fried', 'steamed', 'juice', 'puree', 'powder', 'prepacked', 'breaded', 'salted'];
const formOf = (name: string): string =>
  FORM_WORDS.filter((word) => new RegExp(`\\b${word}\\b`, 'i').test(name)).join(' ');

/** Fewest rows of a subgroup whose median stands as a comparison. */
const MIN_SUBGROUP = 5;

/**
 * The median of an Agribalyse row's related rows, from other data sets (a value more than 1 % away;
 * equal values are copies of one data set under several names): the same product (its name's first
 * part) in the same form (raw, canned, frozen…) and subgroup; when there is none and nothing was
 * listed by hand, the subgroup's rows in the same form (at least MIN_SUBGROUP of them). Null when
 * there are none either.
 */
function relatedRows(code: string, sources: Sources, subgroupToo: boolean): Comparison | null {
  const row = sources.agribalyse.get(agribalyseCode(code));
  if (!row) return null;
  const own = toRetail(row);
  const peers = [...sources.agribalyse.values()].filter(
    (other) => other.code !== row.code && other.subgroup === row.subgroup && formOf(other.name) === formOf(row.name) && ratioOf(toRetail(other), own) > 1.01,
  );
  const sameProduct = peers.filter((other) => productOf(other.name) === productOf(row.name));
  // A subgroup says little unless it is broad and nothing closer was listed by hand.
  const related = sameProduct.length > 0 ? sameProduct : subgroupToo && peers.length >= MIN_SUBGROUP ? peers : [];
  if (related.length === 0) return null;
  const what = sameProduct.length > 0 ? 'related rows' : `rows of its subgroup (${row.subgroup})`;
  const names = related.slice(0, 3).map((r) => `#${r.code} ${r.name}`);
  const more = related.length > 3 ? ` and ${related.length - 3} more` : '';
  return {
    figure: {
      value: median(related.map(toRetail)) ?? own,
      source: `Agribalyse 3.1 ${what}, median of ${related.length}: ${names.join('; ')}${more}`,
      dataset: 'Agribalyse 3.1',
      boundary: 'cradle to retail',
    },
    role: 'check',
    basis: sameProduct.length > 0 ? 'other rows of the same product' : 'other products of the same kind',
    auto: true,
  };
}

function comparisonsOf(source: CsvRow, listed: CsvRow[], sources: Sources): Comparison[] {
  const out: Comparison[] = listed.map((row) => {
    const role = row.role ?? '';
    if (role !== 'range' && role !== 'check') throw new Error(`factor-comparisons.csv: ${row.key} has role "${role}", not range or check`);
    const figure = resolveFigure({ dataset: row.dataset ?? '', ref: row.ref ?? '', pick: row.pick ?? '' }, sources);
    const scale = row.scale ? Number(row.scale) : 1;
    return {
      figure: scale === 1 ? figure : { ...figure, value: figure.value * scale, source: `${figure.source} × ${scale}` },
      role,
      basis: row.basis ?? '',
      auto: false,
    };
  });
  const ref = source.ref ?? '';
  if (source.dataset === 'agribalyse' && /^\w+$/.test(ref) && !source.pick) {
    const related = relatedRows(ref, sources, out.length === 0);
    if (related) out.push(related);
  }
  return out;
}

/** The narrowest range a value gets on a side its sources reach (a Finnish figure's default). */
const NARROWEST = QUALITIES.finnish.spread;

/**
 * The value's range. A side that `range` comparisons reach takes the farthest of them (but stays
 * at least NARROWEST wide); a side none reaches takes the default width of the value's quality.
 */
function rangeOf(value: number, quality: Quality, comparisons: Comparison[]): { low: number; high: number; basis: string } {
  const { spread, says } = QUALITIES[quality];
  const bounds = comparisons.filter((c) => c.role === 'range');
  const what = ({ figure, basis }: Comparison): string => `${figure.source.split(' — ')[0]}${basis ? ` (${basis})` : ''}`;
  const lowest = bounds.filter((c) => c.figure.value < value).sort((a, b) => a.figure.value - b.figure.value)[0];
  const highest = bounds.filter((c) => c.figure.value > value).sort((a, b) => b.figure.value - a.figure.value)[0];
  const low = lowest ? Math.min(lowest.figure.value, value / NARROWEST) : value / spread;
  const high = highest ? Math.max(highest.figure.value, value * NARROWEST) : value * spread;
  if (quality === 'none') return { low: 0, high: 0, basis: 'not food' };
  const side = (name: string, bound: Comparison | undefined): string =>
    bound ? `${name} from ${what(bound)}` : `${name} ×/÷ ${spread}, ${says}`;
  return { low, high, basis: `${side('low', lowest)}; ${side('high', highest)}` };
}

export interface TableInput {
  sources: Sources;
  /** data/factor-sources.csv */
  factorSources?: CsvRow[];
  /** data/factor-comparisons.csv */
  factorComparisons?: CsvRow[];
  /** data/product-keys.csv keys, to check that each is sourced once. */
  keys?: ReadonlySet<string>;
}

/** Every product key's factor, range and comparisons, in the order of factor-sources.csv. */
export function sourcedFactors(input: TableInput): FactorRow[] {
  const { sources } = input;
  const factorSources = input.factorSources ?? readCsv(resolve(REPO_ROOT, 'data/factor-sources.csv'));
  const listed = input.factorComparisons ?? readCsv(resolve(REPO_ROOT, 'data/factor-comparisons.csv'));
  const keys = input.keys ?? new Set(readCsv(resolve(REPO_ROOT, 'data/product-keys.csv')).map((row) => row.key ?? ''));
  const byKey = new Map<string, CsvRow[]>();
  for (const row of listed) {
    const key = row.key ?? '';
    if (!keys.has(key)) throw new Error(`factor-comparisons.csv: ${key} is not a product key`);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const seen = new Set<string>();
  const rows = factorSources.map((source): FactorRow => {
    const key = source.key ?? '';
    if (!keys.has(key)) throw new Error(`factor-sources.csv: ${key} is not a product key`);
    if (seen.has(key)) throw new Error(`factor-sources.csv: ${key} appears twice`);
    seen.add(key);
    const quality = source.quality ?? '';
    if (!isQuality(quality)) throw new Error(`factor-sources.csv: ${key} has quality "${quality}", not one of ${Object.keys(QUALITIES).join(', ')}`);
    let figure: Figure;
    try {
      figure = resolveFigure({ dataset: source.dataset ?? '', ref: source.ref ?? '', pick: source.pick ?? '' }, sources);
    } catch (error) {
      throw new Error(`factor-sources.csv: ${key}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const scale = source.scale ? Number(source.scale) : 1;
    if (scale !== 1) figure = { ...figure, value: figure.value * scale, source: `${figure.source} × ${scale}` };
    const value = round(figure.value);
    const comparisons = comparisonsOf(source, byKey.get(key) ?? [], sources);
    const range = rangeOf(value, quality, comparisons);
    const best = comparisons.reduce<FactorRow['best']>((closest, comparison) => {
      const ratio = ratioOf(value, comparison.figure.value);
      return closest === null || ratio < closest.ratio ? { comparison, ratio } : closest;
    }, null);
    const whyDiffers = source.why_differs ?? '';
    if (whyDiffers && !REASONS.some((reason) => whyDiffers.startsWith(`${reason}: `))) {
      throw new Error(`factor-sources.csv: ${key}'s why_differs must start with one of ${REASONS.map((r) => `"${r}: "`).join(', ')}`);
    }
    return {
      key,
      figure,
      value,
      low: round(range.low),
      high: round(range.high),
      quality,
      rangeBasis: range.basis,
      note: source.note ?? '',
      whyDiffers,
      comparisons,
      best,
    };
  });
  const missing = [...keys].filter((key) => !seen.has(key));
  if (missing.length > 0) throw new Error(`No factor source for: ${missing.join(', ')}`);
  return rows;
}

/** Rows that differ from their closest comparison by more than NOTE_RATIO and say nothing of why. */
export function unexplained(rows: readonly FactorRow[]): FactorRow[] {
  return rows.filter((row) => row.best !== null && row.best.ratio > NOTE_RATIO && !row.whyDiffers);
}

/** Food rows with no comparison at all. */
export function uncompared(rows: readonly FactorRow[]): FactorRow[] {
  return rows.filter((row) => row.quality !== 'none' && row.comparisons.length === 0);
}
