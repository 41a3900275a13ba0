// Category accuracy of the classifier over a list of real product names with their categories
// (name,category,... CSV). Each name goes through analyzeParsedReceipt as a one-item receipt,
// so the numbers are those of the product's own classification path.
import { readFileSync } from 'node:fs';
import { CATEGORY_NAMES, type CategoryName } from '../../src/contract.ts';
import { analyzeParsedReceipt } from '../../src/server/pipeline/analyze.ts';
import type { ParsedReceipt } from '../../src/server/pipeline/types.ts';
import { buildReceipt } from '../../src/server/pipeline/receipt.ts';

export interface ProductRow {
  name: string;
  category: CategoryName;
}

/** RFC 4180 fields: quoted fields may hold commas, quotes are doubled. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

export function readProducts(path: string): ProductRow[] {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = splitCsvLine(lines[0] ?? '');
  const nameAt = header.indexOf('name');
  const categoryAt = header.indexOf('category');
  if (nameAt < 0 || categoryAt < 0) throw new Error(`${path} needs name and category columns`);
  return lines.slice(1).map((line, index) => {
    const fields = splitCsvLine(line);
    const category = fields[categoryAt] ?? '';
    if (!(CATEGORY_NAMES as readonly string[]).includes(category)) throw new Error(`${path}:${index + 2}: unknown category ${category}`);
    return { name: fields[nameAt] ?? '', category: category as CategoryName };
  });
}

export function oneItemReceipt(name: string): ParsedReceipt {
  const items = [{ name, price: 1, quantity: 1, weightKg: null, unitPrice: null, discount: 0 }];
  return buildReceipt({ store: { name: null, chain: null }, printedTotal: null, items, deposits: 0, returns: 0, fees: 0 }, 'none');
}

/** The category the product gives a name, or null when it returns no item for it. */
export function classifyProduct(name: string): CategoryName | null {
  return analyzeParsedReceipt(oneItemReceipt(name), { method: 'text' }).items[0]?.category ?? null;
}

export interface ProductEval {
  total: number;
  correct: number;
  /** confusion[true][predicted] = count; predicted 'none' when no item came back. */
  confusion: Map<CategoryName, Map<CategoryName | 'none', number>>;
  ms: number;
}

export function evaluateProducts(rows: readonly ProductRow[], classify: (name: string) => CategoryName | null = classifyProduct): ProductEval {
  const started = performance.now();
  const confusion = new Map<CategoryName, Map<CategoryName | 'none', number>>();
  let correct = 0;
  for (const row of rows) {
    const predicted = classify(row.name) ?? 'none';
    if (predicted === row.category) correct += 1;
    const line = confusion.get(row.category) ?? new Map<CategoryName | 'none', number>();
    line.set(predicted, (line.get(predicted) ?? 0) + 1);
    confusion.set(row.category, line);
  }
  return { total: rows.length, correct, confusion, ms: performance.now() - started };
}
