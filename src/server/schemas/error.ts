// Every refusal: `{ "error": "<one clear sentence>", "code"?: "<stable code>", "params"?: {...} }`.
import { ERROR_CODES } from '../../contract.ts';

export const errorResponseSchema = {
  $id: 'ErrorResponse',
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'One clear English sentence for the visitor.' },
    code: { type: 'string', description: `Stable code of the sentence: one of ${ERROR_CODES.join(', ')}; new ones may appear.` },
    params: {
      type: 'object',
      description: 'Values the coded sentence is filled with.',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    },
  },
  additionalProperties: false,
} as const;

/** The error statuses of the public contract, as a Fastify `response` map. */
export const errorResponses = {
  '4xx': { $ref: 'ErrorResponse#' },
  '5xx': { $ref: 'ErrorResponse#' },
} as const;
