// Pack sizes printed in Finnish receipt and shop names: `400G`, `400 g`, `1KG`, `1,5L`, `5 dl`,
// multipacks `6X0,33L` / `12x0,33` / `6x30g`, gross/drained `670/360g` and truncated `200/`,
// count/weight `10kpl/580g` and egg counts `10KPL` / `L15`. Pure functions over the raw name.

/** kg per unit; a litre of drink counts as 1 kg. */
const KG_PER_UNIT: Record<string, number> = {
  kg: 1,
  g: 0.001,
  gr: 0.001,
  l: 1,
  ltr: 1,
  dl: 0.1,
  cl: 0.01,
  ml: 0.001,
};

const MASS_UNITS = new Set(['kg', 'g', 'gr']);
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const UNIT = String.raw`(kg|gr|g|ltr|l|dl|cl|ml)`;

/** An egg weighs about 60 g. */
export const EGG_KG = 0.06;

export interface PackSize {
  /** kg of one pack (all units of a multipack together). */
  kg: number;
  /** The text it was read from. */
  text: string;
}

export interface PackSizeOptions {
  /** Read only masses (g, kg): volumes on non-food are capacities (`roskapussi 30L`). */
  massOnly?: boolean;
}

const toNumber = (text: string): number => Number(text.replace(',', '.'));

function accept(unit: string | undefined, options: PackSizeOptions): boolean {
  return unit !== undefined && (!options.massOnly || MASS_UNITS.has(unit));
}

/**
 * OCR slips in a pack size that are safe to repair everywhere:
 * - the `1` of `1kg` read as a letter of one stroke: `lkg`, `ikg`, `|kg`; after a digit, the
 *   digit's own stroke read twice (`1lkg`, `1IKG`), not a second digit: no pack weighs 11 kg;
 * - the `g` glued to a figure read as a `9`: `185g/140g` as `1859/1409`, `300g` as `3009`. Pack
 *   grams are round: of the 3,521 gram sizes in the shared product names, 98 % end in 0 or 5 and
 *   4 in 9, so a figure of three or four digits ending in 0 or 5, then a 9, is that figure in grams.
 * OCR also reads `1,5l` as `1,51`, repaired only on drinks (`readOcrLitres`).
 */
function repairOcr(text: string): string {
  return text.replace(/(^|[^a-z\d])[li|](kg|g)\b/g, '$11$2').replace(/(\d)[li|](kg|g)\b/g, '$1$2').replace(/(^|[^\d.,])(\d{2,3}[05])9(?=$|[\s/)])/g, '$1$2g');
}

/** The pack size in a product name, or null when none is printed. */
export function readPackSize(name: string, options: PackSizeOptions = {}): PackSize | null {
  const text = repairOcr(name.toLowerCase().replace(/\u00a0/g, ' '));

  // Multipack: 6X0,33L, 8x120g, 12x0,33 (no unit: decimals or small numbers are litres, else grams).
  const multi = new RegExp(String.raw`(?:^|[^\d.,])(\d{1,2})\s*[x×*]\s*(${NUMBER})\s*${UNIT}?(?![a-z])`).exec(text);
  if (multi) {
    const count = Number(multi[1]);
    const value = toNumber(multi[2] ?? '');
    const unit = multi[3] ?? (/[.,]/.test(multi[2] ?? '') || value <= 5 ? 'l' : 'g');
    if (count > 0 && value > 0 && accept(unit, options)) {
      return { kg: count * value * (KG_PER_UNIT[unit] ?? 0), text: multi[0].trim() };
    }
  }

  // Count/weight: 10kpl/580g, 4/280g, 9x55g already above.
  // The count stands alone: in `380g9/230g` the 9 is the `g` read twice, not a count.
  const perCount = new RegExp(String.raw`(?:^|[^a-z\d.,])(\d{1,3})\s*(?:kpl|kp|pcs)?\s*/\s*(${NUMBER})\s*${UNIT}(?![a-z])`).exec(text);
  if (perCount) {
    const first = toNumber(perCount[1] ?? '');
    const second = toNumber(perCount[2] ?? '');
    const unit = perCount[3] ?? '';
    // A second figure larger than the first is the weight of `first` pieces; otherwise the pair is
    // gross/drained weight (below).
    if (second > first && accept(unit, options)) return { kg: second * (KG_PER_UNIT[unit] ?? 0), text: perCount[0].trim() };
  }

  // Gross/drained: 670/360g, 380/230G, 185/140g, and a name cut short after the slash: 200/.
  const slash = new RegExp(String.raw`(${NUMBER})\s*${UNIT}?\s*/\s*(?:(${NUMBER})\s*${UNIT}?)?`).exec(text);
  if (slash) {
    const gross = toNumber(slash[1] ?? '');
    const drained = slash[3] === undefined ? null : toNumber(slash[3]);
    const unit = slash[2] ?? slash[4] ?? 'g';
    if (gross > 0 && accept(unit, options) && (drained === null || drained <= gross)) {
      return { kg: gross * (KG_PER_UNIT[unit] ?? 0), text: slash[0].trim() };
    }
  }

  // Single size: 400G, 400 g, 1KG, 1,5L, 0,5L, 1 L, 5 dl.
  const single = new RegExp(String.raw`(?:^|[^\d.,])(${NUMBER})\s*${UNIT}(?![a-z])`).exec(text);
  if (single) {
    const value = toNumber(single[1] ?? '');
    const unit = single[2] ?? '';
    if (value > 0 && accept(unit, options)) return { kg: value * (KG_PER_UNIT[unit] ?? 0), text: single[0].trim() };
  }
  return null;
}

/** A drink's litres as OCR prints them without the `l` (`maito 1,51` for `1,5l`), or null. */
export function readOcrLitres(name: string): PackSize | null {
  const match = /(?:^|\s)([0-2],\d)1$/.exec(name.trim().toLowerCase());
  return match ? { kg: toNumber(match[1] ?? ''), text: match[0].trim() } : null;
}

/** A trailing bare weight of a name cut short by the till (`Kaura-Vehnäleipävii 400`), or null. */
export function readTrailingGrams(name: string): PackSize | null {
  const match = /\s(\d{3,4})$/.exec(name.trim());
  const grams = Number(match?.[1]);
  return match && grams >= 100 && grams <= 1500 ? { kg: grams / 1000, text: match[1] ?? '' } : null;
}

/**
 * Eggs in the pack: `10KPL`, `10 kpl`, `6-pack`, size-class counts `L15`, `M10`, and OCR's `110`
 * for `L10` (the L read as a 1, as in `lkg`: a three-digit figure on eggs is no weight); else null.
 */
export function readEggCount(name: string): number | null {
  const text = name.toLowerCase();
  const counted =
    /(?:^|[^\d])(\d{1,2})\s*(?:kpl|kp|pcs|-pack|munaa)(?![a-z])/.exec(text) ??
    /(?:^|\s)(?:s|m|l|xl)\s?(\d{1,2})(?![\d,.a-z])/.exec(text) ??
    /(?:^|\s)[1i|]([1-3]\d)(?![\d,.a-z])/.exec(text);
  const count = Number(counted?.[1]);
  return counted && count > 0 && count <= 30 ? count : null;
}
