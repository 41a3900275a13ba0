// The history as files the visitor keeps (CSV for a spreadsheet, JSON to bring back later) and
// the check an imported JSON file passes before it may change anything. The JSON file also
// carries what else this device keeps for My receipts: the remembered corrections and the
// household's size (both optional, so an export written before them still imports).
import { CATEGORY_NAMES } from '../../contract.ts';
import { checkHousehold, type Household } from './household.ts';
import { HISTORY_VERSION, readDocument, sortReceipts, type SavedReceipt } from './history.ts';
import { checkRememberedList, type RememberedCorrection } from './remembered.ts';

/** Marks our own export, so that some other JSON file is not taken for one. */
export const EXPORT_FORMAT = 'receipt-calculator-history';

/** Larger files are no export of ours: refused before they are read. */
export const MAX_IMPORT_BYTES = 2_000_000;

/** What a JSON export carries beside the receipts. */
export interface ExportExtras {
  corrections: readonly RememberedCorrection[];
  household: Household | null;
}

export function exportJson(receipts: readonly SavedReceipt[], exportedAt: Date, extras?: ExportExtras): string {
  return JSON.stringify(
    {
      format: EXPORT_FORMAT,
      version: HISTORY_VERSION,
      exported_at: exportedAt.toISOString(),
      receipts: sortReceipts(receipts),
      ...(extras && extras.corrections.length > 0 ? { corrections: extras.corrections } : {}),
      ...(extras?.household ? { household: { adults: extras.household.adults, children: extras.household.children } } : {}),
    },
    null,
    2,
  );
}

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  // Quoted when a separator, quote or line break is inside; a leading = + - @ is a formula to a
  // spreadsheet, so such text gets a leading apostrophe.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row per receipt, kg per category in fixed columns; decimals with a dot. */
export function exportCsv(receipts: readonly SavedReceipt[]): string {
  const header = ['date', 'store', 'total_kg_co2e', 'item_count', 'price_total_eur', ...CATEGORY_NAMES.map((name) => `kg_${name}`), 'items'];
  const rows = sortReceipts(receipts).map((receipt) => [
    receipt.date,
    receipt.store,
    receipt.totalKg,
    receipt.itemCount,
    receipt.priceTotal,
    ...CATEGORY_NAMES.map((name) => receipt.kgByCategory[name] ?? 0),
    receipt.items ? receipt.items.join('; ') : '',
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export type ImportCheck =
  | { ok: true; receipts: SavedReceipt[]; corrections: RememberedCorrection[]; household: Household | null }
  | { ok: false; reason: 'too-large' | 'not-json' | 'not-export' | 'newer' | 'invalid' };

/**
 * An export file's text → its receipts, all or nothing: one entry that fails the check refuses
 * the whole file, so an import never brings in half of something.
 */
export function checkImport(text: string): ImportCheck {
  if (text.length > MAX_IMPORT_BYTES) return { ok: false, reason: 'too-large' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { format?: unknown }).format !== EXPORT_FORMAT) {
    return { ok: false, reason: 'not-export' };
  }
  const read = readDocument(parsed);
  if (read.notice?.kind === 'newer') return { ok: false, reason: 'newer' };
  if (read.notice !== null) return { ok: false, reason: 'invalid' };
  const { corrections, household } = parsed as { corrections?: unknown; household?: unknown };
  const checkedCorrections = corrections === undefined ? [] : checkRememberedList(corrections);
  const checkedHousehold = household === undefined ? null : checkHousehold(household);
  if (checkedCorrections === null || (household !== undefined && checkedHousehold === null)) return { ok: false, reason: 'invalid' };
  return { ok: true, receipts: read.receipts, corrections: checkedCorrections, household: checkedHousehold };
}
