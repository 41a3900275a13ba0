// Mean absolute weight error on the labelled receipts whose items carry a weight: each labelled
// name goes through the product's own item path (analyzeItem), with the till's printed weight only
// for lines weighed at the till (a weight and no count), as on the receipt.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeItem } from '../../src/server/pipeline/analyze.ts';
import { classifyName } from '../../src/server/pipeline/classify/classify.ts';
import { categoryTypicalKg, keyTypicalKg } from '../../src/server/pipeline/weigh/typical.ts';
import { formatTable, type Cell } from './table.ts';

interface LabelItem {
  name: string;
  price: number;
  quantity: number | null;
  weight_kg: number | null;
}

export interface WeightRow {
  basis: 'printed' | 'pack' | 'typical';
  labelKg: number;
  kg: number;
  /** The typical weight the product would use had no weight or pack size been printed. */
  typicalKg: number;
}

function typicalOf(name: string, quantity: number): number {
  const reading = classifyName(name);
  const byCategory = reading.source === 'model' || reading.source === 'cue';
  return (byCategory ? categoryTypicalKg(reading.category) : keyTypicalKg(reading.productKey)) * quantity;
}

export function weightRows(labelDir: string): WeightRow[] {
  if (!existsSync(labelDir)) return [];
  return readdirSync(labelDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const label = JSON.parse(readFileSync(join(labelDir, file), 'utf8')) as { items?: LabelItem[] };
      return (label.items ?? []).flatMap((item): WeightRow[] => {
        if (item.weight_kg === null || !(item.weight_kg > 0)) return [];
        const weighed = item.quantity === null;
        const analysed = analyzeItem({
          name: item.name,
          price: item.price,
          quantity: weighed ? null : item.quantity,
          weightKg: weighed ? item.weight_kg : null,
          unitPrice: null,
          discount: 0,
        });
        const basis = weighed ? 'printed' : analysed.weight_estimated ? 'typical' : 'pack';
        return [{ basis, labelKg: item.weight_kg, kg: analysed.weight, typicalKg: typicalOf(item.name, weighed ? 1 : (item.quantity ?? 1)) }];
      });
    });
}

export function weightTable(title: string, rows: readonly WeightRow[]): string {
  const line = (label: string, subset: readonly WeightRow[]): Cell[] => {
    if (subset.length === 0) return [label, 0, null, null];
    const abs = subset.map((row) => Math.abs(row.kg - row.labelKg));
    const rel = subset.map((row) => Math.abs(row.kg - row.labelKg) / row.labelKg);
    return [label, subset.length, abs.reduce((a, b) => a + b, 0) / subset.length, `${((rel.reduce((a, b) => a + b, 0) / subset.length) * 100).toFixed(1)}%`];
  };
  return [
    `Weights: ${title} (items whose label carries a weight)`,
    formatTable(
      ['weight from', 'items', 'mean abs error kg', 'mean rel error'],
      [
        line('printed at the till', rows.filter((r) => r.basis === 'printed')),
        line('pack size in the name', rows.filter((r) => r.basis === 'pack')),
        line('typical (estimated)', rows.filter((r) => r.basis === 'typical')),
        line('all', rows),
        line('typical, had nothing been printed', rows.map((r) => ({ ...r, kg: r.typicalKg }))),
      ],
    ),
  ].join('\n');
}
