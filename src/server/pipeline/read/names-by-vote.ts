// The names of a reading that adds up, each as most passes read it. A pass is chosen for its
// prices (they meet the printed total), not for its names: on a blurry Citymarket photo tilted
// 10° the one pass that added up read `Pirkka rosolli 400g` as `Apetir`, where the two passes
// before it, which lost other lines' prices, both read it whole at the same price. A line's name
// is that of the version the passes agree with most, when it is clearly more agreed with than the
// chosen pass's own; two versions agree with each other alike, so it takes two others reading
// the line at its price to outvote the chosen pass.
import { alignReadings } from './align.ts';
import { agreementWith, linesAlike, READ_ALIKE } from './alike.ts';
import type { ParsedItem } from '../types.ts';

/** How much more agreed with another version must be (in likeness summed over the versions) to replace the chosen name. */
const CLEARLY_MORE_AGREED = 0.25;

const centsOf = (item: ParsedItem): number => Math.round(item.price * 100);

/**
 * `chosen`'s items with their names voted by `others` (the other passes' items, of the same
 * page): the passes' lines are aligned by price, and by name among equal prices, and only a
 * version at the chosen line's own price has a say.
 */
export function namesByVote(chosen: readonly ParsedItem[], others: readonly (readonly ParsedItem[])[]): ParsedItem[] {
  if (others.length < 2) return [...chosen];
  const slots = alignReadings([chosen, ...others], {
    of: (a, b) => (centsOf(a) === centsOf(b) ? 1 + linesAlike(a.name, b.name) : 0),
    same: 1,
  });
  const voted = new Map<ParsedItem, string>();
  for (const slot of slots) {
    const own = slot[0];
    if (!own) continue;
    const names = slot.flatMap((version) => (version ? [version.name] : []));
    let best = { name: own.name, agreement: agreementWith(own.name, names) + CLEARLY_MORE_AGREED };
    for (const name of names) {
      // The chosen pass's own name of another line: the passes that read it at this price misread
      // that line's price and lost this one's (a real photo tilted 10°: `Valio rasvaton maito 1,51`
      // read at 1,59, the rye bread's price below it, twice).
      if (chosen.some((item) => item !== own && linesAlike(item.name, name) >= READ_ALIKE)) continue;
      const candidate = agreementWith(name, names);
      if (candidate > best.agreement) best = { name, agreement: candidate };
    }
    if (best.name !== own.name) voted.set(own, best.name);
  }
  return chosen.map((item) => {
    const name = voted.get(item);
    return name === undefined ? item : { ...item, name };
  });
}
