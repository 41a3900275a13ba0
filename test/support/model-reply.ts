// Replies in the shape the OpenAI reader asks the model for (its JSON schema, snake_case), for
// the local chat-completions server to send back:
//
//   fake.enqueue(jsonReply(receiptReply([replyItem('MAITO 1L', 1.29, { category: 'Dairy' })])));
import type { ReceiptReply } from '../../src/server/pipeline/llm/schema.ts';

export type ReplyItem = ReceiptReply['items'][number];

/** One product line: one piece, no discount, category Other, unless `extra` says otherwise. */
export function replyItem(name: string, price: number, extra: Partial<ReplyItem> = {}): ReplyItem {
  return { name, price, quantity: 1, weight_kg: null, unit_price: null, discount: 0, category: 'Other', ...extra };
}

/** A whole receipt: no store, totals, deposits, returns or fees unless `extra` gives them. */
export function receiptReply(items: ReplyItem[], extra: Partial<Omit<ReceiptReply, 'items'>> = {}): ReceiptReply {
  return { store_name: null, chain: null, printed_total: null, items, deposits: 0, returns: 0, fees: 0, vat_table_total: null, ...extra };
}

/** A model's reading of the first product lines of the widget's sample receipt (src/sample-receipt.ts). */
export const SAMPLE_REPLY_ITEMS: readonly ReplyItem[] = [
  replyItem('Pirkka naudan jauheliha 10% 400g', 5.49, { category: 'Red Meat' }),
  replyItem('Valio kevytmaito 1,5L', 1.65, { category: 'Dairy' }),
  replyItem('Pirkka banaani', 0.98, { quantity: null, weight_kg: 0.52, unit_price: 1.89, category: 'Fruits' }),
  replyItem('Oatly kaurajuoma 1L', 2.3, { quantity: 2, unit_price: 1.15, category: 'Plant Proteins' }),
];
