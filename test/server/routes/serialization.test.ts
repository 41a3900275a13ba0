// The answer is serialized through the contract's schema. That schema must pass additive
// fields through untouched (the contract welcomes them) and keep nulls as nulls. A stand-in
// pipeline supplies a fixed, fully populated result so every field is exercised.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../src/contract.ts';
import type { Pipeline } from '../../../src/server/pipeline/index.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { multipart } from '../../support/multipart.ts';

const result: AnalysisResult = {
  store_info: { name: null, total: 12.4, chain: 'K-Group' },
  total_price: 7.48,
  metadata: {
    processed_at: '2025-11-14T15:42:00.000Z',
    processing_method: 'pdf-text',
    items_found: 2,
    warnings: ['The printed total and the items differ by 4,92 €.'],
    reconciliation: { printed_total: 12.4, computed_total: 7.48, difference: -4.92, status: 'mismatch' },
  },
  total_emissions: 6.15,
  summary: { driving_equivalent_km: 51.25, tree_months_absorption: 10.12 },
  categories: {
    'Red Meat': { count: 1, emissions: 5.82, price: 5.49 },
    'Plant Proteins': { count: 1, emissions: 0.33, price: 1.99 },
  },
  items: [
    {
      name: 'Pirkka naudan jauheliha 10% 400g',
      category: 'Red Meat',
      weight: 0.4,
      emissions: 5.82,
      price: 5.49,
      quantity: 1,
      weight_estimated: false,
      factor: 14.55,
      factor_source: 'Agribalyse 3.1 #6254 Beef, minced steak, raw',
      confidence: 'high',
    },
    { name: 'Härkis 250g', category: 'Plant Proteins', weight: 0.25, emissions: 0.33, price: 1.99, confidence: 'medium' },
  ],
};

const standIn: Pipeline = {
  ready: async () => {},
  analyzeText: async () => structuredClone(result),
  analyzeFile: async () => structuredClone(result),
  close: async () => {},
  load: 0,
  openaiConfigured: false,
};

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('analysis answers', () => {
  it('reach the client field for field, additive fields and nulls included, on both routes', async () => {
    testApp = await buildTestApp({}, { pipeline: standIn });
    const text = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: 'any receipt' } });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toEqual(result);

    const form = await multipart({ file: { bytes: Buffer.from('%PDF-1.7'), name: 'r.pdf', type: 'application/pdf' }, fileType: 'pdf' });
    const upload = await testApp.app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toEqual(result);
  });

  it('are counted in the stats with their total and item count', async () => {
    testApp = await buildTestApp({}, { pipeline: standIn });
    await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: 'any receipt' } });
    const stats = await testApp.app.inject({ method: 'GET', url: '/stats' });
    expect(stats.json()).toMatchObject({ total_receipts_processed: 1, average_emissions_per_receipt: 6.15 });
  });
});
