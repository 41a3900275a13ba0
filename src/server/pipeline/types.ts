// The shapes that pass between pipeline stages:
// bytes → (decode, OCR or PDF text) → text passes → read (parse each, choose) → ParsedReceipt →
// classify, weigh, emissions → AnalysisResult.
// The optional OpenAI path produces a ParsedReceipt too (with category hints), so the
// numbers always come from our own factor table.
import type { CategoryName, Notice, ProcessingMethod } from '../../contract.ts';
import type { ReconciledCents } from './money.ts';

export type { ProcessingMethod };

/** A product line of a receipt, as printed (after its own discounts). */
export interface ParsedItem {
  /** Product name as printed. */
  name: string;
  /** EUR the line finally cost, after discount lines applied to it. */
  price: number;
  /** Count from a `2 KPL x 1,29` line; 1 when none is printed; null for weighed lines. */
  quantity: number | null;
  /** Printed weight of a weighed line (`0,512 KG x 2,99 €/KG`), else null. */
  weightKg: number | null;
  /** EUR per KPL or per KG when printed. */
  unitPrice: number | null;
  /** Sum of discount lines applied to this item (positive number), 0 when none. */
  discount: number;
  /** A category suggested by an upstream reader (the LLM); the classifier may use it. */
  categoryHint?: CategoryName;
  /** A category the visitor chose when correcting the receipt: it decides over the name. */
  category?: CategoryName;
}

export interface ParsedReceipt {
  store: { name: string | null; chain: string | null };
  /** The day of the purchase as printed, `YYYY-MM-DD`, when read (parse/date.ts). */
  date?: string | null;
  /** How many lines print that day. */
  dateLines?: number;
  /** The receipt's own YHTEENSÄ, when found. */
  printedTotal: number | null;
  items: ParsedItem[];
  /** Sum of deposit lines (PANTTI), EUR; not products. */
  deposits: number;
  /** Sum of bottle-return credits, EUR, as a positive number; not products. */
  returns: number;
  /** Delivery, packaging and similar fees, EUR; not products. */
  fees: number;
  /** The items (+ deposits + fees − returns) checked against the printed total, once (receipt.ts). */
  reconciliation: ReconciledCents;
  /** Problems the reader noticed (e.g. item sum ≠ printed total), each with its stable code and English sentence. */
  notices: Notice[];
}
