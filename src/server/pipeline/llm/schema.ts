// The JSON the model must return. One shape, two uses: the model is told the strict form
// (categories as an enum, via structured outputs), while our own validation accepts any
// category string so that an unknown one costs only its hint, not the whole receipt.
import { z } from 'zod';
import { zodResponseFormat } from 'openai/helpers/zod';
import { CATEGORY_NAMES } from '../../../contract.ts';

// Every amount is a number in EUR: the model converts Finnish comma decimals, not us.
const eur = (what: string) => z.number().describe(`EUR: ${what}`);
const eurOrNull = (what: string) => z.number().nullable().describe(`EUR: ${what}; null when not printed`);

function receiptReplySchema<Category extends z.ZodType>(category: Category) {
  const item = z.object({
    name: z.string().describe('Product name exactly as printed'),
    price: eur('what this line finally cost, after the discount lines that belong to it'),
    quantity: z
      .number()
      .nullable()
      .describe('Count from a KPL line (2 KPL x 1,29); 1 when none is printed; null for weighed lines'),
    weight_kg: z.number().nullable().describe('Printed weight of a weighed line (0,512 KG), in kg; else null'),
    unit_price: eurOrNull('price per KPL or per KG'),
    discount: eur('sum of the discount lines applied to this product, as a positive number; 0 when none'),
    category,
  });
  return z.object({
    store_name: z.string().nullable().describe('Store name as a person would write it, e.g. "Prisma Lielahti"'),
    chain: z.string().nullable().describe('Chain, e.g. K-Citymarket, K-Supermarket, K-Market, Prisma, S-market, Sale, Alepa, Lidl, Tokmanni'),
    printed_total: eurOrNull("the receipt's own total (YHTEENSÄ)"),
    items: z.array(item).describe('Every product line, in receipt order'),
    deposits: eur('sum of deposit lines (PANTTI)'),
    returns: eur('sum of bottle-return credits (PULLOPALAUTUS), as a positive number'),
    fees: eur('sum of delivery, packaging and service fees'),
    vat_table_total: eurOrNull('gross total of the VAT (ALV) table'),
  });
}

/** What we accept back: the model's shape with any category string. */
export const ReceiptReplySchema = receiptReplySchema(z.string().nullable());
export type ReceiptReply = z.infer<typeof ReceiptReplySchema>;

/** `response_format` for chat completions: strict JSON schema with the 13 categories as an enum. */
export const RECEIPT_RESPONSE_FORMAT = zodResponseFormat(
  receiptReplySchema(z.enum(CATEGORY_NAMES).describe('Exactly one of the 13 categories')),
  'finnish_receipt',
);
