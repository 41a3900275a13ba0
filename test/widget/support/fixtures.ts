// Backend answers written for these tests (not taken from any real receipt).
import type { AnalysisResult, StatsResponse, Swap } from '../../../src/contract.ts';

export const API = 'https://api.example.test';

export const STATS: StatsResponse = {
  total_receipts_processed: 3200,
  receipts_today: 12,
  receipts_this_week: 80,
  average_emissions_per_receipt: 8.7,
};

export function analysis(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    store_info: { name: 'K-Citymarket Helsinki Ruoholahti', total: 46.9 },
    total_price: 46.5,
    metadata: { processed_at: '2025-11-14T17:42:00Z', processing_method: 'text', items_found: 4 },
    total_emissions: 12.34,
    summary: { driving_equivalent_km: 102.8, tree_months_absorption: 20.3 },
    categories: {
      Dairy: { count: 2, emissions: 3.5, price: 8.74 },
      'Red Meat': { count: 1, emissions: 6.8, price: 5.49 },
      Vegetables: { count: 1, emissions: 0.54, price: 2.46 },
      Grains: { count: 1, emissions: 1.5, price: 2.19 },
    },
    items: [
      { name: 'Pirkka naudan jauheliha 10% 400g', category: 'Red Meat', weight: 0.4, emissions: 6.8, price: 5.49 },
      { name: 'Valio Oltermanni 500g', category: 'Dairy', weight: 0.5, emissions: 3.2, price: 6.99, weight_estimated: false },
      { name: 'Arla Keso raejuusto', category: 'Dairy', weight: 0.2, emissions: 0.3, price: 1.75, weight_estimated: true },
      { name: 'Tomaatti Suomi', category: 'Vegetables', weight: 0.63, emissions: 0.54, price: 2.46 },
      { name: 'Fazer Puikula', category: 'Grains', weight: 0.4, emissions: 1.5, price: 2.19, confidence: 'low' },
    ],
    ...overrides,
  };
}

/** A swap as the backend offers it for the sample's beef mince. */
export const SWAP: Swap = {
  item_index: 0,
  item_name: 'Pirkka naudan jauheliha 10% 400g',
  weight: 0.4,
  from: { factor: 35.693, factor_source: 'Agribalyse 3.1 #6254 Beef, minced steak, 15% fat, raw (cradle to retail)' },
  to: {
    key: 'meat-substitute',
    name: { en: 'plant protein mince (soy or broad bean)', fi: 'härkäpapu-/kasvisproteiini', sv: 'växtproteinfärs' },
    factor: 1.959,
    factor_source: 'Agribalyse 3.1 #30181 Soy-based minced, prepacked (cradle to retail)',
  },
  saving: 13.494,
};
