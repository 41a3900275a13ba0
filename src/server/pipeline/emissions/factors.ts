// The committed emission-factor table (data/emission-factors.csv, built by
// scripts/data/build-factors.ts): kg CO2e per kg at cradle to retail, one cited row per product key,
// each with the low and high of its range (data/README.md, "How ranges are made").
import { readDataTable } from '../data/data-files.ts';
import type { CsvRow } from '../data/csv.ts';

export interface EmissionFactor {
  key: string;
  /** kg CO2e per kg of product (a litre of drink counts as 1 kg). */
  kgCo2ePerKg: number;
  /** The plausible range of the factor: the spread of its sources, or a default by data quality. */
  low: number;
  high: number;
  /** Citation of the source row: dataset, code or row, name, boundary. */
  source: string;
}

export function buildFactorTable(rows: CsvRow[]): ReadonlyMap<string, EmissionFactor> {
  const table = new Map<string, EmissionFactor>();
  for (const row of rows) {
    const key = row.key ?? '';
    const kgCo2ePerKg = Number(row.kg_co2e_per_kg);
    const low = Number(row.low);
    const high = Number(row.high);
    const source = row.factor_source ?? '';
    if (!key || !Number.isFinite(kgCo2ePerKg) || kgCo2ePerKg < 0) {
      throw new Error(`emission-factors.csv: bad row for "${key}"`);
    }
    if (!(low >= 0 && low <= kgCo2ePerKg && high >= kgCo2ePerKg && Number.isFinite(high))) {
      throw new Error(`emission-factors.csv: ${key} needs low ≤ value ≤ high`);
    }
    if (!source) throw new Error(`emission-factors.csv: ${key} cites no source`);
    table.set(key, { key, kgCo2ePerKg, low, high, source });
  }
  return table;
}

export const FACTORS: ReadonlyMap<string, EmissionFactor> = buildFactorTable(readDataTable('emission-factors.csv'));

export function factorFor(productKey: string, table: ReadonlyMap<string, EmissionFactor> = FACTORS): EmissionFactor {
  const factor = table.get(productKey);
  if (!factor) throw new Error(`No emission factor for product key ${productKey}`);
  return factor;
}
