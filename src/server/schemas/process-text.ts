import { analysisResponses } from './analysis.ts';

export interface ProcessTextBody {
  text: string;
}

export const processTextSchema = {
  summary: 'Analyse the text of a receipt',
  description: 'The receipt as plain text (pasted or copied from an e-receipt). Rate limited per address.',
  tags: ['receipts'],
  body: {
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string' } },
  },
  response: analysisResponses,
} as const;
