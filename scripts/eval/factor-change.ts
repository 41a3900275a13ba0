// What a change of the factor table does to the labelled receipts' totals: each labelled item goes
// through the product's own item path (analyzeItem: the lexicon, the weight printed at the till or
// in the name, else a typical pack) once with today's table and once with the baseline table, the
// one before the last change of factors (scripts/eval/baseline/emission-factors.csv, with the rule
// of its time: only uncertain items took their category's median). The reading is the same both
// times, so the difference is the factors' alone. When factors change, commit the old table here
// first, so that `npm run eval` shows what moved. An item of the locked fold is counted but never
// named, nor its factor shown (which would say how it was read), and a receipt of the locked fold
// gets no row of its own under --verbose: the folds are reported in aggregate.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseCsv } from '../../src/server/pipeline/data/csv.ts';
import { analyzeItem } from '../../src/server/pipeline/analyze.ts';
import type { EmissionFactor } from '../../src/server/pipeline/emissions/factors.ts';
import { factorTables, type FactorTables } from '../../src/server/pipeline/emissions/item-factor.ts';
import { totalRange } from '../../src/server/pipeline/emissions/range.ts';
import type { ParsedItem } from '../../src/server/pipeline/types.ts';
import { inLockedFold } from '../data/model/fold.ts';
import { REPO_ROOT } from '../paths.ts';
import { inReceiptFold } from './receipt-fold.ts';
import { formatTable, type Cell } from './table.ts';

export const BASELINE_TABLE = resolve(REPO_ROOT, 'scripts/eval/baseline/emission-factors.csv');

/** Keys added since the baseline, and the key the same products were read as then. */
const KEYS_BEFORE: Readonly<Record<string, string>> = { reindeer: 'game' };

/** The baseline table (its rows have no range: a value stands for its low and high). */
export function baselineTables(path = BASELINE_TABLE): FactorTables {
  const factors = new Map<string, EmissionFactor>();
  for (const row of parseCsv(readFileSync(path, 'utf8'))) {
    const value = Number(row.kg_co2e_per_kg);
    const key = row.key ?? '';
    factors.set(key, { key, kgCo2ePerKg: value, low: Number(row.low || value), high: Number(row.high || value), source: row.factor_source ?? '' });
  }
  for (const [key, before] of Object.entries(KEYS_BEFORE)) {
    const factor = factors.get(before);
    if (!factors.has(key) && factor) factors.set(key, { ...factor, key });
  }
  return factorTables(factors, 'uncertain');
}

interface LabelItem {
  name: string;
  price: number;
  quantity: number | null;
  weight_kg: number | null;
}

/** A labelled line as the reader would give it: a weighed line (weight, no count) with its weight. */
function parsedOf(item: LabelItem): ParsedItem {
  const weighed = item.quantity === null && item.weight_kg !== null && item.weight_kg > 0;
  return {
    name: item.name,
    price: item.price,
    quantity: weighed ? null : (item.quantity ?? 1),
    weightKg: weighed ? item.weight_kg : null,
    unitPrice: null,
    discount: 0,
  };
}

export interface ReceiptChange {
  label: string;
  items: number;
  before: number;
  after: number;
  low: number;
  high: number;
}

export interface ItemChange {
  name: string;
  before: number;
  after: number;
  beforeSource: string;
  afterSource: string;
}

/** Each labelled receipt once (a photo, scan and text of one receipt carry the same items). */
function labelledReceipts(labelDirs: readonly string[]): { label: string; items: LabelItem[] }[] {
  const seen = new Set<string>();
  const out: { label: string; items: LabelItem[] }[] = [];
  for (const dir of labelDirs) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const items = (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { items?: LabelItem[] }).items ?? [];
      const signature = JSON.stringify(items.map((i) => [i.name, i.price, i.quantity, i.weight_kg]));
      if (items.length === 0 || seen.has(signature)) continue;
      seen.add(signature);
      out.push({ label: basename(file, '.json'), items });
    }
  }
  return out;
}

const sum = (values: number[]): number => Math.round(values.reduce((a, b) => a + b, 0) * 1000) / 1000;

export function factorChange(labelDirs: readonly string[], baseline: FactorTables = baselineTables()): { receipts: ReceiptChange[]; items: ItemChange[] } {
  const receipts: ReceiptChange[] = [];
  const items: ItemChange[] = [];
  for (const { label, items: labelled } of labelledReceipts(labelDirs)) {
    const after = labelled.map((item) => analyzeItem(parsedOf(item)));
    const before = labelled.map((item) => analyzeItem(parsedOf(item), { tables: baseline }));
    const range = totalRange(
      after.map((item, index) => ({
        emissions: item.emissions,
        low: item.emissions_low ?? item.emissions,
        high: item.emissions_high ?? item.emissions,
        // As the analysis groups them: by the factor an item carries (a category's median alone).
        group: /^Median/.test(item.factor_source ?? '') ? `item ${index}` : (item.factor_source ?? ''),
      })),
    );
    receipts.push({
      label,
      items: labelled.length,
      before: sum(before.map((i) => i.emissions)),
      after: sum(after.map((i) => i.emissions)),
      ...range,
    });
    after.forEach((item, index) => {
      const old = before[index]!;
      if (old.emissions !== item.emissions) {
        items.push({ name: item.name, before: old.emissions, after: item.emissions, beforeSource: old.factor_source ?? '', afterSource: item.factor_source ?? '' });
      }
    });
  }
  return { receipts, items };
}

/** How an item of the locked fold shows in the report. */
export const LOCKED = '(a name of the locked fold)';

const percent = (before: number, after: number): string =>
  before === 0 ? (after === 0 ? '0%' : 'new') : `${after >= before ? '+' : ''}${(((after - before) / before) * 100).toFixed(1)}%`;

export function factorChangeReport(labelDirs: readonly string[], options: { verbose?: boolean; topItems?: number } = {}): string {
  const { receipts, items } = factorChange(labelDirs);
  if (receipts.length === 0) return 'No labelled receipts found.';
  const open = receipts.filter((r) => !inReceiptFold(`${r.label}.json`));
  const folded = receipts.filter((r) => inReceiptFold(`${r.label}.json`));
  const rows: Cell[][] = open.map((r) => [r.label.slice(0, 60), r.items, r.before, r.after, `${r.low}–${r.high}`, percent(r.before, r.after)]);
  const totalsOf = (label: string, of: readonly ReceiptChange[]): Cell[] => {
    const [before, after] = [sum(of.map((r) => r.before)), sum(of.map((r) => r.after))];
    return [label, sum(of.map((r) => r.items)), before, after, '', percent(before, after)];
  };
  if (folded.length > 0) rows.push(totalsOf(`(${folded.length} receipts of the locked fold)`, folded));
  const moved = receipts.filter((r) => Math.abs(r.after - r.before) > 0.1 * Math.max(r.before, 1e-9)).length;
  const summary = totalsOf('all receipts', receipts);
  const lines = [
    options.verbose ? formatTable(['receipt', 'items', 'kg before', 'kg after', 'range after', 'change'], [...rows, summary]) : formatTable(['receipts', 'items', 'kg before', 'kg after', '', 'change'], [[`${receipts.length} receipts`, ...summary.slice(1)]]),
    `${moved} of ${receipts.length} receipts moved by more than 10 %; ${items.length} labelled items changed.${options.verbose ? '' : ' One row per receipt: --verbose.'}`,
  ];
  const top = [...items].sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before)).slice(0, options.topItems ?? 10);
  if (top.length > 0) {
    lines.push(
      '',
      formatTable(
        ['largest item changes', 'kg before', 'kg after', 'factor now'],
        top.map((i) =>
          inLockedFold(i.name)
            ? [LOCKED, i.before, i.after, '']
            : [i.name.slice(0, 36), i.before, i.after, i.afterSource.replace(/ — .*$/, '').slice(0, 70)],
        ),
      ),
    );
  }
  return lines.join('\n');
}
