// ParsedReceipt → AnalysisResult: classify each item, weigh it, multiply by its cited factor,
// and sum per category, with equivalents and honest uncertainty fields.
import type { AnalysisItem, AnalysisResult, Notice } from '../../contract.ts';
import { drivingKm, treeMonths } from '../../contract.ts';
import { classifyAs, classifyName, type NameCues } from './classify/classify.ts';
import { storeKindOf, type StoreKind } from './classify/store-kind.ts';
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

/** What an item is read against: the kind of store that sold it, and the factor tables (today's unless given). */
export interface ItemContext {
  store?: StoreKind;
  tables?: FactorTables;
}

function analyzeKeyed(item: ParsedItem, { store, tables = DEFAULT_TABLES }: ItemContext = {}): KeyedItem {
  const cues: NameCues = { weighed: item.weightKg !== null, ...(store ? { store } : {}), ...(item.categoryHint ? { hint: item.categoryHint } : {}) };
  // A category the visitor chose is theirs: the name's own reading when it agrees, else the key
  // the lexicon has for that category, else the category's own.
  const classification = item.category ? classifyAs(item.name, item.category, cues) : classifyName(item.name, cues);
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

/** One receipt line with its category, weight, factor and emissions; `context.store` is the kind of store that sold it, `context.tables` another factor table to weigh it against. */
export function analyzeItem(item: ParsedItem, context: ItemContext = {}): AnalysisItem {
  return analyzeKeyed(item, context).item;
}

export function analyzeParsedReceipt(parsed: ParsedReceipt, options: AnalyzeOptions): AnalysisResult {
  // A store that sells one kind of goods (Alko, a fuel station, a pharmacy, a kiosk) leans its lines' categories.
  const store = storeKindOf(parsed.store.name, parsed.store.chain);
  const keyed = parsed.items.map((item) => analyzeKeyed(item, { store }));
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
    store_info: { name: parsed.store.name, total: parsed.printedTotal, chain: parsed.store.chain, date: parsed.date ?? null },
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
