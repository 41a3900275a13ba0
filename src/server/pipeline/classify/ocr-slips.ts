// A word OCR misread by one letter, read as the lexicon's word it was (`TÄYSMATTO` → täysmaito,
// `OIVARIINT` → oivariini, `HOYTYSAMPYLA` → höyrysämpylä): OCR takes a receipt font's thin letters
// for one another, and its round ones, and the misread word is no word at all, or names something
// else by a short end (`matto`, a carpet). Snapped only when the word is long enough that one
// letter in it is a slip and not another word, no lexicon term is the word itself, and exactly
// one term is the word with one letter changed for a look-alike.
import { LEXICON } from './lexicon.ts';
import { tokenizeWithOffsets, type Token } from './normalize.ts';

/** Words shorter than this are left as read: one letter changes a short word into another (`kanapata`, a stew, and `kanapala`). */
const MIN_LENGTH = 9;
/**
 * Letters a receipt font's OCR takes for one another: the thin strokes, the round letters, the
 * humped ones. A slip outside its group is rarer than a word of another spelling (`kalcium`,
 * `macaroni`) or another inflection (`broileria`, `kananmunan`), which are left as they are.
 */
const LOOK_ALIKES: readonly string[] = ['iltfr', 'ij', 'oqgaced', 'mnuh'];
/** Each letter's look-alikes, from every group it is in (`i` is thin, and also taken for `j`). */
const LOOK_ALIKE: ReadonlyMap<string, string> = new Map(
  [...new Set(LOOK_ALIKES.join(''))].map((letter) => [letter, LOOK_ALIKES.filter((group) => group.includes(letter)).join('').replaceAll(letter, '')]),
);

/** Terms that name a product by the whole word (product, cut or brand), the words a slip is snapped to. */
const WHOLE_TERMS: ReadonlySet<string> = new Set(
  LEXICON.filter((entry) => entry.role === 'product' || entry.role === 'cut' || entry.role === 'brand').map((entry) => entry.term),
);
const ANY_TERM: ReadonlySet<string> = new Set(LEXICON.map((entry) => entry.term));

/** The lexicon's word one look-alike letter away from `word`, when exactly one is; else null. */
export function snapSlip(word: string): string | null {
  if (word.length < MIN_LENGTH || ANY_TERM.has(word)) return null;
  let found: string | null = null;
  for (let at = 0; at < word.length; at++) {
    for (const letter of LOOK_ALIKE.get(word[at] ?? '') ?? '') {
      const candidate = word.slice(0, at) + letter + word.slice(at + 1);
      if (!WHOLE_TERMS.has(candidate)) continue;
      if (found !== null && found !== candidate) return null;
      found = candidate;
    }
  }
  return found;
}

/** The name's tokens (normalize.ts), each misread word read as the word it was. Offsets are kept: a slip keeps the length. */
export function readTokens(name: string): Token[] {
  return tokenizeWithOffsets(name).map((token) => {
    const snapped = snapSlip(token.text);
    return snapped ? { ...token, text: snapped } : token;
  });
}
