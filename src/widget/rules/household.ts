// The household's size, as the goal in My receipts counts it (../rules/goal.ts).

export interface Household {
  adults: number;
  children: number;
}

export const MAX_PER_KIND = 20;

/** A household as given or stored: 1–20 adults and 0–20 children, whole numbers; else null. */
export function checkHousehold(value: unknown): Household | null {
  if (typeof value !== 'object' || value === null) return null;
  const { adults, children } = value as { adults?: unknown; children?: unknown };
  const whole = (count: unknown, min: number): count is number => Number.isInteger(count) && (count as number) >= min && (count as number) <= MAX_PER_KIND;
  return whole(adults, 1) && whole(children, 0) ? { adults, children } : null;
}

/**
 * The persons the month's food is shared among. Children are counted as whole persons, not
 * weighted: no single weight fits children of every age, and the widget does not ask their ages.
 * With children the figure per person is therefore lower than an adult's share would be.
 */
export function persons(household: Household): number {
  return household.adults + household.children;
}
