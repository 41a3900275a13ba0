// A weighed line checks itself: its price is its weight times its unit price (`0,482 KG x
// 12,90 €/KG` costs 6,22), to a cent of rounding. Once the receipt adds up to its total, its
// prices are confirmed; a weight that disagrees with its confirmed price is then the misread
// figure, when the price implies exactly one weight that differs from the one read by a single
// digit (0,482 read as 0,432) and no unit price that differs from the one read by a single
// digit would explain the price instead (12,90 read as 17,90). Otherwise the line stays as read:
// which of the two figures OCR misread cannot be told.
import { ROUNDING_CENTS } from '../money.ts';
import type { ParsedItem } from '../types.ts';

/** Half a cent: a weighed line's price is its weight times its unit price, rounded to the cent. */
const HALF_CENT = 0.5;

/** True when `a` and `b`, written with the same number of digits, differ in exactly one of them. */
function oneDigitApart(a: number, b: number): boolean {
  const x = String(a);
  const y = String(b);
  if (x.length !== y.length) return false;
  let differ = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) differ++;
  return differ === 1;
}

/** The whole numbers n in [lo, hi] one digit apart from `read`. */
function oneDigitFits(lo: number, hi: number, read: number): number[] {
  const fits: number[] = [];
  for (let n = Math.max(1, Math.ceil(lo)); n <= Math.floor(hi); n++) if (oneDigitApart(n, read)) fits.push(n);
  return fits;
}

/** The item with the weight its confirmed price implies, where a single misread digit of the weight explains the line; else the item as read. */
export function weightFromPrice(item: ParsedItem): ParsedItem {
  if (item.weightKg === null || item.unitPrice === null || item.discount !== 0) return item;
  const priceCents = Math.round(item.price * 100);
  const unitCents = Math.round(item.unitPrice * 100);
  const grams = Math.round(item.weightKg * 1000);
  if (priceCents <= 0 || unitCents <= 0 || grams <= 0) return item;
  if (Math.abs((grams * unitCents) / 1000 - priceCents) <= ROUNDING_CENTS) return item;
  const weights = oneDigitFits(((priceCents - HALF_CENT) * 1000) / unitCents, ((priceCents + HALF_CENT) * 1000) / unitCents, grams);
  if (weights.length !== 1) return item;
  const units = oneDigitFits(((priceCents - HALF_CENT) * 1000) / grams, ((priceCents + HALF_CENT) * 1000) / grams, unitCents);
  if (units.length > 0) return item;
  return { ...item, weightKg: (weights[0] ?? grams) / 1000 };
}
