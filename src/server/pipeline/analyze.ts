// ParsedReceipt → AnalysisResult: classify each item, weigh it, multiply by its cited factor,
// and sum per category, with equivalents and honest uncertainty fields.
// SCAFFOLD: signatures are final; the body is being written.
import type { AnalysisResult } from '../../contract.ts';
import { drivingKm, treeMonths } from '../../contract.ts';
import type { ParsedReceipt, ProcessingMethod } from './types.ts';

export { parseReceiptText } from './parse/index.ts';

export interface AnalyzeOptions {
  method: ProcessingMethod;
  /** Clock for metadata.processed_at (tests pass a fixed one). */
  now?: Date;
  /** Warnings from earlier stages (e.g. the OpenAI path fell back). */
  warnings?: string[];
}

export function analyzeParsedReceipt(parsed: ParsedReceipt, options: AnalyzeOptions): AnalysisResult {
  const total = 0;
  return {
    store_info: { name: parsed.store.name, total: parsed.printedTotal, chain: parsed.store.chain },
    total_price: 0,
    metadata: {
      processed_at: (options.now ?? new Date()).toISOString(),
      processing_method: options.method,
      items_found: 0,
      warnings: [...parsed.warnings, ...(options.warnings ?? [])],
    },
    total_emissions: total,
    summary: { driving_equivalent_km: drivingKm(total), tree_months_absorption: treeMonths(total) },
    categories: {},
    items: [],
  };
}
