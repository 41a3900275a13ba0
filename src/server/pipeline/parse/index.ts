// Finnish receipt text → ParsedReceipt: store and chain, printed total, product lines with
// quantities, weights, discounts; deposits, returns and fees apart; everything else ignored.
// Pure and synchronous: the text never leaves memory.
import { toEuros } from '../money.ts';
import type { ParsedReceipt } from '../types.ts';
import { readBrokenColumns } from './columns.ts';
import { readPurchaseDate } from './date.ts';
import { readItemLines, type ItemSection } from './items.ts';
import { splitLines, type Line } from './lines.ts';
import { mergeReadings } from './merge-readings.ts';
import { readOffsetColumns } from './offset-layout.ts';
import { reconcile, type Reconciled, type Witnesses } from './reconcile.ts';
import { findSections } from './sections.ts';
import { detectStore } from './store.ts';
import { findVatTable, paymentAmounts, vatRateRows } from './totals.ts';

function headerLines(lines: readonly Line[], itemsStart: number, section: ItemSection): Line[] {
  if (itemsStart > 0) return lines.slice(0, itemsStart);
  const firstItem = section.items[0]?.lineIndex ?? lines.length;
  return lines.slice(0, firstItem);
}

/** One text as the parser reads it, before any layout but the line-by-line one is tried. */
interface TextReading {
  lines: Line[];
  sections: ReturnType<typeof findSections>;
  witnesses: Witnesses;
  lineByLine: ItemSection;
}

function readText(text: string): TextReading {
  const lines = splitLines(text);
  const sections = findSections(lines);
  const vat = findVatTable(lines, sections.itemsEnd);
  const witnesses: Witnesses = {
    total: sections.total,
    vatCents: vat?.grossCents ?? null,
    vatRates: vatRateRows(lines, sections.itemsEnd),
    payments: paymentAmounts(lines, sections.itemsEnd),
  };
  return { lines, sections, witnesses, lineByLine: readItemLines(lines, sections.itemsStart, sections.itemsEnd) };
}

function toParsedReceipt(reading: TextReading, section: ItemSection, result: Reconciled): ParsedReceipt {
  const { lines, sections, witnesses } = reading;
  const store = detectStore(headerLines(lines, sections.itemsStart, section), lines);
  const date = readPurchaseDate(lines, sections.itemsStart);
  return {
    store,
    date: date?.day ?? null,
    dateLines: date?.lines ?? 0,
    printedTotal: result.check.printedCents === null ? null : toEuros(result.check.printedCents),
    items: result.items,
    deposits: toEuros(section.depositCents),
    returns: toEuros(section.returnCents),
    fees: toEuros(section.feeCents),
    vatTableTotal: witnesses.vatCents === null ? null : toEuros(witnesses.vatCents),
    reconciliation: result.check,
    notices: result.notices,
    warnings: result.notices.map((notice) => notice.message),
  };
}

export function parseReceiptText(text: string): ParsedReceipt {
  const reading = readText(text);
  const { lines, sections, witnesses } = reading;
  let section = reading.lineByLine;
  let result: Reconciled = reconcile(section, witnesses);
  let usedWitnesses = witnesses;
  if (!result.matches) {
    // Prices printed half a line above their names (Lidl) pair up column-wise instead.
    // Of the ways to pair them, the first that adds up is kept.
    for (const columns of readOffsetColumns(lines, sections.itemsStart, sections.itemsEnd)) {
      const alternative = reconcile(columns, witnesses);
      if (alternative.matches) {
        section = columns;
        result = alternative;
        break;
      }
    }
  }
  if (!result.matches) {
    // Names and prices on separate lines, or the prices in a block after the names.
    const broken = readBrokenColumns(lines, sections.itemsStart);
    const total = broken?.totalCents ?? null;
    const brokenWitnesses: Witnesses = { ...witnesses, total: witnesses.total ?? (total === null ? null : { cents: total, uncertain: false, lineIndex: -1 }) };
    const alternative = broken && total !== null ? reconcile(broken.section, brokenWitnesses) : null;
    if (broken && alternative?.matches) {
      section = broken.section;
      result = alternative;
      usedWitnesses = brokenWitnesses;
    }
  }

  if (!result.matches) {
    // One digit of one price misread (7,95 as 1,95): the kept reading's own arithmetic may say which.
    const repaired = reconcile(section, usedWitnesses, { digitConfusions: true });
    if (repaired.matches) result = repaired;
  }
  return toParsedReceipt(reading, section, result);
}

/**
 * Several OCR readings of one receipt, none of which adds up alone, merged line by line into the
 * one receipt that does (merge-readings.ts); null when they do not make exactly one. The store
 * and the header come from the first text.
 */
export function parseReadings(texts: readonly string[]): ParsedReceipt | null {
  const readings = texts.map(readText);
  const merged = mergeReadings(readings.map((reading) => ({ section: reading.lineByLine, witnesses: reading.witnesses })));
  const first = readings[0];
  if (!merged || !first) return null;
  const total: Witnesses = { total: { cents: merged.totalCents, uncertain: false, lineIndex: -1 }, vatCents: null, payments: [] };
  const result = reconcile(merged.section, total);
  if (!result.matches) return null;
  // The day from the first reading that has one: OCR may have garbled it in another.
  const date = readings.map((reading) => readPurchaseDate(reading.lines, reading.sections.itemsStart)).find((day) => day !== null) ?? null;
  return { ...toParsedReceipt(first, merged.section, result), date: date?.day ?? null, dateLines: date?.lines ?? 0 };
}
