// Lidl prints each price half a line above its name, so OCR often puts a price on the line
// of the previous label (`ALENNUS 30%   1,39 B` where 1,39 is the next product's price).
// Read the labels and the amounts as two separate columns and pair them in order instead:
// the n-th product with the n-th positive amount, the n-th discount with the n-th negative.
import type { Line } from './lines.ts';
import { letterCount, fold } from './lines.ts';
import {
  classifyLine,
  cleanName,
  isDepositLabel,
  isReturnLabel,
  labelKind,
  type LabelKind,
  parseQuantityLine,
  parseWeightLine,
} from './line-kinds.ts';
import { amountsIn, type Amount } from './numbers.ts';
import { applyModifier, newDraft, type DraftItem, type ItemSection } from './items.ts';


interface Label {
  kind: LabelKind;
  name: string;
  lineIndex: number;
  /** Quantity or weight lines printed under this label. */
  modifiers: NonNullable<ReturnType<typeof parseQuantityLine> | ReturnType<typeof parseWeightLine>>[];
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

/** Pairs labels and amounts column-wise over lines [start, end); null when they do not pair up. */
export function readOffsetColumns(lines: readonly Line[], start: number, end: number): ItemSection | null {
  const labels: Label[] = [];
  const positives: number[] = [];
  const negatives: number[] = [];
  const take = (amounts: Amount[]): void => {
    for (const a of amounts) (a.cents < 0 ? negatives : positives).push(Math.abs(a.cents));
  };

  for (let i = start; i < end; i++) {
    const line = lines[i];
    if (!line) continue;
    const kind = classifyLine(line);
    if (kind.kind === 'end') break;
    if (kind.kind === 'skip' || kind.kind === 'norm') continue;
    const modifier = parseQuantityLine(line.text) ?? parseWeightLine(line.text);
    if (modifier && !isDepositLabel(line.key) && !isReturnLabel(line.key)) {
      labels[labels.length - 1]?.modifiers.push(modifier);
      // Amounts after the modifier's own unit price belong to the column (`2 x 2,39   -1,44`).
      const { amounts } = trailingAmounts(line.tokens);
      const own = amounts.findIndex((a) => a.cents === modifier.unitCents);
      take(amounts.filter((_, k) => k !== own));
      continue;
    }
    const { amounts, labelEnd } = trailingAmounts(line.tokens);
    take(amounts);
    const name = cleanName(line.tokens.slice(0, labelEnd));
    if (letterCount(name) >= 2) labels.push({ kind: labelKind(name), name, lineIndex: line.index, modifiers: [] });
  }

  const priced = labels.filter((l) => l.kind === 'product' || l.kind === 'deposit' || l.kind === 'fee');
  const credits = labels.filter((l) => l.kind === 'discount' || l.kind === 'return');
  if (priced.length === 0 || priced.length !== positives.length || credits.length !== negatives.length) return null;

  const section: ItemSection = { items: [], depositCents: 0, returnCents: 0, feeCents: 0 };
  let lastItem: DraftItem | null = null;
  let p = 0;
  let n = 0;
  for (const label of labels) {
    if (label.kind === 'discount' || label.kind === 'return') {
      const cents = negatives[n++] ?? 0;
      if (label.kind === 'return') section.returnCents += cents;
      else lastItem?.discounts.push(cents);
      continue;
    }
    const cents = positives[p++] ?? 0;
    if (label.kind === 'deposit') section.depositCents += cents;
    else if (label.kind === 'fee') section.feeCents += cents;
    else {
      lastItem = newDraft(label.name, cents, label.lineIndex);
      for (const modifier of label.modifiers) applyModifier(lastItem, modifier);
      section.items.push(lastItem);
    }
  }
  return section;
}
