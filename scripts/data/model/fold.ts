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
import { tokenize } from '../../../src/server/pipeline/classify/normalize.ts';

/** What the fold is decided on: the folded words of a name. */
export function foldKey(name: string): string {
  return tokenize(name).join(' ');
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
