// ParsedReceipt → AnalysisResult: classify each item, weigh it, multiply by its cited factor,
// and sum per category, with equivalents and honest uncertainty fields.
import type { AnalysisItem, AnalysisResult, Notice } from '../../contract.ts';
import { drivingKm, treeMonths } from '../../contract.ts';
import { classifyName } from './classify/classify.ts';
import { categoryMedianFactor, isNotFood } from './emissions/category-factors.ts';
import { factorFor } from './emissions/factors.ts';
import { itemEmissions, reconcile, roundOne, sumItems } from './emissions/totals.ts';
import { roundEur, roundKg } from './money.ts';
import type { ParsedItem, ParsedReceipt, ProcessingMethod } from './types.ts';
import { weighItem } from './weigh/index.ts';

export { parseReceiptText } from './parse/index.ts';

export interface AnalyzeOptions {
  method: ProcessingMethod;
  /** Clock for metadata.processed_at (tests pass a fixed one). */
  now?: Date;
  /** Notices from earlier stages (e.g. the OpenAI path fell back, PDF pages left out). */
  notices?: readonly Notice[];
}

/** One receipt line with its category, weight, factor and emissions. */
export function analyzeItem(item: ParsedItem): AnalysisItem {
  const cues = { weighed: item.weightKg !== null, ...(item.categoryHint ? { hint: item.categoryHint } : {}) };
  const classification = classifyName(item.name, cues);
  const byCategory = classification.source === 'model' || classification.source === 'cue';
  const weight = weighItem(item, classification.productKey, byCategory ? { categoryOnly: classification.category } : {});
  const notFood = isNotFood(classification.productKey);
  // An item nothing placed carries its category's median factor (non-food cues keep their 0 kg).
  const factor = classification.uncertain && !notFood ? categoryMedianFactor(classification.category) : factorFor(classification.productKey);
  const weightKg = roundKg(weight.kg);
  return {
    name: item.name,
    category: classification.category,
    weight: weightKg,
    emissions: itemEmissions(weightKg, factor.kgCo2ePerKg),
    price: roundEur(item.price),
    quantity: weight.quantity,
    weight_estimated: weight.estimated,
    factor: factor.kgCo2ePerKg,
    factor_source: factor.source,
    confidence: classification.confidence,
    ...(classification.uncertain ? { uncertain: true } : {}),
    ...(notFood ? { not_food: true } : {}),
  };
}

export function analyzeParsedReceipt(parsed: ParsedReceipt, options: AnalyzeOptions): AnalysisResult {
  const items = parsed.items.map(analyzeItem);
  const totals = sumItems(items);
  // One notice per sentence: two stages may notice the same thing.
  const notices = [...new Map([...parsed.notices, ...(options.notices ?? [])].map((notice) => [notice.message, notice])).values()];
  return {
    store_info: { name: parsed.store.name, total: parsed.printedTotal, chain: parsed.store.chain },
    total_price: totals.totalPrice,
    metadata: {
      processed_at: (options.now ?? new Date()).toISOString(),
      processing_method: options.method,
      items_found: items.length,
      uncertain_items: items.filter((item) => item.uncertain).length,
      warnings: notices.map((notice) => notice.message),
      notices,
      reconciliation: reconcile({
        printedTotal: parsed.printedTotal,
        itemsPrice: totals.totalPrice,
        deposits: parsed.deposits,
        fees: parsed.fees,
        returns: parsed.returns,
      }),
    },
    total_emissions: totals.totalEmissions,
    summary: {
      driving_equivalent_km: roundOne(drivingKm(totals.totalEmissions)),
      tree_months_absorption: roundOne(treeMonths(totals.totalEmissions)),
    },
    categories: totals.categories,
    items,
  };
}
