// Receipt names → comparable tokens. Receipts print ALL CAPS, abbreviate freely (BR.KOIPIREISI,
// PARM.REGGIANO), hyphenate compounds (SIKA-NAUTAJAUHELIHA) and OCR drops or swaps diacritics, so
// matching works on folded lowercase ASCII letters only: digits, units and punctuation carry no
// category (pack sizes are read separately, from the raw name).
import { foldText } from '../fold-text.ts';

// Unit and packaging words left behind once the digits of `400g`, `6x0,33l`, `12kpl` are gone.
const NOISE_TOKENS = new Set([
  'kg', 'gr', 'ml', 'cl', 'dl', 'ltr', 'kpl', 'kp', 'pkt', 'pk', 'pcs', 'mg', 'mm', 'cm', 'lk', 'ps', 'pss',
  'tlk', 'prk', 'pl', 'rs', 'kpl', 'pack', 'st', 'xl', 'xxl', 'ca', 'noin', 'n',
]);

const OCR_LETTERS: Record<string, string> = { '0': 'o', '1': 'i', '5': 's' };

/**
 * OCR reads letters as look-alike digits inside words (`KEVYTMAIT0`, `P1IMÄ`, `KA5VIS`): a 0, 1 or 5
 * between letters, or a 0 ending a word of three letters or more, is read back as a letter. Digits
 * next to digits (`400G`, `1,5L`) stay digits. Lengths are kept, so offsets still hold.
 */
export function repairOcrLetters(folded: string): string {
  return folded
    // An exclamation mark right after letters is an i OCR read (`donits!`, `jauhel!ha`).
    .replace(/(?<=[a-z]{2})!(?=[a-z]|\s|$)/g, 'i')
    .replace(/(?<=[a-z])[015](?=[a-z])/g, (digit) => OCR_LETTERS[digit] ?? digit)
    .replace(/(?<=[a-z]{3})0(?![a-z0-9.,])/g, 'o');
}

// What a product lacks, or has less of, describes it; it does not name it (`CURRY EI LIS SUOLAA` is
// curry, not salt; `ilman lisättyä sokeria`, `utan tillsatt socker`, `Oivariini vähemmän suolaa`,
// `mindre socker`): the marker, an optional `added`, and one word.
const ABSENCE = /(?<![a-z])(?:ei|ilman|utan|vahemman|mindre)\s+(?:(?:lis|lisa|lisatt|tills|tillsat|tillsatt)[a-z]*\.?\s*)?[a-z]+/;

function absencePhrase(folded: string): { start: number; end: number } | null {
  const match = ABSENCE.exec(folded);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

export interface Token {
  text: string;
  /** Offset in the folded name. */
  start: number;
}

/**
 * Tokens of a product name: folded letters only, hyphenated compounds joined (`sika-nauta` →
 * `sikanauta`), abbreviation dots split (`br.koipireisi` → `br`, `koipireisi`), digits and unit
 * words dropped, one-letter leftovers dropped, single letters joined by `&` kept as one (`l&m` → `lm`). Offsets point into `foldText(name)`.
 */
export function tokenizeWithOffsets(name: string): Token[] {
  const tokens: Token[] = [];
  // Single letters joined by `&` are one brand (`L&M` → `lm`); longer words stay apart (`HOT&SOUR`).
  const folded = repairOcrLetters(foldText(name));
  const absent = absencePhrase(folded);
  for (const match of folded.matchAll(/(?<![a-z])[a-z](?:&[a-z])+(?![a-z])|[a-z]+(?:-+[a-z]+)*/g)) {
    const text = match[0].replace(/[-&]/g, '');
    if (absent && match.index >= absent.start && match.index < absent.end) continue;
    if (text.length >= 2 && !NOISE_TOKENS.has(text)) tokens.push({ text, start: match.index });
  }
  return tokens;
}

export function tokenize(name: string): string[] {
  return tokenizeWithOffsets(name).map((token) => token.text);
}

/** Offset in `foldText(name)` of the first pack size (`400g`, `6x0,33l`, `10 kpl`), or -1. */
export function packSizeOffset(name: string): number {
  const match = /\d[\d.,]*\s*(?:x\s*\d[\d.,]*\s*)?(?:kg|g|gr|l|dl|cl|ml|kpl)\b/.exec(foldText(name));
  return match ? match.index : -1;
}

export type Volume = 'litres' | 'millilitres' | null;

/** A drink-sized volume in the name (`0,5L`, `2 dl`, `33cl`), or a cosmetics-sized one (`75ml`). */
export function volumeOf(name: string): Volume {
  if (/\d\s*ml\b/i.test(name)) return 'millilitres';
  if (/\d\s*(l|dl|cl|ltr)\b/i.test(name)) return 'litres';
  return null;
}
