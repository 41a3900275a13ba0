// Product lines and the modifier lines under them, read top to bottom: a quantity or weight
// line sets the item above; NORM. and discount lines belong to the item directly above;
// deposits, bottle returns and fees are kept apart from the products.
import type { ParsedItem } from '../types.ts';
import { fold, type Line } from './lines.ts';
import { amountLabelKind, amountlessDiscountRate, classifyLine, continuationAmount, parseCountlessQuantity, type LineKind } from './line-kinds.ts';
import { sameAmount, toEuros } from '../money.ts';

/** A product line while the receipt is being read; prices in cents. */
export interface DraftItem {
  name: string;
  /** The price printed on the product line (before any discount line below it). */
  cents: number;
  quantity: number | null;
  weightKg: number | null;
  unitCents: number | null;
  /** Discount lines under the item, as positive cents. */
  discounts: number[];
  /** The shares printed on its discount lines (`ALENNUS 30%` → 30), where they could be read. */
  discountRates: number[];
  /** S-Group's `NORM.` line: the price before discounts, so the printed price is already net. */
  normCents: number | null;
  /**
   * Set when the price was read from a bare number without a decimal comma: the prices it may
   * mean, most likely first. Reconciliation with the total picks one or drops the line.
   */
  readings: number[] | null;
  /** True when the line may be noise rather than a product (a bare number read as its price). */
  mayDrop: boolean;
  /** True when the readings are guesses (a price that lost its last digit): the line is kept only if the total confirms one. */
  confirmOnly: boolean;
  lineIndex: number;
}

export interface ItemSection {
  items: DraftItem[];
  depositCents: number;
  returnCents: number;
  feeCents: number;
  /** Each deposit and fee line's amount, and each return's negated, when the layout keeps them one by one. */
  otherLines?: number[];
}

/** What a section's deposits and fees add to its items, less its returns, in cents. */
export function extraCents(section: ItemSection): number {
  return section.depositCents + section.feeCents - section.returnCents;
}

/** What a section comes to as its lines stand: its items' net prices, with its deposits, fees and returns. */
export function sectionCents(section: ItemSection): number {
  return section.items.reduce((sum, item) => sum + netCents(item), 0) + extraCents(section);
}

/** Each deposit and fee line's amount and each return's negated; the sums stand for their lines in layouts that keep only sums. */
export function otherLineCents(section: ItemSection): number[] {
  return section.otherLines ?? [section.depositCents, section.feeCents, -section.returnCents].filter((cents) => cents !== 0);
}

export function newDraft(name: string, cents: number, lineIndex: number): DraftItem {
  return {
    name,
    cents,
    quantity: 1,
    weightKg: null,
    unitCents: null,
    discounts: [],
    discountRates: [],
    normCents: null,
    readings: null,
    mayDrop: false,
    confirmOnly: false,
    lineIndex,
  };
}

type Modifier = Extract<LineKind, { kind: 'quantity' | 'weight' }>;

export function applyModifier(item: DraftItem, modifier: Modifier): void {
  if (modifier.kind === 'quantity') {
    item.quantity = modifier.count;
    item.unitCents = modifier.unitCents;
  } else {
    item.quantity = null;
    item.weightKg = modifier.kg;
    item.unitCents = modifier.unitCents;
  }
}

/** Packs on one line, at most: a count beyond it is a price that divides another by chance. */
const MAX_COUNT = 20;

/**
 * A quantity line whose count OCR could not read (`Mx 1779` for `2 x 1,79`) gives the item its
 * count where the line's own price is a whole number of that unit price (3,58 is 2 × 1,79), the
 * receipt's own arithmetic; otherwise it says nothing.
 */
export function countFromPrice(item: DraftItem, unitReadings: readonly number[]): void {
  if (item.unitCents !== null || item.weightKg !== null || item.readings !== null) return;
  for (const unit of unitReadings) {
    const count = item.cents / unit;
    if (unit > 0 && Number.isInteger(count) && count >= 2 && count <= MAX_COUNT) {
      item.quantity = count;
      item.unitCents = unit;
      return;
    }
  }
}

/** The line total a modifier implies when the product line itself printed no price. */
export function modifierTotal(modifier: Modifier): number | null {
  if (modifier.totalCents !== null) return modifier.totalCents;
  if (modifier.unitCents === null) return null;
  const amount = modifier.kind === 'quantity' ? modifier.count : modifier.kg;
  return Math.round(amount * modifier.unitCents);
}

/** Reads lines [start, end) one by one. */
export function readItemLines(lines: readonly Line[], start: number, end: number): ItemSection {
  const section: ItemSection = { items: [], depositCents: 0, returnCents: 0, feeCents: 0, otherLines: [] };
  // What a quantity line may attach to: the last product, or a deposit/fee (then it is ignored).
  let last: DraftItem | 'other' | null = null;
  let pending: (Extract<LineKind, { kind: 'name' }> & { lineIndex: number }) | null = null;

  const push = (item: DraftItem): void => {
    section.items.push(item);
    last = item;
  };
  const flushPending = (): void => {
    if (pending && pending.readings.length === 0) takeRatedDiscount(lastItem(), pending.name);
    if (pending && pending.readings.length > 0) {
      const item = newDraft(pending.shortName, pending.readings[0] ?? 0, pending.lineIndex);
      item.readings = pending.readings;
      item.mayDrop = true;
      item.confirmOnly = pending.partial === true;
      push(item);
    }
    pending = null;
  };
  const lastItem = (): DraftItem | null => (last !== null && last !== 'other' ? last : null);

  for (let i = start; i < end; i++) {
    const line = lines[i];
    if (!line) continue;
    const countless = pending ? null : parseCountlessQuantity(line.text);
    const above = lastItem();
    if (countless && above) {
      countFromPrice(above, countless);
      continue;
    }
    let kind = classifyLine(line);
    if (pending && (kind.kind === 'product' || kind.kind === 'discount')) {
      const amount = continuationAmount(line);
      if (amount !== null) {
        kind = amountLabelKind(fold(pending.name), pending.name, amount);
        pending = null;
      }
    }
    if (pending && kind.kind === 'price') {
      // A deposit, fee, return or discount whose amount came on the next line stays apart from
      // the items: a discount is no product (its minus is what OCR loses most often).
      const label = amountLabelKind(fold(pending.name), pending.name, kind.cents);
      if (label.kind !== 'product') {
        kind = label;
        pending = null;
      }
    }
    switch (kind.kind) {
      case 'end':
        i = end;
        break;
      case 'skip':
        if (kind.separator) flushPending();
        break;
      case 'name':
        flushPending();
        pending = { ...kind, lineIndex: line.index };
        break;
      case 'price':
        if (pending) {
          // A name with its price wrapped onto the next line, or OCR garbage followed by a
          // stray number: reconciliation with the total may drop it.
          const item = newDraft(pending.name, kind.cents, pending.lineIndex);
          item.readings = [kind.cents];
          item.mayDrop = true;
          push(item);
          pending = null;
        }
        break;
      case 'product':
        flushPending();
        push(newDraft(kind.name, kind.cents, line.index));
        break;
      case 'quantity':
      case 'weight': {
        if (pending) {
          const total = modifierTotal(kind);
          if (pending.partial && total !== null && pending.readings.includes(total)) {
            // `KANAN FILEES. 11,9` over `4 KPL 2,99 €/KPL`: what was read of the price agrees with
            // the line's own arithmetic, 11,96; its nine other readings are guesses, and one of them
            // would meet a total line whose own last digit was misread.
            push(newDraft(pending.shortName, total, pending.lineIndex));
          } else if (pending.readings.length > 0) {
            // `NAME 479` over `2 KPL 3,49 €/KPL`: the bare number was the price without its comma.
            const item = newDraft(pending.shortName, pending.readings[0] ?? 0, pending.lineIndex);
            item.readings = total === null ? pending.readings : [...pending.readings, total];
            // A price missing its last digit is no better than a guess beside the quantity line's.
            if (pending.partial) {
              item.readings = total === null ? pending.readings : [total, ...pending.readings.filter((reading) => reading !== total)];
              item.cents = item.readings[0] ?? 0;
              item.confirmOnly = total === null;
            }
            push(item);
          } else if (total !== null) push(newDraft(pending.name, total, pending.lineIndex));
          pending = null;
        }
        const item = lastItem();
        if (item && item.unitCents === null && item.weightKg === null) applyModifier(item, kind);
        break;
      }
      case 'norm': {
        flushPending();
        const item = lastItem();
        if (item) item.normCents = kind.cents;
        break;
      }
      case 'discount': {
        // The amount of a discount line above that printed only its share (`- ALENNUS 20 %`).
        if (pending && amountlessDiscountRate(pending.name) !== null) pending = null;
        flushPending();
        const item = section.items[section.items.length - 1];
        if (item) item.discounts.push(kind.cents);
        if (item && kind.rate !== undefined) item.discountRates.push(kind.rate);
        break;
      }
      case 'deposit':
        flushPending();
        section.depositCents += kind.cents;
        section.otherLines?.push(kind.cents);
        last = 'other';
        break;
      case 'return':
        flushPending();
        section.returnCents += kind.cents;
        section.otherLines?.push(-kind.cents);
        last = 'other';
        break;
      case 'fee':
        flushPending();
        section.feeCents += kind.cents;
        section.otherLines?.push(kind.cents);
        last = 'other';
        break;
    }
  }
  flushPending();
  section.items.forEach(offerModifierReading);
  return section;
}

/**
 * A discount line under an item whose amount OCR lost (`- ALENNUS 20 %` with specks where
 * `2,38-` stood) still prints its share: that share of the item's price is the amount, as a
 * weight line's kilos times its price per kilo are a price. Only for an item with no discount
 * read and no `NORM.` (whose price is already net); the total checks it as it checks any price.
 */
function takeRatedDiscount(item: DraftItem | null, name: string): void {
  const rate = amountlessDiscountRate(name);
  if (rate === null || !item || item.discounts.length > 0 || item.normCents !== null || item.readings !== null) return;
  item.discounts.push(Math.round((item.cents * rate) / 100));
  item.discountRates.push(rate);
}

/**
 * OCR misreads digits: when the quantity or weight line disagrees with the printed price and no
 * discount explains it, the price they imply is offered as a second reading for reconciliation.
 */
function offerModifierReading(item: DraftItem): void {
  if (item.readings !== null || item.normCents !== null || item.unitCents === null) return;
  const amount = item.quantity ?? item.weightKg;
  if (amount === null) return;
  const gross = Math.round(amount * item.unitCents);
  const discount = item.discounts.reduce((a, b) => a + b, 0);
  if (sameAmount(gross, item.cents) || sameAmount(gross, item.cents + discount)) return;
  item.readings = [item.cents, gross];
}

/**
 * The price after the item's own discount lines. S-Group prints the already discounted price
 * with `NORM.` (the original) under it; elsewhere a quantity or weight line that adds up to the
 * printed price plus the discount tells the same. Otherwise the discount is taken off.
 */
export function netCents(item: DraftItem, cents = item.cents): number {
  const discount = item.discounts.reduce((a, b) => a + b, 0);
  if (discount === 0) return cents;
  if (item.normCents !== null) return cents;
  const amount = item.quantity ?? item.weightKg;
  if (amount !== null && item.unitCents !== null) {
    const gross = Math.round(amount * item.unitCents);
    if (!sameAmount(gross, cents) && sameAmount(gross, cents + discount)) return cents;
  }
  return cents - discount >= 0 ? cents - discount : cents;
}

export function toParsedItem(item: DraftItem, cents: number): ParsedItem {
  return {
    name: item.name,
    price: toEuros(netCents(item, cents)),
    quantity: item.weightKg !== null ? null : item.quantity,
    weightKg: item.weightKg,
    unitPrice: item.unitCents === null ? null : toEuros(item.unitCents),
    discount: toEuros(item.discounts.reduce((a, b) => a + b, 0)),
  };
}
