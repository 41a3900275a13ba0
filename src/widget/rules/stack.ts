// The parts of a stacked chart (the donut's segments, a bar split by category): each item's
// share of the whole, laid end to end in order. A negative value takes no room.

export interface StackedPart<T> {
  item: T;
  /** Where the part begins, from 0 to `length`. */
  start: number;
  size: number;
}

/** The items' shares of `length`, one after another; every size is 0 when no value is above 0. */
export function stacked<T>(items: readonly T[], valueOf: (item: T) => number, length: number): Array<StackedPart<T>> {
  const sum = items.reduce((total, item) => total + Math.max(valueOf(item), 0), 0);
  let start = 0;
  return items.map((item) => {
    const size = sum > 0 ? (Math.max(valueOf(item), 0) / sum) * length : 0;
    const part = { item, start, size };
    start += size;
    return part;
  });
}
