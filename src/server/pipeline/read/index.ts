// The reading stage: receipt text → the one receipt that best checks itself. Each text is parsed
// once (../parse/); the receipts it may be are made from that parse (candidates.ts) and the first
// that adds up to the receipt's own total is kept.
import { toEuros } from '../money.ts';
import { parseText, storeOf, type ParsedText } from '../parse/index.ts';
import type { ParsedReceipt } from '../types.ts';
import { readingOf, type Candidate } from './candidates.ts';
import { fitToTotal } from './fit-to-total.ts';
import { mergePasses } from './merge-passes.ts';

function receiptOf(text: ParsedText, { section, fitted }: Pick<Candidate, 'section' | 'fitted'>): ParsedReceipt {
  return {
    store: storeOf(text, section),
    printedTotal: fitted.check.printedCents === null ? null : toEuros(fitted.check.printedCents),
    items: fitted.items,
    deposits: toEuros(section.depositCents),
    returns: toEuros(section.returnCents),
    fees: toEuros(section.feeCents),
    vatTableTotal: text.witnesses.vatCents === null ? null : toEuros(text.witnesses.vatCents),
    reconciliation: fitted.check,
    notices: fitted.notices,
    warnings: fitted.notices.map((notice) => notice.message),
  };
}

/** A receipt's text (typed, pasted, a PDF's text layer or one OCR reading) read into the receipt it best makes. */
export function readReceiptText(text: string): ParsedReceipt {
  const parsed = parseText(text);
  return receiptOf(parsed, readingOf(parsed));
}

/**
 * Several OCR readings of one receipt, none of which adds up alone, merged line by line into the
 * one receipt that does (merge-passes.ts); null when they do not make exactly one. The store
 * and the header come from the first text.
 */
export function readMergedTexts(texts: readonly string[]): ParsedReceipt | null {
  const parsed = texts.map(parseText);
  const merged = mergePasses(parsed.map((text) => ({ section: text.lineByLine, witnesses: text.witnesses })));
  const first = parsed[0];
  if (!merged || !first) return null;
  const fitted = fitToTotal(merged.section, { total: { cents: merged.totalCents, uncertain: false, lineIndex: -1 }, vatCents: null, payments: [] });
  return fitted.matches ? receiptOf(first, { section: merged.section, fitted }) : null;
}
