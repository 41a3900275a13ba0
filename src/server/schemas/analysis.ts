// The analysis result of the public contract (src/contract.ts, AnalysisResult). Objects stay
// open (additionalProperties) so that additive fields the analyzer adds reach the widget.
import { CATEGORY_NAMES } from '../../contract.ts';
import { errorResponses } from './error.ts';

const money = { type: 'number' } as const;
const kg = { type: 'number', minimum: 0 } as const;
const nullableNumber = { anyOf: [{ type: 'number' }, { type: 'null' }] } as const;
const nullableString = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;

const categoryTotals = {
  type: 'object',
  required: ['count', 'emissions', 'price'],
  properties: { count: { type: 'integer', minimum: 0 }, emissions: kg, price: money },
  additionalProperties: true,
} as const;

export const analysisResultSchema = {
  $id: 'AnalysisResult',
  type: 'object',
  required: ['store_info', 'total_price', 'metadata', 'total_emissions', 'summary', 'categories', 'items'],
  properties: {
    store_info: {
      type: 'object',
      required: ['name', 'total'],
      properties: {
        name: nullableString,
        total: nullableNumber,
        chain: nullableString,
        date: { ...nullableString, description: 'The day of the purchase as the receipt prints it, YYYY-MM-DD; null when not read.' },
      },
      additionalProperties: true,
    },
    total_price: money,
    metadata: {
      type: 'object',
      required: ['processed_at', 'processing_method', 'items_found'],
      properties: {
        processed_at: { type: 'string' },
        processing_method: { type: 'string' },
        items_found: { type: 'integer', minimum: 0 },
        warnings: { type: 'array', items: { type: 'string' } },
        notices: {
          type: 'array',
          items: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string' },
              params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
              message: { type: 'string' },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: true,
    },
    total_emissions: kg,
    total_emissions_low: { ...kg, description: 'Plausible low of total_emissions (about nine cases in ten), kg CO2e' },
    total_emissions_high: { ...kg, description: 'Plausible high of total_emissions (about nine cases in ten), kg CO2e' },
    summary: {
      type: 'object',
      required: ['driving_equivalent_km', 'tree_months_absorption'],
      properties: { driving_equivalent_km: kg, tree_months_absorption: kg },
      additionalProperties: true,
    },
    categories: {
      type: 'object',
      properties: Object.fromEntries(CATEGORY_NAMES.map((name) => [name, categoryTotals])),
      additionalProperties: false,
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'category', 'weight', 'emissions', 'price'],
        properties: {
          name: { type: 'string' },
          category: { type: 'string', enum: [...CATEGORY_NAMES] },
          weight: kg,
          emissions: kg,
          price: money,
          emissions_low: { ...kg, description: 'Plausible low of emissions, kg CO2e' },
          emissions_high: { ...kg, description: 'Plausible high of emissions, kg CO2e' },
          factor: kg,
          factor_low: { ...kg, description: 'Plausible low of the factor, kg CO2e per kg' },
          factor_high: { ...kg, description: 'Plausible high of the factor, kg CO2e per kg' },
        },
        additionalProperties: true,
      },
    },
  },
  additionalProperties: true,
} as const;

export const analysisResponses = {
  200: { $ref: 'AnalysisResult#' },
  ...errorResponses,
} as const;
