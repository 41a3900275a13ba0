// Receipt item name → product key, category and confidence (pure, no I/O). README.md in this
// folder has the order of decisions; in short:
// 1. whole-name rules of the category guide (rules.ts: fuel, baby food, infant formula, deposits,
//    carrier bags) decide for sure; a meat or fish paired alone with a side, as pet food is named
//    by flavour (flavour-pair.ts), is read as pet food but left for the household to check;
// 2. otherwise the category model (model.ts) decides, weighing the name's letters, words and head,
//    its pack and unit cues, the store's kind, and the lexicon's reading (lexical.ts) as evidence;
// 3. its probability gives the confidence, by thresholds chosen outside the locked fold; a line
//    under `medium` is uncertain and carries its category's median factor;
// 4. the product key (what picks the factor) is the lexicon's key for the category the model chose
//    when the lexicon names one, else the category's fallback key.
import type { CategoryName, Confidence } from '../../../contract.ts';
import { CATALOGUE } from '../data/catalogue.ts';
import { isFlavourPair } from './flavour-pair.ts';
import { readLexicon, type LexiconReading } from './lexical.ts';
import { committedModel, confidenceOf, predictLine, type CategoryModel } from './model.ts';
import { packSizeOffset } from './normalize.ts';
import { readRules } from './rules.ts';
import type { StoreKind } from './store-kind.ts';

export interface Classification {
  productKey: string;
  category: CategoryName;
  confidence: Confidence;
  /** The lexicon terms behind the product key, head first (the rule's name for a rule; empty otherwise). */
  terms: string[];
  /**
   * What named the product: a whole-name rule; the lexicon (the model chose a category the
   * lexicon has a key for); the model alone (the category's fallback key); or a category hint.
   */
  source: 'rule' | 'lexicon' | 'model' | 'cue';
  /** Nothing placed the name with at least medium confidence: it gets its category's median factor. */
  uncertain: boolean;
  /** The model's probability of its category, when the model decided. */
  probability?: number;
}

/** What the reading uses; tests and the evaluation swap in a model trained on less. */
export interface ReadOptions {
  model?: CategoryModel;
}

export interface NameCues {
  /** The line was weighed at the till (it printed a KG weight). */
  weighed?: boolean;
  /** The kind of store that printed the receipt (store-kind.ts), when it sells one kind of goods. */
  store?: StoreKind;
  /** A category suggested by an upstream reader (the LLM) or chosen by the visitor. */
  hint?: CategoryName;
}

/** The product key for a category: the lexicon's own reading, another head it found of that category, or the fallback. */
function keyFor(category: CategoryName, lexical: LexiconReading | null): Pick<Classification, 'productKey' | 'terms' | 'source'> {
  if (lexical?.category === category) return { productKey: lexical.productKey, terms: lexical.terms, source: 'lexicon' };
  const head = lexical?.heads.find((candidate) => candidate.category === category);
  if (head) return { productKey: head.key, terms: [head.term], source: 'lexicon' };
  return { productKey: CATALOGUE.fallbackKey(category), terms: [], source: 'model' };
}

/**
 * An uncertain line's best guess. Where the lexicon reads the name, its reading: on names held out
 * by source, where the model was unsure, the lexicon's reading was right far more often than the
 * model's (scripts/data/model/calibrate.ts prints both). Else a line weighed at the till is
 * produce, as most weighed lines are; a name that prints its pack size (`500G`, `1L`) was packed,
 * not weighed, whatever weight came with it. Else the model's own answer.
 */
function guessOf(name: string, cues: NameCues, lexical: LexiconReading | null, modelCategory: CategoryName): CategoryName {
  if (lexical) return lexical.category;
  if (cues.weighed && packSizeOffset(name) < 0) return 'Vegetables';
  return modelCategory;
}

/** Reads a name: a sure rule, else the model's reading; `cues.hint` is applied by `classifyName`. */
export function readName(name: string, cues: NameCues = {}, options: ReadOptions = {}): Classification {
  const rule = readRules(name);
  const lexical = rule && !rule.yieldsTo ? null : readLexicon(name);
  // Cheese aged `12KK` is cheese, not baby food: the rule yields to a lexicon reading of its category.
  if (rule && (!rule.yieldsTo || lexical?.category !== rule.yieldsTo)) {
    return { productKey: rule.productKey, category: rule.category, confidence: 'high', terms: [rule.rule], source: 'rule', uncertain: false };
  }
  if (!rule && isFlavourPair(name)) {
    return { productKey: PET_FOOD, category: 'Other', confidence: 'low', terms: ['flavour pair'], source: 'rule', uncertain: true };
  }
  const model = options.model ?? committedModel();
  const reading = predictLine(model, name, cues.store ? { store: cues.store } : {}, lexical);
  const confidence = confidenceOf(model, reading.probability);
  const category = confidence === 'low' ? guessOf(name, cues, lexical, reading.category) : reading.category;
  return {
    ...keyFor(category, lexical),
    category,
    confidence,
    uncertain: confidence === 'low',
    probability: reading.probabilities[model.categories.indexOf(category)] ?? reading.probability,
  };
}

/** The key of pet food and pet supplies (data/product-keys.csv). */
const PET_FOOD = 'pet-food';

const RAISE: Record<Confidence, Confidence> = { low: 'medium', medium: 'high', high: 'high' };

/**
 * The classification of one item name. An upstream category hint (from the LLM reader, which saw
 * the whole receipt) raises the confidence when it agrees, and decides when the model was not
 * sure (`medium` or `low`); a rule or a `high` reading is never overruled by it.
 */
export function classifyName(name: string, cues: NameCues = {}, options: ReadOptions = {}): Classification {
  const reading = readName(name, cues, options);
  const { hint } = cues;
  if (!hint) return reading;
  if (hint === reading.category) return { ...reading, confidence: RAISE[reading.confidence], uncertain: false };
  // A sure rule is `high`; a reading the household is asked to check is not, so the hint decides it.
  if (reading.confidence === 'high') return reading;
  const keyed = keyFor(hint, readLexicon(name));
  return { ...keyed, source: keyed.source === 'lexicon' ? 'lexicon' : 'cue', category: hint, confidence: 'medium', uncertain: false };
}

/**
 * A name read as a category someone chose (the visitor's correction): the product key the lexicon
 * has for that category, else the category's fallback key.
 */
export function classifyAs(name: string, category: CategoryName, cues: NameCues = {}, options: ReadOptions = {}): Classification {
  // A corrected list gives every line its weight: that says nothing of a weighing at the till.
  const plain = classifyName(name, { ...cues, weighed: false }, options);
  if (plain.category === category) return plain;
  return { ...keyFor(category, readLexicon(name)), category, confidence: 'high', uncertain: false };
}
