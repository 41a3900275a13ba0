// The one place the widget and the backend agree. Both sides import from here;
// keep it free of runtime dependencies so it costs the widget bundle almost nothing.

export const CATEGORY_NAMES = [
  'Red Meat',
  'Pork',
  'Poultry',
  'Fish',
  'Eggs',
  'Dairy',
  'Plant Proteins',
  'Vegetables',
  'Fruits',
  'Grains',
  'Processed Food',
  'Beverages',
  'Other',
] as const;

export type CategoryName = (typeof CATEGORY_NAMES)[number];

export function isCategoryName(value: unknown): value is CategoryName {
  return typeof value === 'string' && (CATEGORY_NAMES as readonly string[]).includes(value);
}

/** HTTP paths, relative to the backend base URL. */
export const API_PATHS = {
  health: '/health',
  stats: '/stats',
  processReceipt: '/api/process-receipt-ai',
  processText: '/api/process-text',
  /** POST a visitor's corrected item list (RecalculateRequest) → AnalysisResult. */
  recalculate: '/api/recalculate',
} as const;

/** The `fileType` field of the multipart upload. */
export type UploadFileType = 'pdf' | 'image';

/** How the backend read the receipt. Additive values may appear; treat unknown ones as text. */
export type ProcessingMethod =
  | 'text'
  | 'pdf-text'
  | 'pdf-ocr'
  | 'ocr'
  | 'openai-text'
  | 'openai-vision';

export type Confidence = 'high' | 'medium' | 'low';

export interface AnalysisItem {
  name: string;
  category: CategoryName;
  /** kg; a litre of drink counts as 1 kg. */
  weight: number;
  /** kg CO2e = weight × factor. */
  emissions: number;
  /** EUR after the item's own discounts. */
  price: number;
  // Additive fields: how sure each number is.
  /**
   * The plausible range of `emissions`, kg CO2e (about nine cases in ten): the factor's own range,
   * widened when the weight is estimated or the category unsure. `emissions` is the figure to use.
   */
  emissions_low?: number;
  emissions_high?: number;
  quantity?: number;
  /** true when the weight is a typical pack weight, not printed on the receipt or in the name. */
  weight_estimated?: boolean;
  /** kg CO2e per kg used for this item. */
  factor?: number;
  /** The factor's plausible range, kg CO2e per kg: the spread of its sources, or a default by data quality. */
  factor_low?: number;
  factor_high?: number;
  /** Citation of the factor's source row, e.g. "Agribalyse 3.1 #6254 Beef, minced steak, 15% fat, raw". */
  factor_source?: string;
  /** How sure the category is. */
  confidence?: Confidence;
  /**
   * true when no rule, lexicon entry or the learned model placed the name with at least medium
   * confidence: the item carries its category's median factor and is shown as uncertain.
   */
  uncertain?: boolean;
  /** true for lines that are bought but not eaten (fuel, batteries, hair dye): 0 kg CO2e of food. */
  not_food?: boolean;
  /** kg of one piece or pack, when the item is counted in pieces; a visitor may then give the amount in pieces. */
  piece_weight?: number;
  /** true when a visitor corrected this item (echoed from RecalculateItem.edited). */
  edited?: boolean;
}

export interface CategoryTotals {
  count: number;
  emissions: number;
  price: number;
}

export interface Reconciliation {
  /** The receipt's own printed total, when found. */
  printed_total: number | null;
  /** Item prices plus deposits and fees minus returns. */
  computed_total: number;
  /** computed_total − printed_total, when a printed total was found. */
  difference: number | null;
  status: 'match' | 'mismatch' | 'no-total';
}

export interface AnalysisResult {
  /** `date`: the day of the purchase as the receipt prints it, `YYYY-MM-DD`, when it was read (additive). */
  store_info: { name: string | null; total: number | null; chain?: string | null; date?: string | null };
  /** Sum of item prices, EUR. */
  total_price: number;
  metadata: {
    processed_at: string;
    processing_method: ProcessingMethod;
    items_found: number;
    /** How many items are `uncertain` (placed by the category's median factor, not by the name). */
    uncertain_items?: number;
    /** English sentences, one per notice, in the same order (kept for older widgets). */
    warnings?: string[];
    /** The warnings again, each with a stable code and its values, so a widget can say it in its own language. */
    notices?: Notice[];
    reconciliation?: Reconciliation;
  };
  /** kg CO2e, the sum of item emissions. */
  total_emissions: number;
  /**
   * The plausible range of `total_emissions`, kg CO2e (additive; about nine cases in ten). Not the
   * sum of the items' lows and highs: items of the same product share their error, other items'
   * errors are taken as independent. Equivalents and tips use `total_emissions`.
   */
  total_emissions_low?: number;
  total_emissions_high?: number;
  summary: { driving_equivalent_km: number; tree_months_absorption: number };
  categories: Partial<Record<CategoryName, CategoryTotals>>;
  items: AnalysisItem[];
  /** Lower-carbon alternatives for the items that weigh most, largest saving first (additive). */
  swaps?: Swap[];
}

/** A name in each language the widget speaks. */
export interface LocalizedName {
  en: string;
  fi: string;
  sv: string;
}

/** One concrete swap: the same amount of an alternative from the factor table. */
export interface Swap {
  /** Index of the item in `items`. */
  item_index: number;
  /** The item's name as printed. */
  item_name: string;
  /** kg of the item, and of the alternative. */
  weight: number;
  /** The item's own factor and its citation (the same as the item's). */
  from: { factor: number; factor_source: string };
  to: { key: string; name: LocalizedName; factor: number; factor_source: string };
  /** kg CO2e this receipt would save: weight × (from.factor − to.factor). */
  saving: number;
}

/** Most items one recalculation takes. */
export const MAX_RECALCULATE_ITEMS = 300;
/** Most kg one item may weigh, and most pieces it may count. */
export const MAX_ITEM_KG = 100;
export const MAX_ITEM_PIECES = 100;

/** One line of a corrected receipt. */
export interface RecalculateItem {
  name: string;
  /** The visitor's category; omitted for an item added by name (the backend classifies it). */
  category?: CategoryName;
  /** kg; omitted to let the backend weigh it (pack size in the name, or a typical pack × quantity). */
  weight?: number;
  /** Pieces or packs; used when `weight` is omitted. */
  quantity?: number;
  /** EUR; 0 when omitted (an added item whose price the visitor did not give). */
  price?: number;
  /** true when the visitor changed or added this item; echoed on the result's item. */
  edited?: boolean;
}

/** POST /api/recalculate. Nothing is stored and nothing is counted in the statistics. */
export interface RecalculateRequest {
  items: RecalculateItem[];
  /** The receipt's store, printed total and date, echoed so the result can still be checked against it. */
  store_info?: { name: string | null; total: number | null; chain?: string | null; date?: string | null };
  /** How the receipt was first read; echoed in metadata (default 'text'). */
  processing_method?: ProcessingMethod;
  /** EUR of lines that are not items (deposits and fees minus returns), as first read. */
  other_lines_total?: number;
}

export interface StatsResponse {
  total_receipts_processed: number;
  receipts_today: number;
  receipts_this_week: number;
  average_emissions_per_receipt: number;
}

export interface HealthResponse {
  status: 'ok';
  openai_configured: boolean;
  // Additive: readiness, for load balancers and operators.
  version?: string;
  /** The OCR workers are started (the backend only listens once they are). */
  ocr?: 'ready';
  /** OCR jobs running or waiting in this instance. */
  ocr_load?: number;
  /** Whether the statistics store answered its last query; receipts are analysed either way. */
  stats?: 'ready' | 'unavailable';
  /** Where the statistics live: the embedded file or a shared PostgreSQL database. */
  stats_store?: 'sqlite' | 'postgres';
}

export interface ErrorResponse {
  /** One clear English sentence for the visitor. */
  error: string;
  /** Stable code of the sentence (additive); a widget that knows it may say it in another language. */
  code?: string;
  params?: MessageParams;
}

// Stable codes of the backend's sentences. The English sentence always travels with its code, so
// a widget that does not know a code (a newer backend) still has something to show. A widget that
// knows it shows its own catalogue's sentence, filled with `params`. Codes are never renamed or
// reused for another meaning; new ones may appear.

/** Values a coded sentence is filled with: counts, euros, megapixels, page numbers. */
export type MessageParams = Readonly<Record<string, string | number>>;

export const NOTICE_CODES = [
  /** The items found do not add up to the printed total. params: items_total, printed_total (EUR) */
  'total-mismatch',
  /** No printed total was found to check the items against. */
  'total-not-found',
  /** No product line could be read. */
  'no-product-lines',
  /** The AI reader failed; the built-in reader answered. */
  'ai-unavailable',
  /** The AI reader found no items; the built-in reader answered. */
  'ai-found-nothing',
  /** The AI reader's lines with implausible prices were left out. params: count */
  'ai-dropped-prices',
  /** The AI reader's lines without a name were left out. params: count */
  'ai-dropped-names',
  /** Implausible quantities, weights, unit prices or discounts of the AI reader were ignored. params: count */
  'ai-dropped-values',
  /** Implausible totals, deposits or fees of the AI reader were ignored. params: count */
  'ai-dropped-amounts',
  /** Only the first pages of a PDF were read. params: read, total */
  'pdf-pages-skipped',
] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];

export interface Notice {
  code: NoticeCode;
  params?: MessageParams;
  /** The English sentence, the same as the matching entry of `metadata.warnings`. */
  message: string;
}

export const ERROR_CODES = [
  /** 400: a malformed body or a field that fails the schema. */
  'bad-request',
  /** 400 */
  'empty-text',
  /** 400 */
  'no-file',
  /** 400 */
  'bad-multipart',
  /** 400 */
  'empty-file',
  /** 400 */
  'bad-file-type',
  /** 400: a recalculation without items. */
  'no-items',
  /** 400: a recalculation with too many items. params: max_items */
  'too-many-items',
  /** 400: an item of a recalculation fails a rule. params: item (1-based), field */
  'bad-item',
  /** 404 */
  'not-found',
  /** 413: an upload over the size limit. params: max_mb */
  'file-too-large',
  /** 413: a text over the length limit. params: max_chars */
  'text-too-long',
  /** 413: an image over the pixel limit. params: megapixels */
  'too-many-pixels',
  /** 415: neither an image nor a PDF, by its bytes. */
  'unsupported-type',
  /** 415 */
  'heic-unsupported',
  /** 422 */
  'unreadable-image',
  /** 422 */
  'no-text-in-image',
  /** 422 */
  'encrypted-pdf',
  /** 422 */
  'unreadable-pdf',
  /** 422 */
  'no-text-in-pdf',
  /** 422: read, but no item was found. */
  'no-items-in-file',
  /** 422 */
  'no-items-in-text',
  /** 429 */
  'rate-limited',
  /** 503: the reader's queue is full. */
  'busy',
  /** 503 */
  'ocr-timeout',
  /** 503 */
  'ocr-unavailable',
  /** 500 */
  'internal',
  /** 503 from /stats: the statistics store cannot be reached; `Retry-After` says when to ask again. */
  'stats-unavailable',
  /** 415: a request body of a content type the route does not take (not a receipt file's type). */
  'unsupported-media-type',
  /** 405 */
  'method-not-allowed',
  /** 408: the request did not arrive in time. */
  'request-timeout',
  /** 413: a request body over a limit that is neither the file's nor the text's. */
  'too-large',
  /** 413: a PDF whose streams decode to more than the budget. params: max_mb */
  'pdf-too-much-data',
  /** 413: a PDF holding an image over the pixel budget. params: megapixels */
  'pdf-image-too-large',
  /** 413: a PDF with more pages than any receipt. params: max_pages */
  'pdf-too-many-pages',
  /** 422: a PDF whose objects, nesting, time or memory to read pass the budget. */
  'pdf-too-complex',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// Equivalents. A car emits about 0.12 kg CO2 per km; a tree absorbs about 0.02 kg CO2 per
// day, so a month of one tree is 0.02 × 30.4 kg. 8.7 kg → 72 km and 14 months, as in the spec.
export const DRIVING_KG_PER_KM = 0.12;
export const TREE_KG_PER_DAY = 0.02;
export const DAYS_PER_MONTH = 30.4;

export function drivingKm(kgCo2e: number): number {
  return kgCo2e / DRIVING_KG_PER_KM;
}

export function treeMonths(kgCo2e: number): number {
  return kgCo2e / (TREE_KG_PER_DAY * DAYS_PER_MONTH);
}
