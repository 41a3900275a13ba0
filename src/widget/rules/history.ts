// The saved-receipt history kept on the visitor's own device: what one saved receipt holds, the
// stored format with its version, and how older or damaged data is read. Pure functions only;
// the browser storage itself is touched in ../state/history-storage.ts.
import { CATEGORY_NAMES, isCategoryName, type AnalysisResult, type CategoryName } from '../../contract.ts';
import { plausibleRange } from './range.ts';

/** One saved receipt: a summary only. Item names only when the visitor asked for them. */
export interface SavedReceipt {
  id: string;
  /**
   * The day of the purchase as the receipt prints it (`store_info.date`), else the visitor's
   * local day of the save; `YYYY-MM-DD`. Months are read from it.
   */
  date: string;
  store: string | null;
  totalKg: number;
  /** The total's plausible range, kg CO2e, when the backend sent one (absent in older saves). */
  lowKg?: number;
  highKg?: number;
  kgByCategory: Partial<Record<CategoryName, number>>;
  itemCount: number;
  /** EUR, the sum of item prices. */
  priceTotal: number;
  /** EUR, the receipt's own printed total, when it was read (tells one receipt from another). */
  printedTotal?: number;
  items?: string[];
}

export const HISTORY_VERSION = 2;

/** The stored document. */
export interface HistoryDocument {
  version: typeof HISTORY_VERSION;
  receipts: SavedReceipt[];
}

/** Why some or all stored data could not be used. The data itself is then left out, never guessed. */
export type HistoryNotice =
  | { kind: 'corrupt' }
  | { kind: 'skipped'; count: number }
  | { kind: 'newer' };

export interface ReadHistory {
  receipts: SavedReceipt[];
  notice: HistoryNotice | null;
  /** A newer widget wrote this data: writing it back in this format would lose what it added. */
  readOnly: boolean;
}

/** The visitor's local calendar day, `YYYY-MM-DD`. */
export function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The summary of a result that a save keeps; `date` is the day of the save, used when the receipt's own was not read. */
export function summarize(
  result: AnalysisResult,
  options: { id: string; date: string; includeItems: boolean },
): SavedReceipt {
  const day = result.store_info.date;
  const kgByCategory: SavedReceipt['kgByCategory'] = {};
  for (const name of CATEGORY_NAMES) {
    const totals = result.categories[name];
    if (totals && totals.count > 0) kgByCategory[name] = round(totals.emissions, 3);
  }
  const receipt: SavedReceipt = {
    id: options.id,
    date: typeof day === 'string' && DATE.test(day) ? day : options.date,
    store: result.store_info.name,
    totalKg: round(result.total_emissions, 3),
    kgByCategory,
    itemCount: result.metadata.items_found,
    priceTotal: round(result.total_price, 2),
  };
  const printed = result.store_info.total;
  if (typeof printed === 'number' && Number.isFinite(printed)) receipt.printedTotal = round(printed, 2);
  const range = plausibleRange(result.total_emissions, result.total_emissions_low, result.total_emissions_high);
  if (range) {
    receipt.lowKg = round(range.low, 3);
    receipt.highKg = round(range.high, 3);
  }
  if (options.includeItems) receipt.items = result.items.map((item) => item.name);
  return receipt;
}

/**
 * The saved receipt that `receipt` is again, if any: the same store on the same day with the same
 * total (the printed totals where both were read, else the item sums). Saving one receipt twice,
 * or adding a file already added, would count its food twice in every figure.
 */
export function alreadySaved(saved: readonly SavedReceipt[], receipt: SavedReceipt): SavedReceipt | null {
  const store = (name: string | null) => name?.trim().toLocaleLowerCase('fi') ?? null;
  const total = (entry: SavedReceipt, other: SavedReceipt) =>
    entry.printedTotal !== undefined && other.printedTotal !== undefined ? entry.printedTotal : entry.priceTotal;
  return (
    saved.find(
      (entry) => entry.date === receipt.date && store(entry.store) === store(receipt.store) && total(entry, receipt) === total(receipt, entry),
    ) ?? null
  );
}

// ---- reading: migrations, then a check of every entry ----

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * One step per older version, each lifting a document one version up. Version 1 kept only the
 * UTC save time (`savedAt`), which put a receipt saved just after midnight in Finland into the
 * day (and at a month's end, the month) before; version 2 keeps the local calendar day.
 */
const MIGRATIONS: Record<number, (document: Json) => Json> = {
  1: (document) => ({
    version: 2,
    receipts: Array.isArray(document.receipts)
      ? document.receipts.map((entry: unknown) => {
          if (!isObject(entry) || typeof entry.savedAt !== 'string') return entry;
          const at = new Date(entry.savedAt);
          if (Number.isNaN(at.getTime())) return entry;
          const { savedAt: _dropped, ...rest } = entry;
          return { ...rest, date: localDate(at) };
        })
      : document.receipts,
  }),
};

/** Brings a document of any known version to the current one; null for an unknown or unreadable version. */
export function migrate(document: Json): Json | null {
  let current = document;
  for (;;) {
    const version = current.version;
    if (version === HISTORY_VERSION) return current;
    const step = typeof version === 'number' ? MIGRATIONS[version] : undefined;
    if (!step) return null;
    current = step(current);
  }
}

/** One entry in the current format, checked field by field; null when anything is off. */
export function checkReceipt(entry: unknown): SavedReceipt | null {
  if (!isObject(entry)) return null;
  const { id, date, store, totalKg, lowKg, highKg, kgByCategory, itemCount, priceTotal, printedTotal, items } = entry;
  if (typeof id !== 'string' || id.length === 0 || id.length > 100) return null;
  if (typeof date !== 'string' || !DATE.test(date)) return null;
  if (store !== null && (typeof store !== 'string' || store.length > 200)) return null;
  if (!isAmount(totalKg) || !isAmount(priceTotal)) return null;
  if (!Number.isInteger(itemCount) || !isAmount(itemCount)) return null;
  if (!isObject(kgByCategory)) return null;
  const categories: SavedReceipt['kgByCategory'] = {};
  for (const [name, kg] of Object.entries(kgByCategory)) {
    if (!isCategoryName(name) || !isAmount(kg)) return null;
    categories[name] = kg;
  }
  const receipt: SavedReceipt = { id, date, store, totalKg, kgByCategory: categories, itemCount, priceTotal };
  if (printedTotal !== undefined) {
    // A receipt of bottle returns alone prints a total below zero.
    if (typeof printedTotal !== 'number' || !Number.isFinite(printedTotal)) return null;
    receipt.printedTotal = printedTotal;
  }
  // A range is optional; a broken one is dropped, never the receipt.
  const range = lowKg === undefined && highKg === undefined ? null : plausibleRange(totalKg, lowKg, highKg);
  if (range) {
    receipt.lowKg = range.low;
    receipt.highKg = range.high;
  }
  if (items !== undefined) {
    if (!Array.isArray(items) || !items.every((name) => typeof name === 'string')) return null;
    receipt.items = items;
  }
  return receipt;
}

/** Oldest first; receipts of one day in the order they were saved. */
export function sortReceipts(receipts: readonly SavedReceipt[]): SavedReceipt[] {
  return [...receipts].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** A parsed document → its receipts, with a notice for what had to be left out. */
export function readDocument(parsed: unknown): ReadHistory {
  if (!isObject(parsed)) return { receipts: [], notice: { kind: 'corrupt' }, readOnly: false };
  if (typeof parsed.version === 'number' && parsed.version > HISTORY_VERSION) {
    return { receipts: [], notice: { kind: 'newer' }, readOnly: true };
  }
  const migrated = migrate(parsed);
  if (migrated === null || !Array.isArray(migrated.receipts)) {
    return { receipts: [], notice: { kind: 'corrupt' }, readOnly: false };
  }
  const receipts: SavedReceipt[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const entry of migrated.receipts) {
    const receipt = checkReceipt(entry);
    if (receipt === null || seen.has(receipt.id)) skipped += 1;
    else {
      seen.add(receipt.id);
      receipts.push(receipt);
    }
  }
  return { receipts: sortReceipts(receipts), notice: skipped > 0 ? { kind: 'skipped', count: skipped } : null, readOnly: false };
}

/** The stored text → receipts. Nothing stored yet is an empty history without a notice. */
export function readHistory(stored: string | null): ReadHistory {
  if (stored === null) return { receipts: [], notice: null, readOnly: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return { receipts: [], notice: { kind: 'corrupt' }, readOnly: false };
  }
  return readDocument(parsed);
}

export function writeHistory(receipts: readonly SavedReceipt[]): string {
  const document: HistoryDocument = { version: HISTORY_VERSION, receipts: sortReceipts(receipts) };
  return JSON.stringify(document);
}

/** Imported receipts join the saved ones; one already saved (same id) is kept once. */
export function mergeReceipts(saved: readonly SavedReceipt[], imported: readonly SavedReceipt[]): { receipts: SavedReceipt[]; added: number } {
  const ids = new Set(saved.map((receipt) => receipt.id));
  const fresh = imported.filter((receipt) => !ids.has(receipt.id));
  return { receipts: sortReceipts([...saved, ...fresh]), added: fresh.length };
}
