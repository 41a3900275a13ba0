// A meat or fish and a side named as a pair, with no other word naming a food (`kana-riisi 2kg`,
// `lohi-peruna 12x85g`): the way pet food is sold by flavour. Food for people that pairs them
// names its dish (`kana-riisilaatikko`, `savulohi-avokadopasta`, `peruna-pekoni grillisalaatti`),
// baby food its age (rules.ts), mixed mince pairs two meats (`sika-nauta`). Read by its last part,
// such a pair was a sack of potatoes or of oats at `high`. The category guide puts pet supplies
// with Other, but a pair can still be a dish whose name was cut short on the receipt, so the
// reading is never sure: the household is asked to check it.
import type { CategoryName } from '../../../contract.ts';
import { foldText } from '../fold-text.ts';
import { readLexicon } from './lexical.ts';

const PROTEIN = new Set<CategoryName>(['Red Meat', 'Pork', 'Poultry', 'Fish']);
const SIDE = new Set<CategoryName>(['Vegetables', 'Grains']);
/** Two or three bare words joined by hyphens (`kala-kaura`, `nauta-riisi-kasvis`). */
const PAIR = /^[a-z]{3,}(?:-[a-z]{3,}){1,2}$/;

/** The part's category when the lexicon reads it as a food word by itself (`riisi`, not `avokadopasta`). */
function bareFood(part: string): CategoryName | null {
  const reading = readLexicon(part);
  return reading && reading.terms[0] === part ? reading.category : null;
}

/** A meat or fish and a side, each a food word by itself (`kana-riisi`, not `savulohi-avokadopasta`). */
function proteinAndSide(word: string): boolean {
  if (!PAIR.test(word)) return false;
  const parts = word.split('-').map(bareFood);
  return parts.some((category) => category !== null && PROTEIN.has(category)) && parts.some((category) => category !== null && SIDE.has(category));
}

/** Whether the name is a meat or fish and a side paired alone, as pet food is named by flavour. */
export function isFlavourPair(name: string): boolean {
  const words = foldText(name).split(/[\s,/()]+/).filter((word) => /[a-z]{3}/.test(word));
  const pairs = words.filter(proteinAndSide);
  if (pairs.length !== 1) return false;
  // Any other food word (a dish, a bread, a brand the lexicon knows) makes it a product of its own.
  return words.every((word) => word === pairs[0] || readLexicon(word) === null);
}
