// Receipt text → clean lines. Printers, PDF extractors and OCR disagree on line endings,
// spaces (non-breaking ones pad S-kaupat receipts), Unicode forms (a decomposed `Ä`) and
// the specks OCR reads from the paper's edge; everything after this sees one form.
import { foldText } from '../fold-text.ts';
import { editDistance } from '../similarity.ts';
import { tokenize } from './numbers.ts';

export interface Line {
  /** Position in the receipt, 0-based. */
  index: number;
  /** The line with spaces collapsed and edge noise removed. */
  text: string;
  /** Upper-case, accents folded (`Ä` → `A`), for keyword tests. */
  key: string;
  /** The words of `key`, punctuation trimmed from their edges. */
  words: string[];
  /** Space-separated tokens of `text`, with split amounts re-joined. */
  tokens: string[];
}

const SPACES = /[\u00a0\u2000-\u200b\u202f\u205f\u3000\t\f\v]/g;

/** A keyword key: the text folded (../fold-text.ts) in upper case, as receipts print keywords: `Yhteensä` → `YHTEENSA`. */
export function fold(text: string): string {
  return foldText(text).toUpperCase();
}

// A token made only of punctuation (`===`, `|`, `—`, `:`) carries nothing on a receipt.
function isPunctuationOnly(token: string): boolean {
  return /^[^\p{L}\p{N}€%]+$/u.test(token) && !/^[-−–]$/.test(token);
}

/** A token made only of the marks OCR draws from a rule, an edge or a crease (`=`, `|`, `<<`). */
export function isRuleMark(token: string): boolean {
  return /^[|=<>»«~_]+$/.test(token);
}

// Rules OCR draws from the paper's edge or a crease (`|`, `==`, `E====s==`): nothing printed
// on a receipt line looks like this, so whatever stands before one near the start is noise too.
function isRuleSpeck(token: string): boolean {
  return isRuleMark(token) || token.includes('==') || token.includes('|');
}

// What stands before a speck is cut only when it cannot be a printed start of line:
// no digits (`1,603 KG = 10,15 €/KG`), no keyword (`YHTEENSÄ = 14,60`) and no whole printed
// word: a crease across a name leaves a speck between its words (`SUKLAAMIX = CLASSIC`), while
// what OCR draws from the margin is a letter or two (`sä`, `FS`, `E W`) and never five letters
// of one case.
function isCuttable(tokens: readonly string[]): boolean {
  const text = tokens.join(' ');
  if (tokens.some((token) => /^(\p{Lu}{5,}|\p{Lu}\p{Ll}{4,})$/u.test(token))) return false;
  return !/\d/.test(text) && !/YHT|SUMMA|KORTTI|ALV|VELOITUS|PANTTI/.test(fold(text));
}

// OCR reads a crumpled paper's left margin as a lowercase fragment one space before the name
// (`pus VIILI 1X`, `sä] TÄYSMAITO`): a name printed in capitals has no lowercase word before it.
function isMarginFragment(token: string, rest: readonly string[]): boolean {
  return /^\p{Ll}{1,3}[\])]?$/u.test(token) && /^\p{Lu}{3}/u.test(rest[0] ?? '') && !rest.some((t) => /\p{Ll}/u.test(t));
}

/** Removes OCR specks before the first and after the last meaningful token. */
function stripEdgeNoise(text: string): string {
  const tokens = text.split(' ').filter((t) => t.length > 0);
  let start = 0;
  for (let k = Math.min(2, tokens.length - 2); k >= 0; k--) {
    if (isRuleSpeck(tokens[k] ?? '') && isCuttable(tokens.slice(0, k))) {
      start = k + 1;
      break;
    }
  }
  if (isMarginFragment(tokens[start] ?? '', tokens.slice(start + 1))) start++;
  let end = tokens.length;
  while (start < end && isPunctuationOnly(tokens[start] ?? '')) start++;
  while (end > start && isPunctuationOnly(tokens[end - 1] ?? '')) end--;
  return tokens.slice(start, end).join(' ');
}

// OCR reads the paper's left edge as a stray `4 |` or `N` set apart by a wide gap; a printed
// name never starts with a one- or two-character word followed by three spaces.
function dropLeftMarginSpecks(spaced: string): string {
  let text = spaced.trimStart();
  for (let k = 0; k < 3; k++) {
    const m = /^(\S{1,2}|[^\p{L}\p{N}\s]+)\s{3,}(?=\S)/u.exec(text);
    if (!m) break;
    const rest = text.slice(m[0].length);
    // A count before its unit (`2   KPL`, `2   x 1,29`) or a VAT code before its row stays.
    if (/^\d+$/.test(m[1] ?? '') && /^(KPL|KP1|PL|X|×|KG|\d)/i.test(rest)) break;
    text = rest;
  }
  return text;
}

// Noise OCR reads from a crumpled or tilted paper's margin: short fragments, stray symbols,
// letters switching case inside a word (`PSA Ta: SL`, `EA TR vAaN Sa`).
function looksLikeNoise(segment: string): boolean {
  return segment
    .split(' ')
    .filter((t) => t.length > 0)
    .some((t) => (t.length <= 2 && !/^\d+$/.test(t)) || /[:;|=,<>!?"'»«[\]]/.test(t) || /\p{Ll}\p{Lu}/u.test(t));
}

/**
 * A product line is its name, a wide gap and its price. Text standing before the name,
 * set apart by another wide gap, is margin noise when it looks like it.
 */
function dropMarginSegments(segments: string[]): string[] {
  if (segments.length < 3) return segments;
  let name = -1;
  segments.forEach((segment, i) => {
    if (letterCount(segment) >= 3) name = i;
  });
  const priceAfter = name >= 0 && name < segments.length - 1 && /\d[,.]\d/.test(segments.slice(name + 1).join(' '));
  if (name < 1 || !priceAfter || !segments.slice(0, name).every(looksLikeNoise)) return segments;
  return segments.slice(name);
}

/**
 * Between a name and its price, or after a name with no price, text set apart by a wide gap
 * that looks like noise is what OCR made of the price column (`Juustokierre   Kaa aT   1,09`,
 * a price printed half a line off read as letters). A segment with a digit in it stays.
 */
function dropColumnJunk(segments: string[]): string[] {
  const name = segments.findIndex((segment) => letterCount(segment) >= 3 && !looksLikeNoise(segment));
  if (name < 0) return segments;
  const price = segments.findIndex((segment, i) => i > name && /\d[,.]\d/.test(segment));
  const end = price < 0 ? segments.length : price;
  return segments.filter((segment, i) => !(i > name && i < end && !/\d/.test(segment) && looksLikeNoise(segment)));
}

// OCR reads the paper's right edge, or a crease down it, as a stray `l` set apart by a wide gap
// after a line's price (`HUPPARITAKKI ESS SMALL LOGO   49,90      l`), and the letter of a unit
// keeps the price from ending the line (`0,512 KG` is a weight). A unit follows its number by
// one space, so one standing a wide gap after the line's last amount is no unit.
function dropRightMarginLetter(segments: string[]): string[] {
  const last = segments[segments.length - 1] ?? '';
  const before = segments[segments.length - 2] ?? '';
  return segments.length >= 2 && /^[lL]$/.test(last) && /\d[,.]\d\d-?$/.test(before) ? segments.slice(0, -1) : segments;
}

function normaliseLine(raw: string): string {
  const spaced = raw.normalize('NFC').replace(SPACES, ' ');
  // The line's parts as set apart by wide gaps (name, price, what OCR read from the margins).
  const segments = dropColumnJunk(dropMarginSegments(dropRightMarginLetter(spaced.trim().split(/\s{3,}/))));
  return stripEdgeNoise(dropLeftMarginSpecks(segments.join('   ')).replace(/\s+/g, ' ').trim());
}

// No printed receipt line is this long; longer text (a pasted document) is not read as one.
const MAX_LINE_CHARS = 250;

export function toLine(raw: string, index: number): Line {
  const normalised = raw.length > MAX_LINE_CHARS * 8 ? '' : normaliseLine(raw);
  const text = normalised.length > MAX_LINE_CHARS ? '' : normalised;
  const key = fold(text);
  return { index, text, key, words: keyWords(key), tokens: tokenize(text) };
}

/** Splits receipt text into lines (CRLF, CR and LF alike), keeping empty ones as spacers. */
export function splitLines(text: string): Line[] {
  return text.split(/\r\n|\r|\n|\u2028|\u2029/).map(toLine);
}

/** A rule printed between sections: `------`, `=====`, `_ _ _`. */
export function isSeparator(line: Line): boolean {
  return /^[-=_*~.\s]{3,}$/.test(line.text);
}

export function letterCount(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/**
 * True when `word` is `target` up to OCR slips: one edit for words of seven letters, two from
 * eight. Shorter words must match exactly (`TUMMA` is not `SUMMA`).
 */
export function nearWord(word: string, target: string): boolean {
  if (word === target) return true;
  if (target.length < 7) return false;
  const allowed = target.length >= 8 ? 2 : 1;
  if (Math.abs(word.length - target.length) > allowed) return false;
  // OCR rarely garbles both of the first two letters; checking this first keeps parsing fast.
  // Both differ where the paper's edge or a crease cut the first letter off (`HTEENSÄ`): the
  // rest of the word then starts with the target's second letter, and the lost letter is one
  // of the slips allowed.
  if (word[0] !== target[0] && word[1] !== target[1]) return word[0] === target[1] && editDistance(word, target.slice(1)) < allowed;
  return editDistance(word, target) <= allowed;
}

/** The words of a folded key, punctuation trimmed from their edges. */
export function keyWords(key: string): string[] {
  return key
    .split(' ')
    .map((w) => w.replace(/^[^A-Z0-9]+|[^A-Z0-9]+$/g, ''))
    .filter((w) => w.length > 0);
}
