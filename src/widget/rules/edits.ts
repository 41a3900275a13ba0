// The edit rules: a visitor's change to the result → the item list the backend recalculates. Pure:
// the list is rebuilt from the last result the backend gave, so every number on the page comes
// from the backend and an unchanged item is sent back as it was read.
import {
  MAX_ITEM_KG,
  MAX_ITEM_PIECES,
  type AnalysisItem,
  type AnalysisResult,
  type CategoryName,
  type RecalculateItem,
  type RecalculateRequest,
} from '../../contract.ts';

export type AmountUnit = 'g' | 'kg' | 'pcs';

export interface Amount {
  unit: AmountUnit;
  value: number;
}

export type EditAction =
  | { type: 'category'; index: number; category: CategoryName }
  | { type: 'amount'; index: number; amount: Amount }
  | { type: 'remove'; index: number }
  | { type: 'add'; name: string; amount: Amount | null }
  /** The line back as the receipt was read, undoing a remembered correction on this receipt only. */
  | { type: 'as-read'; index: number; item: RecalculateItem };

/**
 * Each row's key after a change, so a row (its typed amount, its focus) stays with its item: a
 * removed item's key goes, an added item gets `nextKey`, every other item keeps its own. The
 * backend answers a recalculation with the items in the order it was sent them.
 */
export function keysAfterEdit(keys: readonly number[], action: EditAction, nextKey: number): number[] {
  switch (action.type) {
    case 'remove':
      return keys.filter((_, i) => i !== action.index);
    case 'add':
      return [...keys, nextKey];
    default:
      return [...keys];
  }
}

/** The units an item may be given in: pieces only where a typical piece weight exists. */
export function unitsFor(item: Pick<AnalysisItem, 'piece_weight'> | null): AmountUnit[] {
  return item?.piece_weight ? ['g', 'kg', 'pcs'] : ['g', 'kg'];
}

/** How the amount is shown in the editor: pieces when counted, else grams below 1 kg, else kg. */
export function amountOf(item: AnalysisItem): Amount {
  if (item.piece_weight && item.quantity) return { unit: 'pcs', value: item.quantity };
  return item.weight < 1 ? { unit: 'g', value: Math.round(item.weight * 1000) } : { unit: 'kg', value: item.weight };
}

/**
 * A typed amount (comma or point decimals) in its unit, or null when it is not a sensible one:
 * above 0 and at most MAX_ITEM_KG, or a whole number of pieces from 1 to MAX_ITEM_PIECES.
 */
export function parseAmount(text: string, unit: AmountUnit): Amount | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  if (!(value > 0)) return null;
  if (unit === 'pcs') return Number.isInteger(value) && value <= MAX_ITEM_PIECES ? { unit, value } : null;
  const kg = unit === 'g' ? value / 1000 : value;
  return kg <= MAX_ITEM_KG && kg >= 0.001 ? { unit, value } : null;
}

/** The amount as the request's fields: kg as `weight`, pieces as `quantity`. */
export function amountFields(amount: Amount): Pick<RecalculateItem, 'weight' | 'quantity'> {
  if (amount.unit === 'pcs') return { quantity: amount.value };
  return { weight: amount.unit === 'g' ? amount.value / 1000 : amount.value };
}

/** An item as the backend should read it again: counted items by their count, others by their kg. */
export function requestItemOf(item: AnalysisItem): RecalculateItem {
  return {
    name: item.name,
    category: item.category,
    price: item.price,
    ...(item.piece_weight ? { quantity: item.quantity ?? 1 } : { weight: item.weight }),
    ...(item.edited ? { edited: true } : {}),
  };
}

/** The request that recalculates `result` with one change applied. */
export function applyEdit(result: AnalysisResult, action: EditAction): RecalculateRequest {
  let items = result.items.map(requestItemOf);
  switch (action.type) {
    case 'category':
      items = items.map((item, i) => (i === action.index ? { ...item, category: action.category, edited: true } : item));
      break;
    case 'amount':
      items = items.map((item, i) => {
        if (i !== action.index) return item;
        const { weight: _weight, quantity: _quantity, ...rest } = item;
        return { ...rest, ...amountFields(action.amount), edited: true };
      });
      break;
    case 'remove':
      items = items.filter((_, i) => i !== action.index);
      break;
    case 'add':
      // No category: the backend classifies the name as it would a receipt line.
      items = [...items, { name: action.name.trim(), ...(action.amount ? amountFields(action.amount) : {}), edited: true }];
      break;
    case 'as-read':
      items = items.map((item, i) => (i === action.index ? action.item : item));
      break;
  }
  return requestWith(result, items);
}

/** The request that recalculates `result` with `items` in place of its own. */
export function requestWith(result: AnalysisResult, items: RecalculateItem[]): RecalculateRequest {
  const reconciliation = result.metadata.reconciliation;
  return {
    items,
    store_info: result.store_info,
    processing_method: result.metadata.processing_method,
    // Deposits and fees stay what was read, so the check against the printed total still holds.
    ...(reconciliation ? { other_lines_total: Math.round((reconciliation.computed_total - result.total_price) * 100) / 100 } : {}),
  };
}
