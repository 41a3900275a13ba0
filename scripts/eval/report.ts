// The printed report: a table per corpus (one row per input kind), optional per-file rows,
// the robustness run, and the classifier's accuracy per category with its confusion table.
import { basename } from 'node:path';
import { CATEGORY_NAMES, type CategoryName } from '../../src/contract.ts';
import { inLockedFold } from '../data/model/fold.ts';
import type { ReportKind } from './floors.ts';
import type { ProductEval } from './products.ts';
import { inReceiptFold, receiptPart, type ReceiptPart } from './receipt-fold.ts';
import type { EntryResult, RobustnessResult } from './run.ts';
import { reportKind } from './run.ts';
import { summarize, type Summary } from './score.ts';
import { formatTable, percent, type Cell } from './table.ts';

const KIND_ORDER: ReportKind[] = ['text', 'pdf-as-text', 'pdf', 'pdf-scan', 'image'];

const KIND_TITLES: Record<ReportKind, string> = {
  text: 'text',
  'pdf-as-text': 'PDF (pdftotext text)',
  pdf: 'PDF (text layer)',
  'pdf-scan': 'PDF (scan, OCR)',
  image: 'image (OCR)',
};

export function summariesByKind(results: readonly EntryResult[]): Partial<Record<ReportKind, Summary>> {
  const out: Partial<Record<ReportKind, Summary>> = {};
  for (const kind of KIND_ORDER) {
    const scores = results.filter((r) => reportKind(r) === kind).map((r) => r.score);
    if (scores.length > 0) out[kind] = summarize(scores);
  }
  return out;
}

function seconds(ms: number | null): string {
  return ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`;
}

export function kindTable(summaries: Partial<Record<ReportKind, Summary>>): string {
  const rows: Cell[][] = [];
  for (const kind of KIND_ORDER) {
    const s = summaries[kind];
    if (!s) continue;
    rows.push([
      KIND_TITLES[kind],
      s.receipts,
      s.items,
      s.precision.toFixed(3),
      s.recall.toFixed(3),
      s.f1.toFixed(3),
      percent(s.priceAccuracy),
      percent(s.totalFound),
      percent(s.categoryAccuracy),
      s.weightCount === 0 ? '–' : `${percent(s.weightMedianError)} / ${percent(s.weightMeanError)} (${s.weightCount})`,
      percent(s.weightWithin10),
      s.footprintCount === 0 ? '–' : `${percent(s.footprintMedian)} / ${percent(s.footprintP90)} (${s.footprintCount})`,
      seconds(s.medianMs),
      s.failures,
    ]);
  }
  return formatTable(
    [
      'input',
      'receipts',
      'items',
      'precision',
      'recall',
      'F1',
      'price acc',
      'total found',
      'category acc',
      'weight err med / mean (n)',
      'weight ≤10%',
      'footprint err med / p90 (n)',
      'median time',
      'failed',
    ],
    rows,
  );
}

/**
 * The reading per part of the corpus (receipt-fold.ts) and input kind: the open part, from which
 * reading rules may come, beside the locked fold, from which none does. Only aggregates.
 */
export function partTable(results: readonly EntryResult[]): string {
  const rows: Cell[][] = [];
  for (const part of ['open part', 'locked fold'] satisfies ReceiptPart[]) {
    for (const kind of KIND_ORDER) {
      const scores = results.filter((r) => receiptPart(r.entry.name) === part && reportKind(r) === kind).map((r) => r.score);
      if (scores.length === 0) continue;
      const s = summarize(scores);
      rows.push([part, KIND_TITLES[kind], s.receipts, s.items, s.precision.toFixed(3), s.recall.toFixed(3), s.f1.toFixed(3), percent(s.priceAccuracy), percent(s.totalFound), s.failures]);
    }
  }
  return formatTable(['part', 'input', 'receipts', 'items', 'precision', 'recall', 'F1', 'price acc', 'total found', 'failed'], rows, { leftColumns: 2 });
}

/** A line counting the receipts of the locked fold a per-file listing leaves out, or null. */
function unlisted(results: readonly EntryResult[]): string | null {
  const count = results.filter((r) => inReceiptFold(r.entry.name)).length;
  return count === 0 ? null : `(${count} ${count === 1 ? 'receipt' : 'receipts'} of the locked fold, not listed)`;
}

/**
 * How the files were read, per input kind: text passes (a PDF's text layer, each OCR reading of a
 * photo) and texts parsed, in all and per file. Files refused before reading are left out.
 */
export function readingTable(results: readonly EntryResult[]): string | null {
  const rows: Cell[][] = [];
  for (const kind of KIND_ORDER) {
    const read = results.filter((r) => reportKind(r) === kind && r.reading !== null);
    if (read.length === 0) continue;
    const passes = read.reduce((sum, r) => sum + (r.reading?.passes ?? 0), 0);
    const parses = read.reduce((sum, r) => sum + (r.reading?.parses ?? 0), 0);
    rows.push([KIND_TITLES[kind], read.length, passes, parses, (passes / read.length).toFixed(2), (parses / read.length).toFixed(2)]);
  }
  return rows.length === 0 ? null : formatTable(['input', 'files read', 'passes', 'parses', 'passes per file', 'parses per file'], rows);
}

/** One row per receipt of the open part; the locked fold's are counted, never named. */
export function fileTable(results: readonly EntryResult[]): string {
  const rows: Cell[][] = results.filter((r) => !inReceiptFold(r.entry.name)).map((r) => {
    const s = r.score;
    const pr = summarize([s]);
    return [
      basename(r.entry.name, '.json'),
      KIND_TITLES[reportKind(r)],
      `${s.matched}/${s.labelled}`,
      s.predicted,
      pr.f1.toFixed(3),
      s.totalFound === null ? '–' : s.totalFound ? 'yes' : 'no',
      s.matched === 0 ? '–' : `${s.categoryRight}/${s.matched}`,
      seconds(s.ms),
      s.error === null ? '' : s.error.length > 70 ? `${s.error.slice(0, 69)}…` : s.error,
    ];
  });
  const table = formatTable(['file', 'input', 'matched', 'predicted', 'F1', 'total', 'category', 'time', 'error'], rows, { leftColumns: 2 });
  return [table, unlisted(results)].filter((line) => line !== null).join('\n');
}

/**
 * Item by item, for the open part's receipts: labelled items the reader missed, items it invented,
 * and wrong categories; a wrong category of an item in the products' locked fold is counted,
 * never named. The locked fold's receipts are left out whole.
 */
export function itemDetails(results: readonly EntryResult[]): string {
  const out: string[] = [];
  for (const r of results.filter((r) => !inReceiptFold(r.entry.name))) {
    const s = r.score;
    if (s.missed.length + s.extra.length + s.wrongCategory.length === 0) continue;
    out.push(`${basename(r.entry.name, '.json')} (${KIND_TITLES[reportKind(r)]})`);
    for (const m of s.missed) out.push(`  missed    ${m}`);
    for (const e of s.extra) out.push(`  extra     ${e}`);
    const unread = (w: (typeof s.wrongCategory)[number]): boolean => inLockedFold(w.name) || inLockedFold(w.read);
    const inFold = s.wrongCategory.filter(unread).length;
    for (const w of s.wrongCategory) {
      if (unread(w)) continue;
      out.push(`  category  ${w.name}${w.read === w.name ? '' : ` (read "${w.read}")`}: ${w.predicted}, label ${w.labelled}`);
    }
    if (inFold > 0) out.push(`  category  ${inFold} of the locked fold (not listed)`);
  }
  const left = unlisted(results);
  if (left) out.push(left);
  return out.join('\n');
}

export function robustnessTable(results: readonly RobustnessResult[]): string {
  return formatTable(['file', 'outcome'], results.map((r) => [basename(r.path), r.outcome]), { leftColumns: 2 });
}

/** Short column names for the confusion table, so it fits a terminal. */
const SHORT: Record<CategoryName | 'none', string> = {
  'Red Meat': 'Meat',
  Pork: 'Pork',
  Poultry: 'Poult',
  Fish: 'Fish',
  Eggs: 'Eggs',
  Dairy: 'Dairy',
  'Plant Proteins': 'Plant',
  Vegetables: 'Veg',
  Fruits: 'Fruit',
  Grains: 'Grain',
  'Processed Food': 'Proc',
  Beverages: 'Bev',
  Other: 'Other',
  none: 'none',
};

export function productTables(result: ProductEval): string {
  const accuracyRows: Cell[][] = [];
  for (const category of CATEGORY_NAMES) {
    const line = result.confusion.get(category);
    if (!line) continue;
    const total = [...line.values()].reduce((a, b) => a + b, 0);
    accuracyRows.push([category, total, percent((line.get(category) ?? 0) / total)]);
  }
  accuracyRows.push(['all', result.total, percent(result.total === 0 ? null : result.correct / result.total)]);
  const columns: (CategoryName | 'none')[] = [...CATEGORY_NAMES, 'none'];
  const confusionRows: Cell[][] = CATEGORY_NAMES.filter((c) => result.confusion.has(c)).map((category) => {
    const line = result.confusion.get(category);
    return [SHORT[category], ...columns.map((p) => line?.get(p) ?? '.')];
  });
  return [
    formatTable(['category', 'products', 'accuracy'], accuracyRows),
    '',
    'Confusion (rows: labelled category, columns: the product\'s category)',
    formatTable(['', ...columns.map((c) => SHORT[c])], confusionRows),
  ].join('\n');
}
