import { analysisResponses } from './analysis.ts';

export interface ProcessTextBody {
  text: string;
}

export const processTextSchema = {
  body: {
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string' } },
  },
  response: analysisResponses,
} as const;
