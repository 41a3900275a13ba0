// The locked fold: about a quarter of every labelled name, set aside by a stable hash of the
// name's words, so the category model and the lexicon can be measured on names no one tuned
// them on. Nothing is learnt from it: the model's training names skip it whatever their source,
// no lexicon entry may rest on it alone, and the evaluation prints only its aggregates
// (scripts/eval/README.md, "The locked fold").
//
// The hash is of the name's folded words without digits and units (`Valio kevytmaito 1l` and
// `VALIO KEVYTMAITO 1,5L` share a key), so a pack-size variant of a fold name cannot teach the
// model that name from outside the fold.
import { fnv1a } from '../../../src/server/pipeline/classify/model.ts';
import { foldText } from '../../../src/server/pipeline/fold-text.ts';

// The key's words are read as the classifier read them when the fold was drawn, and never again
// otherwise: were it the classifier's tokenizer, a change to how the model reads a name (a phrase
// it now skips, an OCR slip it repairs) would move names into and out of the fold, and a name the
// model was trained on could land in the fold it is measured on.
const KEY_NOISE = new Set([
  'kg', 'gr', 'ml', 'cl', 'dl', 'ltr', 'kpl', 'kp', 'pkt', 'pk', 'pcs', 'mg', 'mm', 'cm', 'lk', 'ps', 'pss',
  'tlk', 'prk', 'pl', 'rs', 'pack', 'st', 'xl', 'xxl', 'ca', 'noin', 'n',
]);
const KEY_LETTERS: Record<string, string> = { '0': 'o', '1': 'i', '5': 's' };

/** What the fold is decided on: the folded words of a name (letters only, digits and units dropped). */
export function foldKey(name: string): string {
  const folded = foldText(name)
    .replace(/(?<=[a-z])[015](?=[a-z])/g, (digit) => KEY_LETTERS[digit] ?? digit)
    .replace(/(?<=[a-z]{3})0(?![a-z0-9.,])/g, 'o');
  const words: string[] = [];
  for (const match of folded.matchAll(/(?<![a-z])[a-z](?:&[a-z])+(?![a-z])|[a-z]+(?:-+[a-z]+)*/g)) {
    const word = match[0].replace(/[-&]/g, '');
    if (word.length >= 2 && !KEY_NOISE.has(word)) words.push(word);
  }
  return words.join(' ');
}

/** The salt makes this split independent of any other hash of the same key. */
const FOLD_SALT = 'locked-fold/1:';
/** One name in this many is in the fold. */
const FOLD_SHARE = 4;

/** True for a name in the locked fold. A name with no words is never in it (nothing to learn or test). */
export function inLockedFold(name: string): boolean {
  const key = foldKey(name);
  return key !== '' && fnv1a(FOLD_SALT + key) % FOLD_SHARE === 0;
}

/**
 * A second, independent split of the names outside the fold into `parts` parts, for
 * cross-validation (the confidence thresholds are chosen on it, never on the fold).
 */
export function crossValidationPart(name: string, parts: number): number {
  return fnv1a(`cross-validation/1:${foldKey(name)}`) % parts;
}
