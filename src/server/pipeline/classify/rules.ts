// Whole-name rules of categories.md, applied before the category model: a line that one of them
// places is placed for sure, and nothing after can move it. Each rule reads a class of names (a
// pump line, an age marker, a deposit, a bag), never one product. Everything else is the model's
// to weigh (classify.ts): only these classes are sure by their form alone.
import type { CategoryName } from '../../../contract.ts';
import { foldText } from '../fold-text.ts';

export interface RuleReading {
  productKey: string;
  category: CategoryName;
  /** The rule's name, shown as the deciding term. */
  rule: string;
  /** A lexicon reading of this category outranks the rule (cheese aged `12KK` stays cheese). */
  yieldsTo?: CategoryName;
}

// Fuel at a station till: the grade (`BE 95 E10`, `98E5`, `95E10`), diesel, or a pump line
// (`9 BE 95 30,04 1,439`: pump, grade, litres, price per litre).
const FUEL = [
  /(?<![a-z0-9])(?:be|bensiini|moottoribensiini|e)\s*9[58](?![0-9])/,
  /(?<![a-z0-9])9[58]\s*e\s*(?:5|10)(?![0-9])/,
  /(?<![a-z])(?:diesel|dieselpolttoaine|polttooljy|adblue|pro\s*diesel)(?![a-z])/,
  // A station chain's name with a grade (`NESTE 95`, `ST1 98`).
  /(?<![a-z])(?:neste|st1|shell|teboil|seo|abc)(?![a-z]).*(?<![0-9,.])9[58](?![0-9,.])/,
];

// Baby food is sold with the age it is for: `5KK`, `4-6KK`, `12KK+`, `1V+` rarely, mostly months.
const AGE_MARKER = /(?<![0-9,.])(?:[4-9]|1[0-2])\s*(?:-\s*(?:[4-9]|1[0-9]|2[0-4])\s*)?kk(?![a-z])/;
// Infant formula and its brands; formula is named by its stage (`NAN PRO 1`, `NUTRILON 2`).
const FORMULA = [
  /(?<![a-z])(?:aidinmaidonkorvike|maidonkorvike|vierotusvalmiste|jatkovalmiste|lastenmaito|taysimaito\s*vauvoille)/,
  /(?<![a-z])(?:nan|nutrilon|aptamil|bebelac|nutramigen|althera|alfamino|hipp\s*combiotic)\s*(?:pro|optipro|supreme|expert|ha|comfort|sensitive)?\s*[1-4](?![0-9])/,
  /(?<![a-z])(?:nutrilon|aptamil|tutteli\s*(?:1|2|3)|nan\s*(?:pro|optipro|supreme|expert|ha))(?![a-z])/,
];
// Baby porridges and purées by their own words or single-purpose baby brands (Piltti is not one:
// it also sells vegetables; its baby food carries an age marker).
const BABY_FOOD = /(?<![a-z])(?:vauvan|vauvoille|vauva|bona|lastenruoka|lastenpuuro|lasten\s*puuro|lapsen\s*puuro|tutteli|hipp|ellas\s*kitchen|aurinkoinen\s*\d)(?![a-z])/;

// A deposit (`PANTTI 0,40`, `Pullopantti`, `tölkkipantti`) is no product of its own (categories.md).
const DEPOSIT = /pantti(?:maksu)?(?![a-z])/;
// Carrier bags sold at the till (`MUOVIKASSI`, `paperikassi`, `kestokassi`).
const CARRIER_BAG = /(?:^|[^a-z]|muovi|paperi|kesto|kauppa|ostos|bio)kassi(?:t)?(?![a-z])/;

/** The rule that places a whole name, or null when none does. */
export function readRules(name: string): RuleReading | null {
  const folded = foldText(name).replace(/\s+/g, ' ');
  if (FUEL.some((pattern) => pattern.test(folded))) return { productKey: 'non-food', category: 'Other', rule: 'fuel' };
  if (DEPOSIT.test(folded)) return { productKey: 'non-food', category: 'Other', rule: 'deposit' };
  if (CARRIER_BAG.test(folded)) return { productKey: 'carrier-bag', category: 'Other', rule: 'carrier bag' };
  if (FORMULA.some((pattern) => pattern.test(folded))) return { productKey: 'baby-formula', category: 'Other', rule: 'infant formula' };
  // Cheese is also sold by its months of ageing (`COMTE 12KK`): a sure Dairy reading keeps it.
  if (AGE_MARKER.test(folded)) return { productKey: 'baby-food', category: 'Other', rule: 'baby food (age marker)', yieldsTo: 'Dairy' };
  if (BABY_FOOD.test(folded)) return { productKey: 'baby-food', category: 'Other', rule: 'baby food' };
  return null;
}
