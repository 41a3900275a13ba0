// Classification accuracy against labelled names: overall, per category (recall), and the
// confusion table. Pure functions over samples, so the report script, the floor test and a later
// `npm run eval` can share them; readers of the shared data sets live here too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORY_NAMES, isCategoryName, type CategoryName } from '../../src/contract.ts';
import { parseCsv } from '../../src/server/pipeline/data/csv.ts';
import type { NameCues } from '../../src/server/pipeline/classify/classify.ts';

export interface LabelledName {
  name: string;
  category: CategoryName;
  cues?: NameCues;
}

export interface CategoryScore {
  category: CategoryName;
  total: number;
  correct: number;
  accuracy: number;
}

export interface ClassificationReport {
  total: number;
  correct: number;
  accuracy: number;
  perCategory: CategoryScore[];
  /** confusion[expected][predicted] = count */
  confusion: Record<CategoryName, Record<CategoryName, number>>;
  misses: Array<{ name: string; expected: CategoryName; predicted: CategoryName }>;
}

export function evaluateClassification(
  samples: LabelledName[],
  classify: (name: string, cues: NameCues) => CategoryName,
): ClassificationReport {
  const confusion = Object.fromEntries(
    CATEGORY_NAMES.map((expected) => [expected, Object.fromEntries(CATEGORY_NAMES.map((p) => [p, 0]))]),
  ) as Record<CategoryName, Record<CategoryName, number>>;
  const misses: ClassificationReport['misses'] = [];
  let correct = 0;
  for (const sample of samples) {
    const predicted = classify(sample.name, sample.cues ?? {});
    confusion[sample.category][predicted] += 1;
    if (predicted === sample.category) correct += 1;
    else misses.push({ name: sample.name, expected: sample.category, predicted });
  }
  const perCategory = CATEGORY_NAMES.map((category) => {
    const row = confusion[category];
    const total = CATEGORY_NAMES.reduce((sum, p) => sum + row[p], 0);
    return { category, total, correct: row[category], accuracy: total ? row[category] / total : 1 };
  });
  return { total: samples.length, correct, accuracy: samples.length ? correct / samples.length : 1, perCategory, confusion, misses };
}

/** products.csv of the shared data: name,category,source. */
export function readProductNames(sharedDataDir: string): LabelledName[] {
  const text = readFileSync(join(sharedDataDir, 'products', 'products.csv'), 'utf8');
  return parseCsv(text).flatMap((row) =>
    row.name && isCategoryName(row.category) ? [{ name: row.name, category: row.category }] : [],
  );
}

interface LabelItem {
  name: string;
  category: string;
  quantity: number | null;
  weight_kg: number | null;
}

/** Items of the hand-labelled receipts; a line with a weight and no count was weighed at the till. */
export function readReceiptLabelItems(sharedDataDir: string): LabelledName[] {
  const dir = join(sharedDataDir, 'receipts', 'labels');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const label = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { items: LabelItem[] };
      return label.items.flatMap((item) =>
        isCategoryName(item.category)
          ? [{ name: item.name, category: item.category, cues: { weighed: item.quantity === null && item.weight_kg !== null } }]
          : [],
      );
    });
}

const SHORT: Record<CategoryName, string> = {
  'Red Meat': 'Red', Pork: 'Pork', Poultry: 'Poul', Fish: 'Fish', Eggs: 'Eggs', Dairy: 'Dair',
  'Plant Proteins': 'Plnt', Vegetables: 'Veg', Fruits: 'Frui', Grains: 'Grai', 'Processed Food': 'Proc',
  Beverages: 'Bev', Other: 'Oth',
};

/** The report as printable lines: overall, per category, confusion (rows expected, columns predicted). */
export function formatReport(title: string, report: ClassificationReport): string[] {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const lines = [`${title}: ${report.correct}/${report.total} = ${pct(report.accuracy)}`, ''];
  lines.push(`${'category'.padEnd(16)}${'n'.padStart(6)}${'correct'.padStart(9)}${'accuracy'.padStart(10)}`);
  for (const score of report.perCategory) {
    if (score.total === 0) continue;
    lines.push(`${score.category.padEnd(16)}${String(score.total).padStart(6)}${String(score.correct).padStart(9)}${pct(score.accuracy).padStart(10)}`);
  }
  lines.push('', `confusion (rows: expected, columns: predicted)`);
  lines.push(`${''.padEnd(16)}${CATEGORY_NAMES.map((c) => SHORT[c].padStart(6)).join('')}`);
  for (const expected of CATEGORY_NAMES) {
    const row = report.confusion[expected];
    if (CATEGORY_NAMES.every((p) => row[p] === 0)) continue;
    lines.push(`${expected.padEnd(16)}${CATEGORY_NAMES.map((p) => (row[p] ? String(row[p]) : '.').padStart(6)).join('')}`);
  }
  return lines;
}
