import { errorResponses } from './error.ts';

export const healthSchema = {
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
      },
      additionalProperties: false,
    },
    ...errorResponses,
  },
} as const;
