// Receipt text whose columns came apart: scanners' OCR, cloud OCR services and PDF extractors
// without a layout mode often return a receipt one value per line (a product's name, then its
// price on the next line), or the whole price column as a block after the names, with
// quantity and weight lines split into their count and unit price. Each name that needs a
// price is paired with the receipt's standalone amounts in order, the last of them with the
// total's label; the caller keeps the pairing only when the items add up to that total.
import type { Line } from '../parse/lines.ts';
import { letterCount } from '../parse/lines.ts';
import {
  classifyLine,
  cleanName,
  labelKind,
  type LabelKind,
  isStopLine,
  parseQuantityLine,
  parseWeightLine,
  type LineKind,
} from '../parse/line-kinds.ts';
import { trailingAmount } from '../parse/numbers.ts';
import { applyModifier, newDraft, type DraftItem, type ItemSection } from '../parse/items.ts';
import { hasTotalKeyword, readTotalLine } from '../parse/totals.ts';

type Modifier = Extract<LineKind, { kind: 'quantity' | 'weight' }>;

interface Label {
  kind: LabelKind;
  name: string;
  lineIndex: number;
  /**
   * The amount printed on the label's own line, when it has one. `Pantti 0,40` may be a
   * deposit's name (its price in the column) or a deposit with its price: the count of
   * standalone amounts decides.
   */
  own: number | null;
  /** The whole line as a name, for a label whose amount turns out to be part of its name. */
  fullName: string;
  modifiers: Modifier[];
  normCents: number | null;
}

export interface BrokenColumns {
  section: ItemSection;
  /** The amount paired with the total's label, or the total printed on its own line. */
  totalCents: number | null;
}


/** A count or weight split from its unit price (`2 KPL`, `-1 KPL`, `0,528 KG`). */
const COUNT_PART = /^-?\d+(?:[,.]\d{1,3})?\s*(?:KPL|KPE|KG|X)$/i;
/** A unit price split from its count (`1,29 €/KPL`, `3,99 EUR/KG`). */
const UNIT_PART = /^\d+[,.]\d{2}\s*(?:€|EUR|E)?\s*\/\s*(?:KPL|KPE|KG)$/i;

/** A line that is one amount and nothing else but a VAT letter or a currency. */
function bareAmount(line: Line): number | null {
  const amount = trailingAmount(line.tokens);
  if (!amount || amount.tokenIndex !== 0) return null;
  const rest = line.tokens.slice(1).join(' ');
  return letterCount(rest) <= 1 || /^(EUR|€)$/i.test(rest) ? amount.cents : null;
}

function isPriced(label: Label): boolean {
  return label.own === null;
}

/** Reads lines from `start`; null when the text is not in this layout or does not pair up. */
export function readBrokenColumns(lines: readonly Line[], start: number): BrokenColumns | null {
  const labels: Label[] = [];
  const amounts: number[] = [];
  let totalLabel = false;
  let totalPrinted: number | null = null;
  let part: string | null = null;
  const modify = (modifier: Modifier | null): void => {
    if (modifier) labels[labels.length - 1]?.modifiers.push(modifier);
  };
  const flushPart = (): void => {
    if (part !== null) modify(parseQuantityLine(part) ?? parseWeightLine(part));
    part = null;
  };

  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const amount = bareAmount(line);
    if (amount !== null) {
      flushPart();
      amounts.push(amount);
      continue;
    }
    if (totalLabel || totalPrinted !== null) {
      // After the total's label only its amount, or the price block ending with it, may follow.
      if (classifyLine(line).kind === 'skip') continue;
      break;
    }
    if (hasTotalKeyword(line)) {
      flushPart();
      const total = readTotalLine(line);
      if (total) totalPrinted = total.cents;
      else totalLabel = true;
      continue;
    }
    if (isStopLine(line)) break;
    if (COUNT_PART.test(line.text)) {
      flushPart();
      part = line.text;
      continue;
    }
    if (UNIT_PART.test(line.text)) {
      part = part === null ? line.text : `${part} ${line.text}`;
      flushPart();
      continue;
    }
    flushPart();
    const kind = classifyLine(line);
    switch (kind.kind) {
      case 'quantity':
      case 'weight':
        modify(kind);
        break;
      case 'norm': {
        const last = labels[labels.length - 1];
        if (last) last.normCents = kind.cents;
        break;
      }
      case 'name':
        if (letterCount(kind.name) >= 2) {
          labels.push({ kind: labelKind(kind.name), name: kind.name, lineIndex: line.index, own: null, fullName: kind.name, modifiers: [], normCents: null });
        }
        break;
      case 'product':
      case 'deposit':
      case 'fee':
      case 'return':
        labels.push({ kind: kind.kind, name: kind.name, lineIndex: line.index, own: kind.cents, fullName: cleanName(line.tokens), modifiers: [], normCents: null });
        break;
      case 'discount':
        labels.push({ kind: 'discount', name: '', lineIndex: line.index, own: kind.cents, fullName: '', modifiers: [], normCents: null });
        break;
      default:
        break;
    }
  }
  flushPart();
  return pairUp(labels, amounts, totalLabel ? null : totalPrinted, totalLabel);
}

function pairUp(labels: Label[], amounts: readonly number[], totalPrinted: number | null, totalLabel: boolean): BrokenColumns | null {
  const needing = labels.filter(isPriced).length + (totalLabel ? 1 : 0);
  // Labels with a positive amount of their own may still be names that end in a number
  // (`Pantti 0,40`, `Coca-Cola Zero 0,5l`): they are when the standalone amounts say so.
  const ambiguous = labels.filter((l) => l.own !== null && l.own > 0 && l.kind !== 'discount' && l.kind !== 'return');
  if (amounts.length === needing + ambiguous.length && ambiguous.length > 0) {
    for (const label of ambiguous) {
      label.own = null;
      label.name = label.fullName;
      label.kind = labelKind(label.fullName);
    }
  } else if (amounts.length !== needing) return null;
  // One value per line on its own is what the line-by-line reader handles; this reader is for
  // receipts where the names came without their prices.
  if (amounts.length < 2 || labels.filter(isPriced).length < 1) return null;

  const section: ItemSection = { items: [], depositCents: 0, returnCents: 0, feeCents: 0 };
  let next = 0;
  let lastItem: DraftItem | null = null;
  for (const label of labels) {
    const signed = label.own ?? amounts[next++] ?? 0;
    const credit = label.kind === 'discount' || label.kind === 'return';
    // A credit paired with a positive amount, or a product with a negative one: the order slipped.
    if (label.own === null && ((credit && signed > 0) || (label.kind === 'product' && signed < 0))) return null;
    const cents = Math.abs(signed);
    switch (label.kind) {
      case 'discount':
        lastItem?.discounts.push(cents);
        break;
      case 'return':
        section.returnCents += cents;
        break;
      case 'deposit':
        if (signed < 0) section.returnCents += cents;
        else section.depositCents += cents;
        break;
      case 'fee':
        section.feeCents += cents;
        break;
      case 'product': {
        const item = newDraft(label.name, cents, label.lineIndex);
        for (const modifier of label.modifiers) applyModifier(item, modifier);
        item.normCents = label.normCents;
        section.items.push(item);
        lastItem = item;
        break;
      }
    }
  }
  const totalCents = totalLabel ? (amounts[next] ?? null) : totalPrinted;
  return section.items.length > 0 ? { section, totalCents } : null;
}
