// POST /api/recalculate: the visitor's corrected item list (contract RecalculateRequest). The body
// is checked with zod so each refusal names the item and the field in one sentence, never the
// submitted value (an item name is receipt content).
import { z } from 'zod';
import {
  CATEGORY_NAMES,
  MAX_ITEM_KG,
  MAX_ITEM_PIECES,
  MAX_RECALCULATE_ITEMS,
  type ErrorCode,
  type MessageParams,
  type ProcessingMethod,
  type RecalculateRequest,
} from '../../contract.ts';
import { analysisResponses } from './analysis.ts';

/** Longest item name accepted; receipt lines are far shorter. */
export const MAX_NAME_CHARS = 200;
/** Most EUR one line or the other lines may cost. */
export const MAX_EUR = 10_000;

const METHODS = ['text', 'pdf-text', 'pdf-ocr', 'ocr', 'openai-text', 'openai-vision'] as const satisfies readonly ProcessingMethod[];

const item = z.object({
  name: z.string().trim().min(1).max(MAX_NAME_CHARS),
  category: z.enum(CATEGORY_NAMES).optional(),
  weight: z.number().positive().max(MAX_ITEM_KG).optional(),
  quantity: z.number().int().min(1).max(MAX_ITEM_PIECES).optional(),
  price: z.number().min(0).max(MAX_EUR).optional(),
  edited: z.boolean().optional(),
});

export const recalculateRequest = z.object({
  items: z.array(item),
  store_info: z
    .object({
      name: z.string().max(MAX_NAME_CHARS).nullable(),
      total: z.number().min(-MAX_EUR).max(MAX_EUR).nullable(),
      chain: z.string().max(MAX_NAME_CHARS).nullable().optional(),
      date: z.iso.date().nullable().optional(),
    })
    .optional(),
  processing_method: z.enum(METHODS).optional(),
  other_lines_total: z.number().min(-MAX_EUR).max(MAX_EUR).optional(),
});

export type RecalculateBody = z.infer<typeof recalculateRequest>;
// The zod type and the contract must stay one shape.
const _sameShape: RecalculateRequest = {} as RecalculateBody;
void _sameShape;

export interface Refusal {
  message: string;
  code: ErrorCode;
  params?: MessageParams;
}

const FIELD_RULES: Record<string, string> = {
  name: `a name of 1 to ${MAX_NAME_CHARS} characters`,
  category: `one of the ${CATEGORY_NAMES.length} categories`,
  weight: `a weight above 0 and at most ${MAX_ITEM_KG} kg`,
  quantity: `a whole number of pieces from 1 to ${MAX_ITEM_PIECES}`,
  price: `a price from 0 to ${MAX_EUR} EUR`,
  edited: 'true or false in "edited"',
};

/** The body, or the one sentence (with its code) that says what is wrong with it. */
export function readRecalculateBody(body: unknown): { ok: true; body: RecalculateBody } | { ok: false; refusal: Refusal } {
  // Item count first: an oversized list is refused as a whole before any item is checked.
  const items = typeof body === 'object' && body !== null ? (body as { items?: unknown }).items : undefined;
  if (Array.isArray(items) && items.length === 0) {
    return { ok: false, refusal: { code: 'no-items', message: 'There are no items to recalculate. Keep or add at least one item.' } };
  }
  if (Array.isArray(items) && items.length > MAX_RECALCULATE_ITEMS) {
    return {
      ok: false,
      refusal: {
        code: 'too-many-items',
        params: { max_items: MAX_RECALCULATE_ITEMS },
        message: `A receipt can hold at most ${MAX_RECALCULATE_ITEMS} items.`,
      },
    };
  }
  const parsed = recalculateRequest.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  if (path[0] === 'items' && typeof path[1] === 'number' && typeof path[2] === 'string') {
    const field = path[2];
    const rule = FIELD_RULES[field] ?? 'only the fields name, category, weight, quantity, price and edited';
    return {
      ok: false,
      refusal: {
        code: 'bad-item',
        params: { item: path[1] + 1, field },
        message: `Item ${path[1] + 1} needs ${rule}.`,
      },
    };
  }
  const where = path.length > 0 ? `"${path.join('.')}"` : 'the body';
  return {
    ok: false,
    refusal: { code: 'bad-request', message: `The request is not valid: ${where} does not match the item list format.` },
  };
}

/**
 * The body as JSON Schema for the OpenAPI document, generated from the zod schema above (with the
 * item count that readRecalculateBody checks first), so the document and the checks are one shape.
 */
export function recalculateBodyJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(recalculateRequest, { target: 'openapi-3.0' }) as unknown as Record<string, unknown> & {
    properties: { items: Record<string, unknown> };
  };
  schema.properties.items = { ...schema.properties.items, minItems: 1, maxItems: MAX_RECALCULATE_ITEMS };
  return schema;
}

// Fastify checks only that the body is a JSON object; zod checks the rest (above). The OpenAPI
// document takes the full body from recalculateBodyJsonSchema().
export const recalculateSchema = {
  summary: 'Recalculate a corrected item list',
  description:
    'The visitor\'s corrected items (categories, amounts, removed and added lines) analysed by the same code as a receipt. ' +
    'Nothing is stored and the statistics do not count it. Rate limited per address like the other POST routes.',
  tags: ['receipts'],
  body: { type: 'object' },
  response: analysisResponses,
} as const;
