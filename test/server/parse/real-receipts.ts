// Measures the parser on the labelled real receipts in ../shared/data/receipts (read in place,
// never copied): per file, item precision/recall/F1 (an item matches on price ±0.01 and name)
// and whether the printed total was found. Used by real-receipts.test.ts (floors) and, run
// directly, prints the per-file table:
//   node test/server/parse/real-receipts.ts [extra-dir-with-txt-files-named-like-labels]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseReceiptText } from '../../../src/server/pipeline/parse/index.ts';
import type { ParsedReceipt } from '../../../src/server/pipeline/types.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const RECEIPTS_DIR = resolve(HERE, '../../../../shared/data/receipts');

export interface LabelItem {
  name: string;
  price: number;
  quantity: number | null;
  weight_kg: number | null;
}

export interface Label {
  file: string;
  printed_total: number | null;
  items: LabelItem[];
  deposits?: { amount: number }[];
  fees?: { amount: number }[];
  returns?: { amount: number }[];
}

export interface FileResult {
  file: string;
  kind: 'text' | 'text_from_pdf' | 'other';
  expected: number;
  found: number;
  matched: number;
  totalFound: boolean;
  ms: number;
  missing: string[];
  extra: string[];
}

export function normaliseName(name: string): string {
  return name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** One-to-one matching on name (normalised, exact) and price within a cent. */
export function matchItems(expected: readonly LabelItem[], parsed: ParsedReceipt): { matched: number; missing: string[]; extra: string[] } {
  const unused = [...parsed.items];
  const missing: string[] = [];
  let matched = 0;
  for (const item of expected) {
    const k = unused.findIndex((p) => normaliseName(p.name) === normaliseName(item.name) && Math.abs(p.price - item.price) <= 0.011);
    if (k >= 0) {
      unused.splice(k, 1);
      matched++;
    } else missing.push(`${item.name} ${item.price.toFixed(2)}`);
  }
  return { matched, missing, extra: unused.map((p) => `${p.name} ${p.price.toFixed(2)}`) };
}

function labelFor(textFile: string): Label | null {
  const stem = basename(textFile).replace(/\.pdftotext-layout\.txt$|\.txt$/, '');
  const path = join(RECEIPTS_DIR, 'labels', `${stem}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Label) : null;
}

export function evaluateFile(path: string, kind: FileResult['kind']): FileResult | null {
  const label = labelFor(path);
  if (!label) return null;
  const text = readFileSync(path, 'utf8');
  const started = performance.now();
  const parsed = parseReceiptText(text);
  const ms = performance.now() - started;
  const { matched, missing, extra } = matchItems(label.items, parsed);
  const totalFound = label.printed_total !== null && parsed.printedTotal !== null && Math.abs(parsed.printedTotal - label.printed_total) <= 0.005;
  return { file: basename(path), kind, expected: label.items.length, found: parsed.items.length, matched, totalFound, ms, missing, extra };
}

export function evaluateFolder(folder: string, kind: FileResult['kind']): FileResult[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => evaluateFile(join(folder, f), kind))
    .filter((r): r is FileResult => r !== null);
}

export function summarise(results: readonly FileResult[]): { precision: number; recall: number; f1: number; totalRate: number } {
  const matched = results.reduce((s, r) => s + r.matched, 0);
  const found = results.reduce((s, r) => s + r.found, 0);
  const expected = results.reduce((s, r) => s + r.expected, 0);
  const precision = found === 0 ? 0 : matched / found;
  const recall = expected === 0 ? 0 : matched / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const totalRate = results.length === 0 ? 0 : results.filter((r) => r.totalFound).length / results.length;
  return { precision, recall, f1, totalRate };
}

function printTable(title: string, results: readonly FileResult[]): void {
  console.log(`\n${title}`);
  const width = Math.max(...results.map((r) => r.file.length), 10);
  console.log(`${'file'.padEnd(width)}  expected  found  matched   F1     total  ms`);
  for (const r of results) {
    const f1 = r.expected + r.found === 0 ? 1 : (2 * r.matched) / (r.expected + r.found);
    console.log(
      `${r.file.padEnd(width)}  ${String(r.expected).padStart(8)}  ${String(r.found).padStart(5)}  ${String(r.matched).padStart(7)}  ${f1.toFixed(3)}  ${r.totalFound ? 'yes' : 'NO '}    ${r.ms.toFixed(2)}`,
    );
    for (const m of r.missing) console.log(`${''.padEnd(width)}    missing: ${m}`);
    for (const e of r.extra) console.log(`${''.padEnd(width)}    extra:   ${e}`);
  }
  const s = summarise(results);
  console.log(`precision ${s.precision.toFixed(3)}  recall ${s.recall.toFixed(3)}  F1 ${s.f1.toFixed(3)}  total found ${(s.totalRate * 100).toFixed(0)}%`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = evaluateFolder(join(RECEIPTS_DIR, 'text'), 'text');
  const pdf = evaluateFolder(join(RECEIPTS_DIR, 'text_from_pdf'), 'text_from_pdf');
  printTable('text/', text);
  printTable('text_from_pdf/', pdf);
  printTable('text/ + text_from_pdf/', [...text, ...pdf]);
  const extra = process.argv[2];
  if (extra) printTable(`${extra} (other texts, e.g. OCR output)`, evaluateFolder(extra, 'other'));
  printTiming([...text, ...pdf].map((r) => join(RECEIPTS_DIR, r.kind, r.file)));
}

// Warm timing: the first parse pays for JIT compilation, a server parses many receipts.
function printTiming(paths: readonly string[]): void {
  const texts = paths.map((p) => readFileSync(p, 'utf8'));
  for (let k = 0; k < 20; k++) texts.forEach((t) => parseReceiptText(t));
  const perReceipt = texts.map((t) => {
    const runs = 200;
    const started = performance.now();
    for (let k = 0; k < runs; k++) parseReceiptText(t);
    return (performance.now() - started) / runs;
  });
  const sorted = [...perReceipt].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  const lines = texts.map((t) => t.split('\n').length);
  console.log(`\nwarm parse time over ${texts.length} receipts (${Math.min(...lines)}–${Math.max(...lines)} lines): median ${median.toFixed(3)} ms, max ${max.toFixed(3)} ms`);
}
