// The model's validated JSON → ParsedReceipt, the same shape the offline parser produces.
// The schema guarantees types, not sense: a model can misread a discount as a product or a
// barcode as a price. Values that cannot be true of a household receipt are dropped here,
// and the visitor is told how many, so our factor table never multiplies nonsense.
import { CATEGORY_NAMES } from '../../../contract.ts';
import type { CategoryName, Notice } from '../../../contract.ts';
import { roundEur, roundKg } from '../money.ts';
import { buildReceipt } from '../receipt.ts';
import type { ParsedItem, ParsedReceipt } from '../types.ts';
import type { ReceiptReply } from './schema.ts';

/** Upper bounds of plausible values on one household receipt. */
export const PLAUSIBLE = {
  /** EUR for one line (a TV bought with the groceries still fits). */
  linePrice: 5_000,
  /** EUR for a whole receipt, and for its deposits, returns and fees. */
  receiptTotal: 20_000,
  /** kg on one weighed line. */
  weightKg: 100,
  /** Count on one line. */
  quantity: 999,
} as const;

type ReplyItem = ReceiptReply['items'][number];

/** What was dropped, counted so the visitor gets one sentence per kind. */
interface Dropped {
  unnamedItems: number;
  pricedItems: number;
  /** Quantities, weights, unit prices and discounts of kept items. */
  itemValues: number;
  /** Printed total, VAT-table total, deposits, returns and fees. */
  amounts: number;
}

export function toParsedReceipt(reply: ReceiptReply): ParsedReceipt {
  const dropped: Dropped = { unnamedItems: 0, pricedItems: 0, itemValues: 0, amounts: 0 };
  const items = reply.items.flatMap((item) => toParsedItem(item, dropped) ?? []);
  const amount = (value: number | null): number | null => {
    const kept = plausibleOrNull(value, (v) => isAmount(v, PLAUSIBLE.receiptTotal), () => (dropped.amounts += 1));
    return kept === null ? null : roundEur(kept);
  };

  const printedTotal = amount(reply.printed_total);
  const deposits = amount(reply.deposits) ?? 0;
  const returns = amount(reply.returns) ?? 0;
  const fees = amount(reply.fees) ?? 0;
  // The model is asked for the VAT table's total too (the prompt was measured with it); nothing
  // uses it but this check, where an implausible one still says the model misread the receipt.
  amount(reply.vat_table_total);
  const store = { name: text(reply.store_name), chain: text(reply.chain) };
  // The model is checked like the offline reader: items that miss the printed total are said so.
  return buildReceipt({ store, printedTotal, items, deposits, returns, fees, notices: noticesFor(dropped) }, 'mismatch');
}

/** Hint only when the model named one of the 13, tolerating case and spacing. */
export function categoryHint(value: string | null): CategoryName | undefined {
  if (value === null) return undefined;
  const wanted = value.trim().replace(/\s+/g, ' ').toLowerCase();
  return CATEGORY_NAMES.find((name) => name.toLowerCase() === wanted);
}

function toParsedItem(item: ReplyItem, dropped: Dropped): ParsedItem | null {
  const name = text(item.name);
  if (name === null) {
    dropped.unnamedItems += 1;
    return null;
  }
  if (!isAmount(item.price, PLAUSIBLE.linePrice)) {
    dropped.pricedItems += 1;
    return null;
  }

  const drop = () => (dropped.itemValues += 1);
  const weightKg = plausibleOrNull(item.weight_kg, (w) => w > 0 && w <= PLAUSIBLE.weightKg, drop);
  const quantity = plausibleOrNull(item.quantity, (q) => q > 0 && q <= PLAUSIBLE.quantity, drop);
  const unitPrice = plausibleOrNull(item.unit_price, (p) => isAmount(p, PLAUSIBLE.linePrice), drop);
  const discount = plausibleOrNull(item.discount, (d) => isAmount(d, PLAUSIBLE.linePrice), drop);

  const parsed: ParsedItem = {
    name,
    price: roundEur(item.price),
    // A weighed line has no count; any other line counts 1 unless a count was printed.
    quantity: quantity ?? (weightKg === null ? 1 : null),
    weightKg: weightKg === null ? null : roundKg(weightKg),
    unitPrice: unitPrice === null ? null : roundEur(unitPrice),
    discount: discount === null ? 0 : roundEur(discount),
  };
  const hint = categoryHint(item.category);
  if (hint) parsed.categoryHint = hint;
  return parsed;
}

function plausibleOrNull(value: number | null, plausible: (value: number) => boolean, onDrop: () => void): number | null {
  if (value === null) return null;
  if (Number.isFinite(value) && plausible(value)) return value;
  onDrop();
  return null;
}

function isAmount(value: number, max: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= max;
}

function text(value: string | null): string | null {
  const trimmed = value?.trim().replace(/\s+/g, ' ') ?? '';
  return trimmed === '' ? null : trimmed;
}

function noticesFor(dropped: Dropped): Notice[] {
  const count = (n: number, one: string, many: string): string => (n === 1 ? `${one} was` : `${n} ${many} were`);
  const notices: Notice[] = [];
  if (dropped.pricedItems > 0) {
    notices.push({
      code: 'ai-dropped-prices',
      params: { count: dropped.pricedItems },
      message: `The AI reader misread a price: ${count(dropped.pricedItems, 'a line', 'lines')} left out (negative or implausible).`,
    });
  }
  if (dropped.unnamedItems > 0) {
    notices.push({
      code: 'ai-dropped-names',
      params: { count: dropped.unnamedItems },
      message: `The AI reader missed a product name: ${count(dropped.unnamedItems, 'a line', 'lines')} left out.`,
    });
  }
  if (dropped.itemValues > 0) {
    notices.push({
      code: 'ai-dropped-values',
      params: { count: dropped.itemValues },
      message: `The AI reader misread some details: ${count(dropped.itemValues, 'an implausible quantity, weight, unit price or discount', 'implausible quantities, weights, unit prices or discounts')} ignored.`,
    });
  }
  if (dropped.amounts > 0) {
    notices.push({
      code: 'ai-dropped-amounts',
      params: { count: dropped.amounts },
      message: `The AI reader misread an amount: ${count(dropped.amounts, 'an implausible total, deposit or fee', 'implausible totals, deposits or fees')} ignored.`,
    });
  }
  return notices;
}
