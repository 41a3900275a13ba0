// Footprint error: how far the product's kg CO2e for a receipt is from the same receipt's labelled
// items recalculated through POST /api/recalculate with their labelled categories and weights (the
// same factors, the same route a visitor's corrections go through). It sums every way a reading can
// go wrong (a missed item, a wrong category, a wrong weight) into what the visitor sees.
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PATHS, type AnalysisResult, type RecalculateItem, type RecalculateRequest } from '../../src/contract.ts';
import errorHandler from '../../src/server/plugins/app/error-handler.ts';
import recalculate from '../../src/server/routes/api/recalculate/index.ts';
import { sharedSchemas } from '../../src/server/schemas/index.ts';
import type { Label } from './corpus.ts';

/** The label's items as a visitor's corrected list: name, price, labelled category, and its weight when the label has one. */
export function labelledRequest(label: Label): RecalculateRequest {
  const items = label.items.map((item): RecalculateItem => {
    const weighed = item.weight_kg !== null && item.weight_kg > 0;
    const quantity = item.quantity !== null && Number.isInteger(item.quantity) && item.quantity >= 1 ? item.quantity : 1;
    return { name: item.name, price: Math.max(0, item.price), category: item.category, ...(weighed ? { weight: item.weight_kg as number } : { quantity }) };
  });
  return { items, store_info: { name: label.store, total: label.printed_total, chain: label.chain } };
}

export interface Recalculator {
  /** kg CO2e of the label's items, recalculated by the route. */
  labelledKg(label: Label): Promise<number>;
  close(): Promise<void>;
}

/** The recalculation route alone, on an in-process server (no port, no statistics, no OCR). */
export async function createRecalculator(): Promise<Recalculator> {
  const app: FastifyInstance = Fastify({ logger: false });
  for (const schema of sharedSchemas) app.addSchema(schema);
  await app.register(errorHandler);
  await app.register(recalculate);
  await app.ready();
  const cache = new Map<string, number>();
  return {
    async labelledKg(label) {
      const cached = cache.get(label.file);
      if (cached !== undefined) return cached;
      const response = await app.inject({ method: 'POST', url: API_PATHS.recalculate, payload: labelledRequest(label) });
      if (response.statusCode !== 200) throw new Error(`recalculate refused the label of ${label.file}: ${response.body}`);
      const kg = response.json<AnalysisResult>().total_emissions;
      cache.set(label.file, kg);
      return kg;
    },
    close: () => app.close(),
  };
}

/**
 * |product − labelled| / labelled; a receipt the reader refused read 0 kg. Null when the labelled
 * items weigh in at almost nothing (a receipt of non-food only), where a share means nothing.
 */
export function footprintError(productKg: number, labelledKg: number): number | null {
  if (labelledKg < 0.01) return null;
  return Math.abs(productKg - labelledKg) / labelledKg;
}
