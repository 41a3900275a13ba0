// A kg CO2e figure as a sentence of its own, with its plausible range when the answer carries one
// ("6,80 kg CO2e, noin 3,4–10"), else the figure alone (an older backend, an older save). The
// item editor and My receipts both write a figure this way.
import { formatKg, formatRange } from '../rules/format.ts';
import { plausibleRange } from '../rules/range.ts';
import { fill, type Locale, type Messages } from './index.ts';

export function kgText(locale: Locale, messages: Messages, kg: number, low: unknown, high: unknown): string {
  const figure = formatKg(locale, kg);
  const range = plausibleRange(kg, low, high);
  return range
    ? fill(messages.estimate.itemFigure, { kg: figure, ...formatRange(locale, range.low, range.high) })
    : fill(messages.results.kgValue, { kg: figure });
}
