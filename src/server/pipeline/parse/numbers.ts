// Finnish receipt amounts: `1,29`, `1.29` (OCR and old receipts), `0,80-` and `-1,14` (discounts),
// `1 234,56` / `1.234,56` (thousands), OCR letter slips (`l,29`, `O,80`) and split decimals (`1,2 9`).
// Money is handled in integer cents so sums never drift.

/** A money amount found in a line: signed cents plus where its token sits. */
export interface Amount {
  cents: number;
  /** Index of the amount's token in the line's token list. */
  tokenIndex: number;
  /** A one-letter VAT code printed right after the amount (Lidl's `2,39 B`), else null. */
  vatLetter: string | null;
}

const DASHES = /[−–—]/g;
// Letters OCR puts in place of digits; only applied inside tokens that are otherwise numbers.
const OCR_DIGITS: Record<string, string> = { l: '1', I: '1', '|': '1', O: '0', o: '0' };

// After the amount: punctuation, or a bracket or bar OCR reads from the paper's edge (`2.59)`),
// whether OCR read its comma as a comma or a colon (`0:20)`).
const AMOUNT_TOKEN = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)[,.](\d{2})(-?)[.;:'",)\]|]*$/;
const COLON_AMOUNT_TOKEN = /^(-?)(\d{1,2}):(\d{2})(-?)[.;'",)\]|]*$/;

/** Undo the OCR letter-for-digit slips inside a token that is clearly meant as a number. */
function fixOcrDigits(token: string): string {
  if (!/^[-(]?[\dlIOo|]+[,.:][\dlIOo|]{2}-?\)?$/.test(token)) return token;
  const digits = token.replace(/\D/g, '').length;
  if (digits < 2) return token;
  return token.replace(/[lIOo|]/g, (c) => OCR_DIGITS[c] ?? c);
}

/**
 * Parses one amount token (already joined, see `tokenize`) to signed cents, or null.
 * `allowColon` accepts OCR's `0:20` for `0,20`; only sensible on product lines, never on
 * lines that may carry a clock time.
 */
export function parseAmountToken(token: string, allowColon = false): number | null {
  const t = fixOcrDigits(token.replace(DASHES, '-').replace(/^\((.*)\)$/, '$1'));
  const m = AMOUNT_TOKEN.exec(t) ?? (allowColon ? COLON_AMOUNT_TOKEN.exec(t) : null);
  if (!m) return null;
  const [, lead, whole, dec, trail] = m;
  if (lead && trail) return null;
  const cents = Number((whole ?? '').replace(/\./g, '')) * 100 + Number(dec);
  return lead || trail ? -cents : cents;
}

/**
 * Parses a free-standing amount such as `1 234,56 €`, `-1,14`, `0,80-`, `EUR 12.96` to signed
 * cents. Returns null when the text is not exactly one amount.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(DASHES, '-')
    .replace(/€|\bEUR\b/gi, ' ')
    .trim();
  const tokens = tokenize(cleaned, { thousands: true });
  if (tokens.length !== 1) return null;
  return parseAmountToken(tokens[0] ?? '');
}

export interface TokenizeOptions {
  /** Join `1 234,56` into one token. Off for product lines, where `500 1,79` is a name and a price. */
  thousands?: boolean;
}

/**
 * Splits a normalised line on spaces and re-joins the pieces OCR and layout split apart:
 * `1,2 9` → `1,29`, `6, 00-` → `6,00-`, `- 1,14` → `-1,14`, optionally `1 234,56`; and splits
 * what OCR joined: `2,10A` → `2,10`, `A`.
 */
export function tokenize(line: string, options: TokenizeOptions = {}): string[] {
  const raw = line.split(' ').filter((t) => t.length > 0);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let t = raw[i] ?? '';
    const next = raw[i + 1];
    if (next !== undefined) {
      if (/^\d+[,.]\d$/.test(t) && /^\d-?$/.test(next)) {
        t += next;
        i++;
      } else if (/^\d+[,.]$/.test(t) && /^\d{2}-?$/.test(next)) {
        t += next;
        i++;
      } else if (/^[-−–]$/.test(t) && /^\d+[,.]\d{2}$/.test(next)) {
        t = `-${next}`;
        i++;
      } else if (options.thousands && /^\d{1,3}$/.test(t) && /^\d{3}[,.]\d{2}-?$/.test(next)) {
        t += next;
        i++;
      }
    }
    // `-2,10A`, `-2,10'A`: Lidl's VAT letter read without the space before it (a speck may
    // stand between), which leaves no amount.
    const glued = /^(-?\d+[,.]\d{2}-?)[.;:'",)\]|]*([A-F])$/.exec(t);
    if (glued) out.push(glued[1] ?? t, glued[2] ?? '');
    else out.push(t);
  }
  return out;
}

/** The amounts in a token list, left to right (a `14,00%` rate is not an amount). */
export function amountsIn(tokens: readonly string[], allowColon = false): Amount[] {
  const found: Amount[] = [];
  tokens.forEach((token, index) => {
    const cents = parseAmountToken(token, allowColon);
    if (cents === null) return;
    const next = tokens[index + 1];
    const vatLetter = next !== undefined && /^[A-F]$/.test(next) ? next : null;
    found.push({ cents, tokenIndex: index, vatLetter });
  });
  return found;
}

// What may follow a line's price: a VAT letter, the currency, or a few specks of OCR noise
// from the paper's edge. Units are excluded so `0,512 KG` is never read as a price.
// Nothing printed follows a price on its line, so after it only units need care; a 2-decimal
// amount is never grams (`SUKLAA 2.89 g` is a price and a speck), so G is no unit here.
function isTailNoise(token: string): boolean {
  if (/^(KG|L|KPL|\/KG|\/KPL|€\/KG|€\/KPL)$/i.test(token)) return false;
  if (/^(€|EUR|e|E|C)$/.test(token)) return true;
  if (/^[^\p{L}\p{N}]+$/u.test(token)) return true;
  // `Jai`, `TIET`, `Wanin`: letters a crease or the table beside the paper left at the line's
  // end. A bare number is not dropped: `maito 1,51  155` is a volume and a price without its comma.
  if (token.length <= 3 && !/^\d{3}$/.test(token)) return true;
  return token.length <= 5 && (/[^\p{L}\p{N}]/u.test(token) || /\p{Ll}\p{Lu}|\p{Lu}\p{Ll}/u.test(token));
}

/**
 * The amount that ends a line, tolerating up to three noise tokens after it.
 * Returns null when the line does not end in an amount.
 */
export function trailingAmount(tokens: readonly string[], allowColon = false): Amount | null {
  const last = tokens.length - 1;
  for (let i = last; i >= 0 && i >= last - 3; i--) {
    const token = tokens[i] ?? '';
    const cents = parseAmountToken(token, allowColon);
    if (cents !== null) {
      const next = tokens[i + 1];
      const vatLetter = next !== undefined && /^[A-F]$/.test(next) ? next : null;
      return { cents, tokenIndex: i, vatLetter };
    }
    if (!isTailNoise(token)) return null;
  }
  return null;
}

/**
 * A price whose last digit OCR lost at the paper's edge (`2,5` for 2,59, often with a speck
 * after it): where it sits among the tokens and the ten prices it may have been. Null when the
 * line does not end in one.
 */
export function partialPrice(tokens: readonly string[]): { tokenIndex: number; readings: number[] } | null {
  const last = tokens.length - 1;
  for (let i = last; i >= 0 && i >= last - 3; i--) {
    const token = tokens[i] ?? '';
    const m = /^(\d{1,3})[,.](\d)$/.exec(fixOcrDigits(token));
    if (m) {
      const tenths = Number(m[1]) * 100 + Number(m[2]) * 10;
      return { tokenIndex: i, readings: Array.from({ length: 10 }, (_, digit) => tenths + digit) };
    }
    if (!isTailNoise(token)) return null;
  }
  return null;
}

/**
 * A line that ends in a bare 3–4 digit number where a price belongs: OCR often drops the
 * decimal comma (`129` for `1,29`). Returns the readings worth trying, most likely first.
 */
export function commalessReadings(token: string): number[] {
  // Edge specks stuck to the number (`1179,`, `(549)`, `2159|`) are no part of it.
  const t = fixOcrDigits(token).replace(/^\(?(\d+)[.,;:)\]|]*$/, '$1');
  if (!/^\d{3,4}$/.test(t)) return [];
  if (t.length === 3) return [Number(t)];
  // `1135` for `1,35` (the comma itself read as a digit) or `1290` for `12,90`. Groceries
  // under ten euros are the common case, so that reading comes first.
  return [Number(t[0]) * 100 + Number(t.slice(2)), Number(t)];
}

/**
 * A discount under a euro printed `0,55-` and read with its comma and its minus as digits
 * (`01555`, `07557`): an amount that starts with 0 has its comma next, and the digit after the
 * cents is the sign. The cents it means, or null when the token is not five such digits.
 */
export function signedCommalessReading(token: string): number | null {
  const t = fixOcrDigits(token).replace(/^\(?(\d+)[.,;:)\]|]*$/, '$1');
  const m = /^0\d(\d{2})\d$/.exec(t);
  return m ? Number(m[1]) : null;
}
