// The weight of a receipt line, in order of trust: the weight printed at the till for a weighed
// line; else the pack size in the name times the count; else a typical Finnish pack for the product
// key (or, when only the category is known, the category's) times the count, marked as estimated.
// A litre of drink counts as 1 kg.
import type { ParsedItem } from '../types.ts';
import { CATALOGUE } from '../data/catalogue.ts';
import { FACTORS } from '../emissions/factors.ts';
import type { CategoryName } from '../../../contract.ts';
import { categoryTypicalKg, keyTypicalKg } from './typical.ts';
import { EGG_KG, readEggCount, readOcrLitres, readPackSize, readTrailingGrams, type PackSize } from './pack-size.ts';

export interface Weight {
  /** kg of the whole line. */
  kg: number;
  /** true when a typical pack weight stands in for a printed one. */
  estimated: boolean;
  /** Packs on the line (1 for a weighed line). */
  quantity: number;
  /** Where the weight came from. */
  basis: 'printed' | 'pack' | 'typical';
}

const LIQUID_CATEGORIES = new Set(['Dairy', 'Beverages', 'Plant Proteins']);

function packOf(name: string, productKey: string): PackSize | null {
  const info = CATALOGUE.get(productKey);
  // Non-food counts no food emissions; its litres are capacities (bin bags), not contents.
  const nonFood = (FACTORS.get(productKey)?.kgCo2ePerKg ?? 0) === 0;
  const printed = readPackSize(name, { massOnly: nonFood });
  if (printed) return printed;
  if (productKey === 'eggs') {
    const eggs = readEggCount(name);
    if (eggs) return { kg: eggs * EGG_KG, text: `${eggs} eggs` };
  }
  if (LIQUID_CATEGORIES.has(info.category)) {
    const litres = readOcrLitres(name);
    if (litres) return litres;
  }
  return nonFood ? null : readTrailingGrams(name);
}

export interface WeighOptions {
  /** The key stands only for a category (the model placed the name): its typical weight is the category's. */
  categoryOnly?: CategoryName;
}

export function weighItem(item: ParsedItem, productKey: string, options: WeighOptions = {}): Weight {
  if (item.weightKg !== null && item.weightKg > 0) {
    return { kg: item.weightKg, estimated: false, quantity: 1, basis: 'printed' };
  }
  const quantity = item.quantity !== null && item.quantity > 0 ? item.quantity : 1;
  const pack = packOf(item.name, productKey);
  if (pack) return { kg: pack.kg * quantity, estimated: false, quantity, basis: 'pack' };
  const typical = options.categoryOnly ? categoryTypicalKg(options.categoryOnly) : keyTypicalKg(productKey);
  return { kg: typical * quantity, estimated: true, quantity, basis: 'typical' };
}
