// Number formatting for display. Locale-aware so another catalogue brings its own separators.

function fixed(locale: string, value: number, digits: number): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Euros with 2 decimals, e.g. "€46.90". */
export function formatEuro(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** kg CO2e: 2 decimals below 10 kg (item-sized values), 1 decimal from 10 kg up. */
export function formatKg(locale: string, value: number): string {
  return fixed(locale, value, Math.abs(value) < 10 ? 2 : 1);
}

/**
 * A plausible range of kg CO2e, rounded as a range is read ("24–37", "3.1–6.3", "0.12–0.45"):
 * whole kg from 10 up, one decimal from 1, two below; one more decimal when rounding would make
 * both ends the same.
 */
export function formatRange(locale: string, low: number, high: number): { low: string; high: string } {
  let digits = high >= 10 ? 0 : high >= 1 ? 1 : 2;
  while (digits < 3 && fixed(locale, low, digits) === fixed(locale, high, digits) && low !== high) digits += 1;
  return { low: fixed(locale, low, digits), high: fixed(locale, high, digits) };
}

/** Weight in kg for the item list: up to 3 decimals, trailing zeros dropped (0.52, 1.5, 0.4). */
export function formatWeight(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
}

/** An amount as a person types it back: up to 3 decimals, no grouping ("1234", "0,5"). */
export function formatAmountInput(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false }).format(value);
}

/**
 * Equivalents (km, months): whole numbers from 10 up, cut down rather than rounded so 8.7 kg
 * reads 72 km as in the spec's example (72.5); one decimal below 10 so small receipts do not read 0.
 */
export function formatEquivalent(locale: string, value: number): string {
  return Math.abs(value) < 10 ? fixed(locale, value, 1) : fixed(locale, Math.trunc(value), 0);
}

/** One decimal, as diet figures are given ("6.0", "5,2"). */
export function formatOneDecimal(locale: string, value: number): string {
  return fixed(locale, value, 1);
}

/** Tonnes with one decimal. */
export function formatTonnes(locale: string, value: number): string {
  return fixed(locale, value, 1);
}

/** A whole number with the locale's grouping, e.g. "1,000". */
export function formatInteger(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** Percent of a whole, rounded, e.g. 42. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** A count or size as the locale writes it, up to 2 decimals ("1 234", "1,5"). */
export function formatNumber(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** A calendar date written out as the locale does ("January 15, 2025", "15. tammikuuta 2025"). */
export function formatDate(locale: string, isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, month! - 1, day)),
  );
}

/**
 * The locale's short unit after a shortened figure, as Intl's compact notation writes it:
 * "K"/"M" in English, " t."/" milj." in Finnish, " tn"/" mn" in Swedish.
 */
function compactUnit(locale: string, unit: number): string {
  return new Intl.NumberFormat(locale, { notation: 'compact' })
    .formatToParts(2 * unit)
    .filter((part) => part.type === 'compact' || part.type === 'literal')
    .map((part) => part.value)
    .join('');
}

/**
 * Counts shortened strictly above 1,000 (K) and strictly above 1,000,000 (M), one decimal,
 * trailing ".0" dropped, the unit written as the locale writes it. The unit follows the count,
 * not the rounded figure: 999,960 and 1,000,000 are not above a million, so they read "1,000K".
 */
export function shortenCount(locale: string, value: number): string {
  const oneDecimal = (n: number): string =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
  if (value > 1_000_000) return `${oneDecimal(value / 1_000_000)}${compactUnit(locale, 1_000_000)}`;
  if (value > 1_000) return `${oneDecimal(value / 1_000)}${compactUnit(locale, 1_000)}`;
  return formatInteger(locale, value);
}
