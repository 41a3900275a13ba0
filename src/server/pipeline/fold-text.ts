// Text folded for comparison, one way everywhere: receipts print ALL CAPS or not, and OCR drops or
// swaps diacritics, so a receipt's keywords (the parser's keys), product names (the classifier's
// tokens) and the eval's names are compared without case or accents.

const SPECIAL_LETTERS: Record<string, string> = { æ: 'ae', ø: 'o', ß: 'ss', œ: 'oe', đ: 'd', ł: 'l' };

/** Lowercase, ä/ö/å → a/o/a and every other diacritic dropped: `Yhteensä` → `yhteensa`. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most of a receipt is printable ASCII, with nothing to fold: every line of every receipt passes here.
  if (!/[^\t\n\r -~]/.test(lower)) return lower;
  return lower
    .replace(/[æøßœđł]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}
