// The lexicon's reading of a name (pure, no I/O): every term of data/lexicon.csv found in the folded
// tokens (match.ts), and the most specific head among them. The reading is evidence the category
// model weighs (features.ts), not a decision: classify.ts lets the model decide.
// data/README.md describes the reading step by step; in short:
// 1. descriptive and packaging words hide what they cover; each token's head is its rightmost match
//    (Finnish compounds end in their head: mustikka|piirakka is a pie, kevyt|maito|juoma a milk drink);
// 2. a cut or dish head is refined by the species named with it (sika-nauta jauheliha → beef mince);
// 3. the most specific head wins: rank, refinement, words before the pack size, the higher-emission
//    meat, the longer term, the earlier token;
// 4. a few whole-name adjustments follow (fruit in litres is a drink, `X ja Y` a ready meal, a
//    bread named with a meat or fish a sandwich, Finnish origin picks heated-greenhouse produce).
import type { CategoryName } from '../../../contract.ts';
import { CATALOGUE, type Catalogue } from '../data/catalogue.ts';
import { FACTORS } from '../emissions/factors.ts';
import { foldText } from '../fold-text.ts';
import type { LexiconRole } from './lexicon.ts';
import { contains, findHits, headOf, INDEX, overlaps, startOf, type Hit } from './match.ts';
import { packSizeOffset, volumeOf, type Token } from './normalize.ts';
import { readTokens } from './ocr-slips.ts';

/** One head the lexicon found, with the key it reads as. */
export interface LexiconHead {
  key: string;
  category: CategoryName;
  /** Rank of its term, +0.5 when a species refined it. */
  score: number;
  role: LexiconRole;
  term: string;
}

export interface LexiconReading {
  /** The winning head's key, after the whole-name adjustments. */
  productKey: string;
  category: CategoryName;
  /** `high` when the winner beats every head of another category by a rank step and is no brand. */
  confidence: 'high' | 'medium';
  /** The terms that decided, head first. */
  terms: string[];
  /** Every head found, best first (the winner's own key before adjustments). */
  heads: LexiconHead[];
  /** A species named elsewhere refined the winning cut or dish. */
  refined: boolean;
}

interface Candidate {
  hit: Hit;
  key: string;
  refinedBy: Hit | null;
  score: number;
  afterSize: boolean;
}

const LIGHTER_MEAT = new Set<CategoryName>(['Pork', 'Poultry']);
const PROTEIN_CATEGORIES = new Set<CategoryName>(['Red Meat', 'Pork', 'Poultry', 'Fish', 'Plant Proteins']);
const MEAT_CATEGORIES = new Set<CategoryName>(['Red Meat', 'Pork', 'Poultry']);
/** A head this much more specific than every rival of another category is a clear reading. */
const CLEAR_MARGIN = 1;

const factorOf = (key: string): number => FACTORS.get(key)?.kgCo2ePerKg ?? 0;

// Keys the whole-name adjustments stand for.
const CUE_KEYS = {
  drink: 'soft-drink',
  fruitDrink: 'juice',
  supplement: 'supplement',
  meal: 'meal',
  sandwich: 'sandwich',
} as const;

/** Breads a filling turns into a sandwich, and what fills them. */
const BREADS = new Set(['rye-bread', 'bread-mixed', 'bread-wheat', 'baguette', 'buns', 'tortilla', 'flatbread']);
const FILLINGS = new Set<CategoryName>(['Red Meat', 'Pork', 'Poultry', 'Fish']);

function compareCandidates(a: Candidate, b: Candidate, catalogue: Catalogue): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.afterSize !== b.afterSize) return a.afterSize ? 1 : -1;
  const ca = catalogue.get(a.key).category;
  const cb = catalogue.get(b.key).category;
  if (ca !== cb && MEAT_CATEGORIES.has(ca) && MEAT_CATEGORIES.has(cb)) return factorOf(b.key) - factorOf(a.key);
  if (a.hit.entry.term.length !== b.hit.entry.term.length) return b.hit.entry.term.length - a.hit.entry.term.length;
  return a.hit.token - b.hit.token;
}

/** The cut whose compounds with a non-species word only describe a shape (`peruna|suikale`). */
const FORM_CUT = 'fillet';

/**
 * `X ja Y` with foods of different categories on both sides is a ready meal, refined by the
 * species named (`kanaa ja jasmiiniriisiä` → meal-poultry); null otherwise. A compound cut short
 * before `ja` (`lettu- ja vohvelijauhe`) is one product, not two.
 */
function mealOf(
  folded: string,
  tokens: Token[],
  candidates: Candidate[],
  catalogue: Catalogue,
  refinersOf: (head: Hit) => Hit[],
): string | null {
  const and = tokens.findIndex((token) => token.text === 'ja');
  const before = tokens[and - 1];
  if (!before || folded.charAt(before.start + before.text.length) === '-') return null;
  const food = (c: Candidate): boolean => catalogue.get(c.key).category !== 'Other';
  const left = candidates.find((c) => c.hit.token < and && food(c));
  const right = candidates.find((c) => c.hit.token > and && food(c));
  if (!left || !right || catalogue.get(left.key).category === catalogue.get(right.key).category) return null;
  let meal: string = CUE_KEYS.meal;
  let best = -1;
  const mealHead: Hit = { ...left.hit, entry: { ...left.hit.entry, key: CUE_KEYS.meal, role: 'cut' } };
  for (const species of [left.hit, right.hit, ...refinersOf(mealHead)]) {
    const refined = catalogue.refine(CUE_KEYS.meal, species.entry.key);
    if (refined && factorOf(species.entry.key) > best) {
      best = factorOf(species.entry.key);
      meal = refined;
    }
  }
  return meal;
}

// Derivational adjectives (`jauho|inen` floury, `sokeri|ton` sugar-free, `mansikka|iset`) describe
// a product by a food they are not: a food word inside one decides nothing unless it is its head.
const ADJECTIVE_ENDING = /(?:inen|iset|isen|ton|ttomat|ttoman|tonta)$/;

export function readLexicon(name: string): LexiconReading | null {
  const catalogue = CATALOGUE;
  const tokens = readTokens(name);
  const sizeAt = packSizeOffset(name);
  // Words after the pack size describe a variant (`grillimakkara 400g juusto`), not the product.
  const afterSize = (token: number): boolean => sizeAt >= 0 && (tokens[token]?.start ?? 0) > sizeAt;
  const hits = findHits(tokens.map((token) => token.text), INDEX);
  const finnish = hits.some((hit) => hit.entry.role === 'origin');

  // Descriptive words silence their whole token (`sitruunalla`, `mausteliemessä`); packaging words
  // hide only what they overlap (`porkkana|pussi` → porkkana). A longer match containing either
  // survives (`roskapussi`).
  const masks = hits.filter((hit) => hit.entry.role === 'ignore' || hit.entry.role === 'pack');
  const hidden = (hit: Hit): boolean =>
    masks.some(
      (mask) =>
        !contains(hit, mask) &&
        (mask.entry.role === 'ignore' ? mask.token === hit.token : overlaps(hit, mask)),
    );
  const adjective = (hit: Hit): boolean => {
    const token = tokens[hit.token]?.text ?? '';
    return ADJECTIVE_ENDING.test(token) && !hits.some((other) => other.token === hit.token && other.end >= token.length - 2 && other.entry.role !== 'ignore');
  };
  const visible = hits.filter((hit) => !masks.includes(hit) && !hidden(hit) && !adjective(hit));
  const isFood = (hit: Hit): boolean => hit.entry.role === 'product' || hit.entry.role === 'cut';
  const kept = visible.filter(
    (hit) => !hit.afterWord || visible.some((other) => other.token === hit.token - 1 && !other.afterWord && isFood(other)),
  );

  const byToken = new Map<number, Hit[]>();
  for (const hit of kept) {
    if (hit.entry.role === 'origin') continue;
    const list = byToken.get(hit.token) ?? [];
    list.push(hit);
    byToken.set(hit.token, list);
  }
  const heads: Hit[] = [];
  for (const tokenHits of byToken.values()) {
    let head = headOf(tokenHits);
    if (!head) continue;
    // A fillet-like cut after a word of no species only gives that word its form
    // (`peruna|suikale`, `pekoni|lastu`); after a species it is that species' cut (`makrilli|filee`).
    if (head.entry.role === 'cut' && catalogue.get(head.entry.key).cuts[0] === FORM_CUT) {
      const cutHead = head;
      const before = headOf(tokenHits.filter((hit) => hit.end <= startOf(cutHead)));
      if (before && (before.entry.role === 'cut' || (before.entry.role === 'product' && catalogue.speciesOf(before.entry.key) === ''))) {
        head = before;
      }
    }
    heads.push(head);
  }

  // Products of a species named anywhere refine cuts; dishes are refined by cuts of a species too
  // (`kinkku|pizza`). A match inside a longer one of the same token (härkä in härkäpapu) names nothing.
  // Meat cuts take the species of meat, fish or plant products only (a `kebab` dish names no meat cut).
  const refinersOf = (head: Hit): Hit[] => {
    const dish = !PROTEIN_CATEGORIES.has(catalogue.get(head.entry.key).category);
    return kept.filter(
      (hit) =>
        hit !== head &&
        (dish ? hit.entry.role === 'product' || hit.entry.role === 'cut' : hit.entry.role === 'product') &&
        (dish || PROTEIN_CATEGORIES.has(catalogue.get(hit.entry.key).category)) &&
        catalogue.speciesOf(hit.entry.key) !== '' &&
        !kept.some((other) => contains(other, hit)),
    );
  };

  const candidates: Candidate[] = heads.map((hit) => {
    let key = hit.entry.key;
    let refinedBy: Hit | null = null;
    if (hit.entry.role === 'cut') {
      const own = catalogue.speciesOf(hit.entry.key);
      // A species inside the compound (`kasvis|leikkele`) outranks one named elsewhere (`Roasted Chicken`).
      const all = refinersOf(hit);
      const inside = all.filter((species) => species.token === hit.token);
      let best = -1;
      for (const species of inside.length > 0 ? inside : all) {
        const weight = factorOf(species.entry.key);
        if (weight <= best) continue;
        // The cut's own species confirms it; another species turns it into that species' cut.
        const refined = catalogue.speciesOf(species.entry.key) === own ? key : catalogue.refine(hit.entry.key, species.entry.key);
        if (refined) {
          best = weight;
          key = refined;
          refinedBy = species;
        }
      }
    }
    const score = refinedBy ? Math.max(hit.entry.rank, refinedBy.entry.rank) + 0.5 : hit.entry.rank;
    return { hit, key, refinedBy, score, afterSize: afterSize(hit.token) };
  });
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => compareCandidates(a, b, catalogue));
  const winner = candidates[0] as Candidate;
  let key = winner.key;

  // Pork or poultry named with red meat and no cut (`nauta sika`): the highest-emission meat decides.
  if (winner.hit.entry.role === 'product' && LIGHTER_MEAT.has(catalogue.get(key).category)) {
    for (const species of refinersOf(winner.hit)) {
      if (catalogue.get(species.entry.key).category === 'Red Meat' && factorOf(species.entry.key) > factorOf(key)) {
        key = species.entry.key;
      }
    }
  }
  // A fruit or berry named with a drink volume is a fruit drink (`Mansikka 1,5l`, `berrie 100ml`);
  // vitamins in litres are a vitamin drink.
  const volume = volumeOf(name);
  if (catalogue.get(key).category === 'Fruits' && winner.score <= 2 && volume !== null) key = CUE_KEYS.fruitDrink;
  if (key === CUE_KEYS.supplement && volume === 'litres') key = CUE_KEYS.drink;
  // Two foods of different categories joined by `ja` are a ready meal (`broileria ja riisiä`).
  const dish = mealOf(foldText(name), tokens, candidates, catalogue, refinersOf);
  if (dish && winner.hit.entry.rank < 4) key = dish;
  // A bread named with a meat or fish is filled with it (`kinkku-juustopatonki`, `rieska
  // kana-caesar`, `wrap kana-feta`): bread is not baked with ham, so it is a sandwich.
  const filling = (hit: Hit): boolean =>
    isFood(hit) && FILLINGS.has(catalogue.get(hit.entry.key).category) && !kept.some((other) => other !== hit && contains(other, hit));
  if (BREADS.has(key) && kept.some(filling)) key = CUE_KEYS.sandwich;
  const info = catalogue.get(key);
  if (finnish && info.finnishKey) key = info.finnishKey;
  const category = catalogue.get(key).category;

  const rival = candidates.find((c) => catalogue.get(c.key).category !== category);
  const clear = !rival || winner.score - rival.score >= CLEAR_MARGIN;
  const confidence = winner.hit.entry.role !== 'brand' && clear ? 'high' : 'medium';
  const terms = [winner.hit.entry.term, ...(winner.refinedBy ? [winner.refinedBy.entry.term] : [])];
  const found = candidates.map((c): LexiconHead => {
    const own = catalogue.get(c.key);
    const headKey = finnish && own.finnishKey ? own.finnishKey : c.key;
    return { key: headKey, category: catalogue.get(headKey).category, score: c.score, role: c.hit.entry.role, term: c.hit.entry.term };
  });
  return { productKey: key, category, confidence, terms, heads: found, refined: winner.refinedBy !== null };
}

