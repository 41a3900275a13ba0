// ParsedReceipt → AnalysisResult: classify each item, weigh it, multiply by its cited factor,
// and sum per category, with equivalents and honest uncertainty fields.
import type { AnalysisItem, AnalysisResult, CategoryName, Notice } from '../../contract.ts';
import { drivingKm, treeMonths } from '../../contract.ts';
import { CATALOGUE } from './data/catalogue.ts';
import { classifyName, type Classification, type NameCues } from './classify/classify.ts';
import { isNotFood } from './emissions/category-factors.ts';
import { DEFAULT_TABLES, itemFactor, knownByCategoryOnly, type FactorTables } from './emissions/item-factor.ts';
import { itemRange, totalRange } from './emissions/range.ts';
import { swapsFor, type KeyedItem } from './emissions/swaps.ts';
import { itemEmissions, reconciliationOf, roundOne, sumItems } from './emissions/totals.ts';
import { roundEur, roundKg } from './money.ts';
import type { ParsedItem, ParsedReceipt, ProcessingMethod } from './types.ts';
import { weighItem } from './weigh/index.ts';

export interface AnalyzeOptions {
  method: ProcessingMethod;
  /** Clock for metadata.processed_at (tests pass a fixed one). */
  now?: Date;
  /** Notices from earlier stages (e.g. the OpenAI path fell back, PDF pages left out). */
  notices?: readonly Notice[];
}

/**
 * A category a visitor chose: the name's own reading when it agrees (its specific factor and
 * confidence stay, so an unchanged item comes back as it was read); else the reading the category
 * decides as an upstream hint would (a name the lexicon was unsure of); else the visitor knows
 * better than the lexicon, and the category's fallback key stands for the product.
 */
function classifyChosen(name: string, category: CategoryName, cues: NameCues): Classification {
  const plain = classifyName(name, cues);
  if (plain.category === category) return plain;
  const hinted = classifyName(name, { ...cues, hint: category });
  if (hinted.category === category) return hinted;
  // Spread from a reading so that every field the classifier reports is present. The visitor placed
  // the item, so it is no longer uncertain (a guess agreeing with the category above stays one: the
  // visitor left it as it was read).
  return { ...hinted, productKey: CATALOGUE.fallbackKey(category), category, confidence: 'high', terms: [], uncertain: false };
}

function analyzeKeyed(item: ParsedItem, tables: FactorTables = DEFAULT_TABLES): KeyedItem {
  const cues = { weighed: item.weightKg !== null, ...(item.categoryHint ? { hint: item.categoryHint } : {}) };
  const classification = item.category ? classifyChosen(item.name, item.category, cues) : classifyName(item.name, cues);
  const byCategory = classification.source === 'model' || classification.source === 'cue';
  const weight = weighItem(item, classification.productKey, byCategory ? { categoryOnly: classification.category } : {});
  const notFood = isNotFood(classification.productKey);
  // An item whose product nothing named carries its category's median factor (non-food keeps its 0 kg).
  const factor = itemFactor(classification, notFood, tables);
  const weightKg = roundKg(weight.kg);
  const counted = weight.basis !== 'printed' && weight.quantity > 0;
  const emissions = itemEmissions(weightKg, factor.kgCo2ePerKg);
  const range = itemRange({ emissions, factor, weightEstimated: weight.estimated, confidence: classification.confidence });
  const analysed: AnalysisItem = {
    name: item.name,
    category: classification.category,
    weight: weightKg,
    emissions,
    emissions_low: range.low,
    emissions_high: range.high,
    price: roundEur(item.price),
    quantity: weight.quantity,
    weight_estimated: weight.estimated,
    factor: factor.kgCo2ePerKg,
    factor_low: factor.low,
    factor_high: factor.high,
    factor_source: factor.source,
    confidence: classification.confidence,
    ...(classification.uncertain ? { uncertain: true } : {}),
    ...(notFood ? { not_food: true } : {}),
    // A visitor may count such an item in pieces: each piece weighs this much.
    ...(counted ? { piece_weight: roundKg(weight.kg / weight.quantity) } : {}),
  };
  // Items of one product share its factor's error; one known only by its category shares it with none.
  return { item: analysed, productKey: classification.productKey, shared: !knownByCategoryOnly(classification) };
}

/** One receipt line with its category, weight, factor and emissions (against another factor table when given). */
export function analyzeItem(item: ParsedItem, tables?: FactorTables): AnalysisItem {
  return analyzeKeyed(item, tables).item;
}

export function analyzeParsedReceipt(parsed: ParsedReceipt, options: AnalyzeOptions): AnalysisResult {
  const keyed = parsed.items.map((item) => analyzeKeyed(item));
  const items = keyed.map(({ item }) => item);
  const totals = sumItems(items);
  const range = totalRange(
    keyed.map(({ item, productKey, shared }, index) => ({
      emissions: item.emissions,
      low: item.emissions_low ?? item.emissions,
      high: item.emissions_high ?? item.emissions,
      group: shared ? productKey : `item ${index}`,
    })),
  );
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
      reconciliation: reconciliationOf({
        printedTotal: parsed.printedTotal,
        itemsPrice: totals.totalPrice,
        deposits: parsed.deposits,
        fees: parsed.fees,
        returns: parsed.returns,
      }),
    },
    total_emissions: totals.totalEmissions,
    total_emissions_low: range.low,
    total_emissions_high: range.high,
    summary: {
      driving_equivalent_km: roundOne(drivingKm(totals.totalEmissions)),
      tree_months_absorption: roundOne(treeMonths(totals.totalEmissions)),
    },
    categories: totals.categories,
    items,
    swaps: swapsFor(keyed),
  };
}
