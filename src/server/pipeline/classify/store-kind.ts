// The kind of store a receipt comes from, when it sells one kind of goods: its lines' categories
// lean that way (an Alko receipt's lines are drinks, a pharmacy's are not food). The kind is a
// feature of the category model (features.ts), weighed against each line's own name; its weights
// come from the priors of store-priors.ts. A grocery store, or a store not recognised, says nothing.
import { foldText } from '../fold-text.ts';

export const STORE_KINDS = ['alcohol', 'fuel', 'pharmacy', 'kiosk'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

// Each pattern reads the folded store name or chain as the receipt prints it.
const KINDS: ReadonlyArray<[StoreKind, RegExp]> = [
  // Alko, the state's alcohol retailer, prints `ALKO` and the shop's number or place.
  ['alcohol', /(?<![a-z])alko(?![a-z])|(?<![a-z])(?:viinikauppa|alkoholimyymala)/],
  // Fuel station chains and their till names; ABC is S-Group's, Neste also trades as Neste K.
  ['fuel', /(?<![a-z])(?:neste|st1|shell|teboil|seo|abc|huoltoasema|polttoaineasema|tankkaamo|gasum)(?![a-z])/],
  ['pharmacy', /apteek(?:ki|in)|(?<![a-z])(?:apotek|pharmacy)(?![a-z])/],
  ['kiosk', /(?<![a-z])(?:r[\s-]?kioski|kioski|kiosk|lippakioski)(?![a-z])/],
];

/** The kind of a store by its printed name or chain, or undefined for a grocery or unknown store. */
export function storeKindOf(...names: ReadonlyArray<string | null | undefined>): StoreKind | undefined {
  const text = names.filter((name): name is string => Boolean(name)).map(foldText).join(' ');
  if (text === '') return undefined;
  return KINDS.find(([, pattern]) => pattern.test(text))?.[0];
}
