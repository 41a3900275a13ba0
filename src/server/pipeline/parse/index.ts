// Finnish receipt text → ParsedReceipt: store and chain, printed total, product lines with
// quantities, weights, discounts; deposits, returns and fees apart; everything else ignored.
// SCAFFOLD: signature is final; the body is being written.
import type { ParsedReceipt } from '../types.ts';

export function parseReceiptText(_text: string): ParsedReceipt {
  return {
    store: { name: null, chain: null },
    printedTotal: null,
    items: [],
    deposits: 0,
    returns: 0,
    fees: 0,
    vatTableTotal: null,
    warnings: [],
  };
}
