// Swaps: for the items that weigh most in a footprint, the same amount of a lower-carbon
// alternative from the factor table (data/swaps.csv), with the saving for this receipt. The
// alternatives are editorial (what a Finnish shop sells in the same role: mince for mince, cold
// cuts for cold cuts); both factors come cited from emission-factors.csv.
import type { AnalysisItem, LocalizedName, Swap } from '../../../contract.ts';
import { readDataTable } from '../data/data-files.ts';
import type { CsvRow } from '../data/csv.ts';
import { FACTORS, type EmissionFactor } from './factors.ts';
import { roundKg } from '../money.ts';

export interface SwapRule {
  to: EmissionFactor;
  name: LocalizedName;
}

/** How many of the heaviest items are considered, and how many swaps are offered at most. */
export const SWAP_CANDIDATES = 5;
export const MAX_SWAPS = 3;
/** A swap saving less than this (kg CO2e) is not worth the visitor's attention. */
export const MIN_SAVING_KG = 0.1;

export function buildSwapTable(rows: CsvRow[], factors: ReadonlyMap<string, EmissionFactor>): ReadonlyMap<string, SwapRule> {
  const table = new Map<string, SwapRule>();
  for (const row of rows) {
    const from = factors.get(row.from_key ?? '');
    const to = factors.get(row.to_key ?? '');
    if (!from || !to) throw new Error(`swaps.csv: unknown key in ${row.from_key} → ${row.to_key}`);
    if (!(to.kgCo2ePerKg < from.kgCo2ePerKg)) throw new Error(`swaps.csv: ${to.key} is not lower-carbon than ${from.key}`);
    const name = { en: row.to_en ?? '', fi: row.to_fi ?? '', sv: row.to_sv ?? '' };
    if (!name.en || !name.fi || !name.sv) throw new Error(`swaps.csv: ${from.key} needs a name in en, fi and sv`);
    table.set(from.key, { to, name });
  }
  return table;
}

export const SWAPS: ReadonlyMap<string, SwapRule> = buildSwapTable(readDataTable('swaps.csv'), FACTORS);

/** An analysed item with the product key its factor came from. */
export interface KeyedItem {
  item: AnalysisItem;
  productKey: string;
  /** The item carries its product key's own factor (not its category's), whose error it shares with the key's other items. */
  shared?: boolean;
}

/**
 * Among the SWAP_CANDIDATES items with the most emissions, those with an alternative that saves at
 * least MIN_SAVING_KG on this receipt, largest saving first, at most MAX_SWAPS.
 */
export function swapsFor(items: readonly KeyedItem[], table: ReadonlyMap<string, SwapRule> = SWAPS): Swap[] {
  const heaviest = items
    .map((keyed, index) => ({ ...keyed, index }))
    .filter(({ item }) => item.emissions > 0)
    .sort((a, b) => b.item.emissions - a.item.emissions || a.index - b.index)
    .slice(0, SWAP_CANDIDATES);
  const swaps: Swap[] = [];
  for (const { item, productKey, index } of heaviest) {
    const rule = table.get(productKey);
    if (!rule || item.factor === undefined) continue;
    // The item's own factor may be a category fallback the visitor chose; the saving is against it.
    const saving = roundKg(item.weight * (item.factor - rule.to.kgCo2ePerKg));
    if (saving < MIN_SAVING_KG) continue;
    swaps.push({
      item_index: index,
      item_name: item.name,
      weight: item.weight,
      from: { factor: item.factor, factor_source: item.factor_source ?? '' },
      to: { key: rule.to.key, name: rule.name, factor: rule.to.kgCo2ePerKg, factor_source: rule.to.source },
      saving,
    });
  }
  return swaps.sort((a, b) => b.saving - a.saving || a.item_index - b.item_index).slice(0, MAX_SWAPS);
}
