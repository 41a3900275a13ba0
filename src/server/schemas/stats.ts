import { errorResponses } from './error.ts';

export const statsSchema = {
  summary: 'Community statistics',
  description:
    'Anonymous counts of processed receipts: in all, today and this ISO week (Helsinki days), and the average kg CO2e per receipt. ' +
    'Answers 503 with Retry-After (code "stats-unavailable") while the statistics store cannot be reached.',
  tags: ['statistics'],
  response: {
    200: {
      type: 'object',
      required: ['total_receipts_processed', 'receipts_today', 'receipts_this_week', 'average_emissions_per_receipt'],
      properties: {
        total_receipts_processed: { type: 'integer', minimum: 0 },
        receipts_today: { type: 'integer', minimum: 0 },
        receipts_this_week: { type: 'integer', minimum: 0 },
        average_emissions_per_receipt: { type: 'number', minimum: 0 },
      },
      additionalProperties: false,
    },
    ...errorResponses,
  },
} as const;
