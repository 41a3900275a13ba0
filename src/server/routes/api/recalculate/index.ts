import type { FastifyPluginAsync } from 'fastify';
import { API_PATHS, MAX_RECALCULATE_ITEMS, type AnalysisResult } from '../../../../contract.ts';
import { analyzeParsedReceipt } from '../../../pipeline/analyze.ts';
import { CodedError } from '../../../pipeline/errors.ts';
import { buildReceipt } from '../../../pipeline/receipt.ts';
import type { ParsedItem, ParsedReceipt } from '../../../pipeline/types.ts';
import { readRecalculateBody, recalculateSchema, type RecalculateBody } from '../../../schemas/recalculate.ts';

const TOO_LARGE = `The item list is larger than the limit. A receipt can hold at most ${MAX_RECALCULATE_ITEMS} items.`;

/** The corrected list as a receipt the analyzer reads like any other. */
export function toParsedReceipt(body: RecalculateBody): ParsedReceipt {
  const items: ParsedItem[] = body.items.map((item) => ({
    name: item.name,
    price: item.price ?? 0,
    quantity: item.weight === undefined ? (item.quantity ?? 1) : null,
    weightKg: item.weight ?? null,
    unitPrice: null,
    discount: 0,
    ...(item.category ? { category: item.category } : {}),
  }));
  const other = body.other_lines_total ?? 0;
  const lines = {
    store: { name: body.store_info?.name ?? null, chain: body.store_info?.chain ?? null },
    date: body.store_info?.date ?? null,
    printedTotal: body.store_info?.total ?? null,
    items,
    deposits: Math.max(0, other),
    returns: Math.max(0, -other),
    fees: 0,
  };
  // The visitor's own list: the reading's notices were said when it was read.
  return buildReceipt(lines, 'none');
}

// A recalculation reads no file and runs no model: the same analyzer as every receipt, on the
// visitor's list. Nothing is stored and the statistics do not count it (it is not a new receipt).
const recalculate: FastifyPluginAsync = async (app) => {
  app.post<{ Body: unknown }>(
    API_PATHS.recalculate,
    {
      schema: recalculateSchema,
      // A few hundred items with long names fit well within this.
      bodyLimit: 256 * 1024,
      config: { rateLimit: {}, tooLarge: () => new CodedError('too-large', TOO_LARGE) },
    },
    async (request): Promise<AnalysisResult> => {
      const read = readRecalculateBody(request.body);
      if (!read.ok) {
        const { message, code, params } = read.refusal;
        throw new CodedError(code, message, params ? { params } : {});
      }
      const { body } = read;
      const result = analyzeParsedReceipt(toParsedReceipt(body), { method: body.processing_method ?? 'text' });
      result.items.forEach((item, index) => {
        if (body.items[index]?.edited) item.edited = true;
      });
      return result;
    },
  );
};

export default recalculate;
