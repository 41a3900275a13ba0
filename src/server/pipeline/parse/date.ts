// The day of the purchase, as the receipt prints it: `K663 M956552/4591 17.48 12.6.2025` (K and S
// registers), `20.9.2025 11:03`, Lidl's `15/02/2024 08:58` at the foot, an online order's
// `Aika: 14.10.2025 09:12`. A receipt can print other days too (a campaign's last day, a return
// deadline, a card's expiry): the purchase is the day printed with a time of day, the first such;
// without one, the first day in the header; otherwise none is claimed.
import type { Line } from './lines.ts';

/** d.m.yyyy, d/m/yyyy, d-m-yyyy and two-digit years; not inside a longer number or amount. */
const DATE = /(?<![\d.,/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d,]|[./-]\d)/g;
/** A time of day, hh:mm or hh.mm, looked for once the dates are taken out of the line. */
const TIME = /(?<![\d.,:])(?:[01]?\d|2[0-3])[:.][0-5]\d(?![\d,]|[.:]\d)/;
/** Days that are not the purchase: offers and returns valid until, best before, a card's expiry. */
const NOT_PURCHASE = /VOIMASSA|VIIMEISTAAN|ASTI\b|PALAUT|PARASTA ENNEN|VIIM\. KAYTT|ERAPAIVA|EXPIRY|GILTIG|VALID/;

function isoDate(day: number, month: number, year: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const full = year < 100 ? 2000 + year : year;
  if (full < 2000 || full > 2099) return null;
  if (day > new Date(Date.UTC(full, month, 0)).getUTCDate()) return null;
  return `${full}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

interface Candidate {
  date: string;
  line: number;
  withTime: boolean;
}

/** A line that is a time of day alone: where a column split broke the date's line (`01/07/2025`, then `17:45`). */
const TIME_ALONE = /^(?:[01]?\d|2[0-3])[:.][0-5]\d$/;

function candidates(line: Line, next: Line | undefined): Candidate[] {
  if (NOT_PURCHASE.test(line.key)) return [];
  const found: Candidate[] = [];
  for (const match of line.text.matchAll(DATE)) {
    const date = isoDate(Number(match[1]), Number(match[3]), Number(match[4]));
    if (date) found.push({ date, line: line.index, withTime: false });
  }
  if (found.length === 0) return found;
  const withTime = TIME.test(line.text.replace(DATE, ' ')) || TIME_ALONE.test(next?.text.trim() ?? '');
  return found.map((candidate) => ({ ...candidate, withTime }));
}

export interface PurchaseDate {
  /** `YYYY-MM-DD` */
  day: string;
  /** How many lines print this day: a second one is a witness (an online order's, a card slip's). */
  lines: number;
}

/**
 * The purchase date, or null. `headerEnd` is the first line that may be an item: a date above it
 * without a time still counts (a shop that prints the day alone).
 */
export function readPurchaseDate(lines: readonly Line[], headerEnd: number): PurchaseDate | null {
  const all = lines.flatMap((line, index) => candidates(line, lines[index + 1]));
  const chosen = all.find((candidate) => candidate.withTime) ?? all.find((candidate) => candidate.line < headerEnd);
  if (!chosen) return null;
  return { day: chosen.date, lines: new Set(all.filter((candidate) => candidate.date === chosen.date).map((candidate) => candidate.line)).size };
}
