// The stacked chart's parts: shares laid end to end, nothing for a negative value or an empty whole.
import { describe, expect, it } from 'vitest';
import { stacked } from '../../../src/widget/rules/stack.ts';

describe('stacked', () => {
  it('lays the shares of the length end to end, in order', () => {
    const parts = stacked([{ kg: 3 }, { kg: 1 }], (row) => row.kg, 100);
    expect(parts.map(({ start, size }) => [start, size])).toEqual([
      [0, 75],
      [75, 25],
    ]);
    expect(parts[1]?.item).toEqual({ kg: 1 });
  });

  it('gives a negative value no room and leaves the others whole', () => {
    expect(stacked([2, -1, 2], (value) => value, 8).map(({ start, size }) => [start, size])).toEqual([
      [0, 4],
      [4, 0],
      [4, 4],
    ]);
  });

  it('draws nothing when nothing is above 0', () => {
    expect(stacked([0, 0], (value) => value, 100).map((part) => part.size)).toEqual([0, 0]);
  });
});
