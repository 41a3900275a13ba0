// A quarter of every labelled receipt corpus is a locked fold, chosen by a stable hash of the
// label's file name: the reading's figures are reported for it apart from the open part, in
// aggregate only, and no reading rule is taken from it. The product names' fold
// (scripts/data/model/fold.ts) hashes a name's words, as names recur across sources; a receipt
// occurs once, so its file name is enough.
import { createHash } from 'node:crypto';

/** A quarter of the labels, by the first hex digit of the SHA-1 of the label's file name (`….json`). */
export function inReceiptFold(labelName: string): boolean {
  return '0123'.includes(createHash('sha1').update(labelName).digest('hex')[0]!);
}

export type ReceiptPart = 'open part' | 'locked fold';

export function receiptPart(labelName: string): ReceiptPart {
  return inReceiptFold(labelName) ? 'locked fold' : 'open part';
}
