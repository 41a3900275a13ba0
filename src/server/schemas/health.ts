import { errorResponses } from './error.ts';

export const healthSchema = {
  summary: 'Liveness and readiness',
  description:
    'Always 200 while the process serves. `ocr` and `stats` tell whether the OCR workers and the statistics store are ready; ' +
    'receipts are analysed even while `stats` is "unavailable".',
  tags: ['operations'],
  response: {
    200: {
      type: 'object',
      required: ['status', 'openai_configured'],
      properties: {
        status: { type: 'string', enum: ['ok'] },
        openai_configured: { type: 'boolean' },
        version: { type: 'string' },
        ocr: { type: 'string', enum: ['ready'] },
        ocr_load: { type: 'integer', minimum: 0 },
        stats: { type: 'string', enum: ['ready', 'unavailable'] },
        stats_store: { type: 'string', enum: ['sqlite', 'postgres'] },
      },
      additionalProperties: false,
    },
    ...errorResponses,
  },
} as const;
