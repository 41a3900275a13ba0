// Every refusal: `{ "error": "<one clear sentence>" }`.
export const errorResponseSchema = {
  $id: 'ErrorResponse',
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
  },
  additionalProperties: false,
} as const;

/** The error statuses of the public contract, as a Fastify `response` map. */
export const errorResponses = {
  '4xx': { $ref: 'ErrorResponse#' },
  '5xx': { $ref: 'ErrorResponse#' },
} as const;
