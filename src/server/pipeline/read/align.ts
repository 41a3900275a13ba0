// Several readings of one receipt put side by side, one printed line (or amount) per slot: each
// reading is aligned in order to the slots of the readings before it, keeping both orders, by
// the pairing of most likeness (Needleman–Wunsch, gaps free). The passes' lines are aligned by
// name (merge-passes.ts), their amount columns by value (merge-columns.ts).

/** One printed line: each reading's version of it, or null where a reading lacks it. */
export type Slot<T> = (T | null)[];

/** How alike two versions are, and the likeness from which they are the same printed line. */
export interface Likeness<T> {
  of: (a: T, b: T) => number;
  same: number;
}

/** Aligns `items` (reading number `reading`, in printed order) to `slots`; an item paired with no slot becomes a slot of its own, in its place. */
function alignInto<T>(slots: Slot<T>[], items: readonly T[], reading: number, readings: number, likeness: Likeness<T>): Slot<T>[] {
  const like = (slot: Slot<T>, item: T): number => Math.max(...slot.map((version) => (version === null ? 0 : likeness.of(version, item))));
  const rows = slots.length;
  const cols = items.length;
  const score: number[][] = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  for (let i = 1; i <= rows; i++) {
    for (let j = 1; j <= cols; j++) {
      const s = like(slots[i - 1] as Slot<T>, items[j - 1] as T);
      const pair = s >= likeness.same ? (score[i - 1]?.[j - 1] ?? 0) + s : -Infinity;
      score[i]![j] = Math.max(pair, score[i - 1]?.[j] ?? 0, score[i]?.[j - 1] ?? 0);
    }
  }
  const out: Slot<T>[] = [];
  let i = rows;
  let j = cols;
  while (i > 0 || j > 0) {
    const slot = slots[i - 1];
    const here = score[i]?.[j] ?? 0;
    if (i > 0 && j > 0 && slot) {
      const item = items[j - 1] as T;
      const s = like(slot, item);
      if (s >= likeness.same && here === (score[i - 1]?.[j - 1] ?? 0) + s) {
        out.push(slot.map((version, k) => (k === reading ? item : version)));
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && slot && here === (score[i - 1]?.[j] ?? 0)) {
      out.push(slot);
      i--;
      continue;
    }
    if (j > 0) out.push(Array.from({ length: readings }, (_, k) => (k === reading ? (items[j - 1] as T) : null)));
    j--;
  }
  return out.reverse();
}

/** The readings' sequences (one per reading, in printed order) as slots, the first reading's order kept. */
export function alignReadings<T>(sequences: readonly (readonly T[])[], likeness: Likeness<T>): Slot<T>[] {
  let slots: Slot<T>[] = (sequences[0] ?? []).map((item) => sequences.map((_, k) => (k === 0 ? item : null)));
  sequences.forEach((items, k) => {
    if (k > 0) slots = alignInto(slots, items, k, sequences.length, likeness);
  });
  return slots;
}
