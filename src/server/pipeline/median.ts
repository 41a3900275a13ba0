// The middle of a list of numbers, one way everywhere: the OCR line rebuilder (character width,
// lean, line height), the PDF text layer's grid, the typical weight and the factor that stand for
// a category, and the eval's times and weight errors.

/** The middle value, or the mean of the two middle values of an even list; null for an empty list. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
