// Which factor an item carries: its product key's, or, when only its category is known, the
// category's median (category-factors.ts). A table can be passed in, so that the same items can be
// weighed against another factor table (the eval's before-and-after of a factor change).
import type { CategoryName } from '../../../contract.ts';
import { buildCategoryFactors, categoryMedianFactor } from './category-factors.ts';
import { FACTORS, factorFor, type EmissionFactor } from './factors.ts';

export interface FactorTables {
  factors: ReadonlyMap<string, EmissionFactor>;
  categories: ReadonlyMap<CategoryName, EmissionFactor>;
  /**
   * Which items take their category's median: every item known only by its category (today's rule),
   * or only uncertain ones, the others their category's fallback key (the rule before ranges, kept
   * to recompute earlier totals).
   */
  medianFor: 'category-only' | 'uncertain';
}

export function factorTables(factors: ReadonlyMap<string, EmissionFactor>, medianFor: FactorTables['medianFor'] = 'category-only'): FactorTables {
  return { factors, categories: buildCategoryFactors(factors), medianFor };
}

/**
 * What the factor needs of an item's reading: classify's Classification has these fields (written
 * here, not imported, since classify reads the factor table and a stage imports no later one back).
 */
export interface ClassifiedItem {
  productKey: string;
  category: CategoryName;
  /** The lexicon terms or rule that decided; empty when the model or a cue placed it. */
  terms: readonly string[];
  uncertain: boolean;
}

export const DEFAULT_TABLES: FactorTables = factorTables(FACTORS);

/**
 * Nothing named the product: the item is uncertain, or its category came from the model, a hint or
 * the visitor with no lexicon term or rule of that category in the name, so its key only stands for
 * the category.
 */
export function knownByCategoryOnly(classification: Pick<ClassifiedItem, 'uncertain' | 'terms'>): boolean {
  return classification.uncertain || classification.terms.length === 0;
}

/** The item's factor: non-food keeps its own 0 kg; a product known only by its category, the category's median. */
export function itemFactor(
  classification: ClassifiedItem,
  notFood: boolean,
  tables: FactorTables = DEFAULT_TABLES,
): EmissionFactor {
  const byCategory = tables.medianFor === 'uncertain' ? classification.uncertain : knownByCategoryOnly(classification);
  return byCategory && !notFood
    ? categoryMedianFactor(classification.category, tables.categories)
    : factorFor(classification.productKey, tables.factors);
}
