// Corrections remembered on this device: a visitor who fixes a line's category or amount once
// sees the same fix on every later receipt that prints the same name. Pure functions: what is
// kept under which name, how a later receipt's lines change, and how the stored list is read.
// The browser's storage itself is touched in ../state/remembered.ts.
import {
  isCategoryName,
  MAX_ITEM_KG,
  MAX_ITEM_PIECES,
  type AnalysisItem,
  type AnalysisResult,
  type CategoryName,
  type RecalculateItem,
  type RecalculateRequest,
} from '../../contract.ts';
import { amountFields, requestItemOf, requestWith, type Amount, type EditAction } from './edits.ts';

/** One remembered correction, kept under its line's normalised name. */
export interface RememberedCorrection {
  /** `normalizedName` of the line: the key. */
  key: string;
  /** The name as it was printed when corrected, for the list in "My receipts". */
  name: string;
  category?: CategoryName;
  /**
   * The amount the visitor gave, for a line of `per` packs or pieces: a later line of the same
   * name counting twice as many gets twice the amount.
   */
  amount?: Amount & { per: number };
  /** The visitor's local day of the last change, `YYYY-MM-DD`; the oldest go first when the list is full. */
  date: string;
}

/** A result as shown: per item, the line as read where a remembered correction changed it (else null). */
export interface ShownResult extends AnalysisResult {
  readonly rememberedFrom?: ReadonlyArray<RecalculateItem | null>;
}

export const REMEMBERED_VERSION = 1;
/** At most this many names are kept; the least recently corrected go first. */
export const MAX_REMEMBERED = 500;
/** The backend's longest item name. */
const MAX_NAME_CHARS = 200;

/**
 * The key a line is remembered under: the same product printed by two receipts (or read by OCR
 * with other spacing or case) gives one key. Unicode forms are folded, letters lower-cased,
 * runs of spaces made one, and specks around the name (`*`, `.`, `-`) left out; the letters,
 * digits and signs inside it stay, so `Maito 1l` and `Maito 1,5l` remain two products.
 */
export function normalizedName(name: string): string {
  return name
    .normalize('NFKC')
    .toLocaleLowerCase('fi')
    .replace(/\s+/gu, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%)]+$/gu, '')
    .slice(0, MAX_NAME_CHARS);
}

/** The list with `entry` in place of any earlier one of its key, newest first, at most MAX_REMEMBERED. */
function withEntry(list: readonly RememberedCorrection[], entry: RememberedCorrection): RememberedCorrection[] {
  return [entry, ...list.filter((kept) => kept.key !== entry.key)].slice(0, MAX_REMEMBERED);
}

/**
 * The list after the visitor changed `item` (as it was before the change) with `action`: a new
 * category, or the amount of a counted line (a pack or a piece, `piece_weight`), is kept under
 * the item's name beside what was kept for it before. A weighed line's amount is that receipt's
 * own (the next one prints its own weight), and other changes (removing, adding, putting a line
 * back as read) are not remembered.
 */
export function rememberEdit(
  list: readonly RememberedCorrection[],
  item: AnalysisItem,
  action: EditAction,
  date: string,
): RememberedCorrection[] {
  if (action.type !== 'category' && action.type !== 'amount') return [...list];
  if (action.type === 'amount' && !item.piece_weight) return [...list];
  const key = normalizedName(item.name);
  if (key === '') return [...list];
  const before = list.find((kept) => kept.key === key);
  const entry: RememberedCorrection = { ...before, key, name: item.name.trim(), date };
  if (action.type === 'category') entry.category = action.category;
  else entry.amount = { ...action.amount, per: item.quantity ?? 1 };
  return withEntry(list, entry);
}

export function forgetEntry(list: readonly RememberedCorrection[], key: string): RememberedCorrection[] {
  return list.filter((kept) => kept.key !== key);
}

/**
 * Imported entries join the kept ones; where both hold a name, the one changed last wins (the
 * kept one on a tie), so importing an old export never undoes a newer correction.
 */
export function mergeRemembered(
  kept: readonly RememberedCorrection[],
  imported: readonly RememberedCorrection[],
): { list: RememberedCorrection[]; added: number } {
  let list = [...kept];
  let added = 0;
  for (const entry of [...imported].reverse()) {
    const current = list.find((item) => item.key === entry.key);
    if (current && current.date >= entry.date) continue;
    if (!current) added += 1;
    list = withEntry(list, entry);
  }
  return { list: [...list].sort((a, b) => (a.date > b.date ? -1 : a.date < b.date ? 1 : 0)).slice(0, MAX_REMEMBERED), added };
}

/**
 * The remembered amount for a line counting `quantity` packs or pieces, as request fields; null
 * when it would leave the backend's bounds.
 */
function scaledAmount(amount: NonNullable<RememberedCorrection['amount']>, quantity: number): Pick<RecalculateItem, 'weight' | 'quantity'> | null {
  const scale = quantity / amount.per;
  if (amount.unit === 'pcs') {
    const pieces = Math.round(amount.value * scale);
    return pieces >= 1 && pieces <= MAX_ITEM_PIECES ? { quantity: pieces } : null;
  }
  const { weight = 0 } = amountFields(amount);
  const kg = Math.round(weight * scale * 1000) / 1000;
  return kg >= 0.001 && kg <= MAX_ITEM_KG ? { weight: kg } : null;
}

/** `item` with the remembered correction, or null when nothing about it would change. */
function corrected(item: AnalysisItem, entry: RememberedCorrection): RecalculateItem | null {
  const read = requestItemOf(item);
  let next: RecalculateItem = read;
  if (entry.category && entry.category !== item.category) next = { ...next, category: entry.category };
  // Only a counted line (a pack or a piece, `piece_weight`) takes a remembered amount: its weight
  // is the same on every receipt. A weighed line's printed weight is that receipt's own.
  const amount = entry.amount && item.piece_weight ? scaledAmount(entry.amount, item.quantity ?? 1) : null;
  if (amount) {
    const changes = amount.quantity !== undefined ? amount.quantity !== (item.quantity ?? 1) : Math.abs((amount.weight ?? 0) - item.weight) >= 0.0005;
    if (changes) {
      const { weight: _weight, quantity: _quantity, ...rest } = next;
      next = { ...rest, ...amount };
    }
  }
  return next === read ? null : next;
}

/**
 * The recalculation that puts the remembered corrections into a receipt just read, with the
 * lines as read kept per item for undoing one on this receipt; null when none applies.
 */
export function rememberedRequest(
  result: AnalysisResult,
  list: readonly RememberedCorrection[],
): { request: RecalculateRequest; asRead: Array<RecalculateItem | null> } | null {
  if (list.length === 0) return null;
  const byKey = new Map(list.map((entry) => [entry.key, entry]));
  const asRead: Array<RecalculateItem | null> = [];
  const items = result.items.map((item) => {
    const entry = byKey.get(normalizedName(item.name));
    const next = entry ? corrected(item, entry) : null;
    asRead.push(next ? requestItemOf(item) : null);
    return next ?? requestItemOf(item);
  });
  return asRead.some((line) => line !== null) ? { request: requestWith(result, items), asRead } : null;
}

/**
 * The marks of `before` carried to the backend's answer to `action`: a line the visitor changed
 * or put back is theirs now, not a remembered one; removed lines take their marks with them.
 */
export function carryMarks(before: ShownResult, action: EditAction, answer: AnalysisResult): ShownResult {
  const marks = before.rememberedFrom;
  if (!marks) return answer;
  let next = [...marks];
  switch (action.type) {
    case 'remove':
      next.splice(action.index, 1);
      break;
    case 'add':
      next = [...next, null];
      break;
    default:
      next[action.index] = null;
  }
  return next.some((mark) => mark !== null) ? { ...answer, rememberedFrom: next } : answer;
}

// ---- the stored list ----

export interface RememberedDocument {
  version: typeof REMEMBERED_VERSION;
  /** The visitor's switch: when off, nothing new is remembered and nothing is applied. */
  enabled: boolean;
  corrections: RememberedCorrection[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function checkAmount(value: unknown): RememberedCorrection['amount'] | null {
  if (!isObject(value)) return null;
  const { unit, value: amount, per } = value;
  if (unit !== 'g' && unit !== 'kg' && unit !== 'pcs') return null;
  if (typeof amount !== 'number' || !(amount > 0) || !Number.isFinite(amount)) return null;
  if (typeof per !== 'number' || !Number.isInteger(per) || per < 1 || per > MAX_ITEM_PIECES) return null;
  return { unit, value: amount, per };
}

/** One stored or imported entry, field by field; null when anything is off. */
export function checkRemembered(entry: unknown): RememberedCorrection | null {
  if (!isObject(entry)) return null;
  const { key, name, category, amount, date } = entry;
  if (typeof key !== 'string' || key === '' || key !== normalizedName(key)) return null;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_CHARS || normalizedName(name) !== key) return null;
  if (typeof date !== 'string' || !DATE.test(date)) return null;
  if (category === undefined && amount === undefined) return null;
  const checked: RememberedCorrection = { key, name, date };
  if (category !== undefined) {
    if (!isCategoryName(category)) return null;
    checked.category = category;
  }
  if (amount !== undefined) {
    const read = checkAmount(amount);
    if (read === null) return null;
    checked.amount = read;
  }
  return checked;
}

/** A list of entries, all or nothing: null when one fails its check or a name comes twice. */
export function checkRememberedList(value: unknown): RememberedCorrection[] | null {
  if (!Array.isArray(value) || value.length > MAX_REMEMBERED) return null;
  const list: RememberedCorrection[] = [];
  for (const entry of value) {
    const checked = checkRemembered(entry);
    if (checked === null || list.some((kept) => kept.key === checked.key)) return null;
    list.push(checked);
  }
  return list;
}

/** The stored text → the switch and the list; unreadable or newer data reads as nothing kept. */
export function readRemembered(stored: string | null): { enabled: boolean; corrections: RememberedCorrection[]; unreadable: boolean } {
  if (stored === null) return { enabled: true, corrections: [], unreadable: false };
  try {
    const parsed: unknown = JSON.parse(stored);
    if (isObject(parsed) && parsed.version === REMEMBERED_VERSION && typeof parsed.enabled === 'boolean') {
      const corrections = checkRememberedList(parsed.corrections);
      if (corrections) return { enabled: parsed.enabled, corrections, unreadable: false };
    }
  } catch {
    // Not JSON: reported below.
  }
  return { enabled: true, corrections: [], unreadable: true };
}

export function writeRemembered(enabled: boolean, corrections: readonly RememberedCorrection[]): string {
  const document: RememberedDocument = { version: REMEMBERED_VERSION, enabled, corrections: [...corrections] };
  return JSON.stringify(document);
}
