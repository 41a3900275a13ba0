// ParsedReceipt → AnalysisResult: classify each item, weigh it, multiply by its cited factor,
// and sum per category, with equivalents and honest uncertainty fields.
import type { AnalysisItem, AnalysisResult, Notice } from '../../contract.ts';
import { drivingKm, treeMonths } from '../../contract.ts';
import { classifyAs, classifyName, type NameCues } from './classify/classify.ts';
import { storeKindOf, type StoreKind } from './classify/store-kind.ts';
import { categoryMedianFactor, isNotFood } from './emissions/category-factors.ts';
import { factorFor } from './emissions/factors.ts';
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

function analyzeKeyed(item: ParsedItem, store?: StoreKind): KeyedItem {
  const cues: NameCues = { weighed: item.weightKg !== null, ...(store ? { store } : {}), ...(item.categoryHint ? { hint: item.categoryHint } : {}) };
  // A category the visitor chose is theirs: the name's own reading when it agrees, else the key
  // the lexicon has for that category, else the category's own.
  const classification = item.category ? classifyAs(item.name, item.category, cues) : classifyName(item.name, cues);
  const byCategory = classification.source === 'model' || classification.source === 'cue';
  const weight = weighItem(item, classification.productKey, byCategory ? { categoryOnly: classification.category } : {});
  const notFood = isNotFood(classification.productKey);
  // An item nothing placed carries its category's median factor (non-food cues keep their 0 kg).
  const factor = classification.uncertain && !notFood ? categoryMedianFactor(classification.category) : factorFor(classification.productKey);
  const weightKg = roundKg(weight.kg);
  const counted = weight.basis !== 'printed' && weight.quantity > 0;
  const analysed: AnalysisItem = {
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
    // A visitor may count such an item in pieces: each piece weighs this much.
    ...(counted ? { piece_weight: roundKg(weight.kg / weight.quantity) } : {}),
  };
  return { item: analysed, productKey: classification.productKey };
}

/** One receipt line with its category, weight, factor and emissions; `store` is the kind of store that sold it. */
export function analyzeItem(item: ParsedItem, store?: StoreKind): AnalysisItem {
  return analyzeKeyed(item, store).item;
}

export function analyzeParsedReceipt(parsed: ParsedReceipt, options: AnalyzeOptions): AnalysisResult {
  // A store that sells one kind of goods (Alko, a fuel station, a pharmacy, a kiosk) leans its lines' categories.
  const store = storeKindOf(parsed.store.name, parsed.store.chain);
  const keyed = parsed.items.map((item) => analyzeKeyed(item, store));
  const items = keyed.map(({ item }) => item);
  const totals = sumItems(items);
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
    summary: {
      driving_equivalent_km: roundOne(drivingKm(totals.totalEmissions)),
      tree_months_absorption: roundOne(treeMonths(totals.totalEmissions)),
    },
    categories: totals.categories,
    items,
    swaps: swapsFor(keyed),
  };
}
