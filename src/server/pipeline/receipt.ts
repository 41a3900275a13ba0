// A receipt from its lines, made one way by every reader of one: the offline reader, the model
// reader and a visitor's corrected list. The items, deposits and fees less returns are summed in
// cents and checked against the printed total once (money.ts), so the verdict the receipt carries
// and what the visitor is told of it never disagree.
import type { Notice } from '../../contract.ts';
import { checkTotal, mismatchNotice, toCents, type ReconciledCents } from './money.ts';
import type { ParsedItem, ParsedReceipt } from './types.ts';

const NO_PRODUCT_LINES: Notice = { code: 'no-product-lines', message: 'No product lines could be read from this receipt.' };
const TOTAL_NOT_FOUND: Notice = {
  code: 'total-not-found',
  message: 'The receipt total could not be read, so the items found could not be checked against it.',
};

/** What a receipt is made of, in EUR. */
export interface ReceiptLines {
  store: ParsedReceipt['store'];
  /** The day of the purchase as printed, and how many lines print it (../parse/date.ts). */
  date?: string | null;
  dateLines?: number;
  printedTotal: number | null;
  items: ParsedItem[];
  deposits: number;
  returns: number;
  fees: number;
  /** What its maker noticed on the way (the model's implausible values), said before the check. */
  notices?: readonly Notice[];
}

/**
 * What the visitor is told of the check: `all` from a reader of the receipt itself (no product
 * lines, no total found, or items that miss it); `mismatch` from the model reader (only items
 * that miss the total it read); `none` for a visitor's own corrected list (its reading said so
 * when it was read).
 */
export type CheckNotices = 'all' | 'mismatch' | 'none';

function checkNotices(items: readonly ParsedItem[], reconciliation: ReconciledCents, tell: CheckNotices): Notice[] {
  if (tell === 'none') return [];
  if (items.length === 0) return tell === 'all' ? [NO_PRODUCT_LINES] : [];
  if (reconciliation.status === 'no-total') return tell === 'all' ? [TOTAL_NOT_FOUND] : [];
  const mismatch = mismatchNotice(reconciliation);
  return mismatch ? [mismatch] : [];
}

export function buildReceipt(lines: ReceiptLines, tell: CheckNotices): ParsedReceipt {
  const { notices = [], ...receipt } = lines;
  const reconciliation = checkTotal({
    printedCents: lines.printedTotal === null ? null : toCents(lines.printedTotal),
    itemCents: lines.items.reduce((sum, item) => sum + toCents(item.price), 0),
    depositCents: toCents(lines.deposits),
    feeCents: toCents(lines.fees),
    returnCents: toCents(lines.returns),
  });
  return { ...receipt, reconciliation, notices: [...notices, ...checkNotices(lines.items, reconciliation, tell)] };
}
