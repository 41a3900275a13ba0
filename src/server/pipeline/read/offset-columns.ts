// Lidl prints each price half a line above its name, so OCR often puts a price on the line
// of the previous label (`ALENNUS 30%   1,39 B` where 1,39 is the next product's price).
// Read the labels and the amounts as two separate columns and pair them instead: the n-th
// product with the n-th positive amount, the n-th discount with the n-th negative; or, where OCR
// lost signs, each label with the amount in its printed place.
import type { Line } from '../parse/lines.ts';
import { fold, letterCount } from '../parse/lines.ts';
import {
  classifyLine,
  cleanName,
  isDepositLabel,
  isReturnLabel,
  labelKind,
  type LabelKind,
  parseCountlessQuantity,
  parseQuantityLine,
  parseWeightLine,
} from '../parse/line-kinds.ts';
import { amountsIn, commalessReadings, type Amount } from '../parse/numbers.ts';
import { editDistance } from '../similarity.ts';
import { applyModifier, countFromPrice, modifierTotal, newDraft, type DraftItem, type ItemSection } from '../parse/items.ts';


/** A line of the left-hand column: a product, a discount, a deposit, a return or a fee. */
export interface Label {
  kind: LabelKind;
  name: string;
  lineIndex: number;
  /** Quantity or weight lines printed under this label. */
  modifiers: NonNullable<ReturnType<typeof parseQuantityLine> | ReturnType<typeof parseWeightLine>>[];
  /** The unit prices of a quantity line under it whose count OCR could not read. */
  countless?: number[];
  /** An amount was read at the line's end (its own or a neighbour's): the line was read whole, and its name is all name. */
  priced: boolean;
}


// The amounts that end a line (at most two: a label's own and a neighbour's), left to right.
function trailingAmounts(tokens: readonly string[]): { amounts: Amount[]; labelEnd: number } {
  const all = amountsIn(tokens);
  const kept: Amount[] = [];
  let labelEnd = tokens.length;
  for (let k = all.length - 1; k >= 0 && kept.length < 2; k--) {
    const amount = all[k];
    if (!amount) break;
    const after = tokens.slice(amount.tokenIndex + 1, labelEnd);
    if (after.some((t) => letterCount(t) > 1 || /\d{2}/.test(t))) break;
    kept.unshift(amount);
    labelEnd = amount.tokenIndex;
  }
  return { amounts: kept, labelEnd };
}

/** An amount of the right-hand column, signed as printed (OCR often loses a discount's minus). */
export interface ColumnAmount {
  cents: number;
  /** Set for a bare number at the line's end with Lidl's VAT letter after it (`1109 B`, `109 8`): the prices it may mean. */
  readings: number[] | null;
}

// `1109 B`: a price whose comma OCR lost, known for one by the VAT letter printed after it; the
// letter B is read as 8 too (`109 8`), OCR's usual confusion of the two.
function commalessAmount(tokens: readonly string[]): ColumnAmount | null {
  const [number, letter] = tokens.slice(-2);
  if (number === undefined || letter === undefined || !/^[A-F8]$/.test(letter)) return null;
  const readings = commalessReadings(number);
  return readings.length > 0 ? { cents: readings[0] ?? 0, readings } : null;
}

/** The price column's head, `EUR`, read whole or with one letter wrong. */
function isColumnHead(name: string): boolean {
  const folded = fold(name).replace(/[^A-Z]/g, '');
  return folded.length === 3 && editDistance(folded, 'EUR') <= 1;
}

/** A text's two columns over its item lines, each in printed order. */
export interface Columns {
  labels: Label[];
  amounts: ColumnAmount[];
}

export function readColumns(lines: readonly Line[], start: number, end: number): Columns {
  const labels: Label[] = [];
  const amounts: ColumnAmount[] = [];
  const take = (found: Amount[]): void => {
    for (const a of found) amounts.push({ cents: a.cents, readings: null });
  };

  for (let i = start; i < end; i++) {
    const line = lines[i];
    if (!line) continue;
    const kind = classifyLine(line);
    if (kind.kind === 'end') break;
    const countless = parseCountlessQuantity(line.text);
    const above = labels[labels.length - 1];
    if (countless && above) {
      above.countless = countless;
      continue;
    }
    if (kind.kind === 'skip' || kind.kind === 'norm') continue;
    const modifier = parseQuantityLine(line.text) ?? parseWeightLine(line.text);
    if (modifier && !isDepositLabel(line.key) && !isReturnLabel(line.key)) {
      // Amounts after the modifier's own unit price belong to the column (`2 x 2,39   -1,44`), so
      // none of them is its line total.
      labels[labels.length - 1]?.modifiers.push({ ...modifier, totalCents: null });
      const { amounts: found } = trailingAmounts(line.tokens);
      const own = found.findIndex((a) => a.cents === modifier.unitCents);
      take(found.filter((_, k) => k !== own));
      continue;
    }
    const { amounts: found, labelEnd } = trailingAmounts(line.tokens);
    const commaless = found.length === 0 ? commalessAmount(line.tokens) : null;
    take(found);
    if (commaless) amounts.push(commaless);
    const nameEnd = commaless ? line.tokens.length - 2 : labelEnd;
    const name = cleanName(line.tokens.slice(0, nameEnd));
    // Two letters are a speck (`EI`), not a name; `EUR` is the column's head, which the first
    // amount may have landed on, and which OCR reads with a letter wrong as often as any word
    // (`FUR`): no product's name is three letters a letter from it.
    if (letterCount(name) >= 3 && !isColumnHead(name)) labels.push({ kind: labelKind(name), name, lineIndex: line.index, modifiers: [], priced: found.length > 0 || commaless !== null });
  }
  return { labels, amounts };
}

export const takesCredit = (label: Label): boolean => label.kind === 'discount' || label.kind === 'return';

/** Builds the section from the column's amounts, the k-th for the k-th label, which says its sign. */
export function pairSection(labels: readonly Label[], column: readonly ColumnAmount[]): ItemSection {
  const section: ItemSection = { items: [], depositCents: 0, returnCents: 0, feeCents: 0 };
  let lastItem: DraftItem | null = null;
  labels.forEach((label, k) => {
    const amount = column[k] ?? { cents: 0, readings: null };
    const cents = Math.abs(amount.cents);
    if (label.kind === 'return') section.returnCents += cents;
    else if (label.kind === 'discount') lastItem?.discounts.push(cents);
    else if (label.kind === 'deposit') section.depositCents += cents;
    else if (label.kind === 'fee') section.feeCents += cents;
    else {
      lastItem = newDraft(label.name, cents, label.lineIndex);
      if (amount.readings) lastItem.readings = amount.readings;
      for (const modifier of label.modifiers) applyModifier(lastItem, modifier);
      if (label.countless) countFromPrice(lastItem, label.countless);
      section.items.push(lastItem);
    }
  });
  return section;
}

// The n-th product with the n-th positive amount, the n-th discount with the n-th negative one:
// right when OCR kept every sign, whatever line each amount landed on.
function pairBySign({ labels, amounts }: Columns): ItemSection | null {
  const positives = amounts.filter((a) => a.cents >= 0);
  const negatives = amounts.filter((a) => a.cents < 0);
  const credits = labels.filter(takesCredit);
  if (labels.length === credits.length || labels.length - credits.length !== positives.length || credits.length !== negatives.length) return null;
  let p = 0;
  let n = 0;
  return pairSection(labels, labels.map((label) => (takesCredit(label) ? negatives[n++] : positives[p++]) ?? { cents: 0, readings: null }));
}

// OCR drops a thin minus more often than any digit, so a discount's amount may read positive:
// then the column pairs in printed order, the label saying the sign. A minus that survived on a
// product's amount means the order is wrong. One amount lost altogether may be a quantity line's
// product (`2 x 2,39` is 4,78): each such place is one more way to pair.
function pairInOrder({ labels, amounts }: Columns): ItemSection[] {
  const fits = (column: readonly ColumnAmount[]): boolean =>
    column.length === labels.length && labels.every((label, k) => takesCredit(label) || (column[k]?.cents ?? 0) >= 0);
  if (amounts.length === labels.length) return fits(amounts) ? [pairSection(labels, amounts)] : [];
  if (amounts.length !== labels.length - 1) return [];
  const out: ItemSection[] = [];
  labels.forEach((label, k) => {
    const implied = label.kind === 'product' && label.modifiers.length === 1 && label.modifiers[0] ? modifierTotal(label.modifiers[0]) : null;
    if (implied === null) return;
    const column = [...amounts.slice(0, k), { cents: implied, readings: null }, ...amounts.slice(k)];
    if (fits(column)) out.push(pairSection(labels, column));
  });
  return out;
}

/**
 * Pairs labels and amounts column-wise over lines [start, end): the ways they may pair, likeliest
 * first (none when they do not pair up). Reconciliation with the total decides which, if any, holds.
 */
export function readOffsetColumns(lines: readonly Line[], start: number, end: number): ItemSection[] {
  const columns = readColumns(lines, start, end);
  if (!columns.labels.some((label) => !takesCredit(label))) return [];
  const bySign = pairBySign(columns);
  return [...(bySign ? [bySign] : []), ...pairInOrder(columns)];
}
