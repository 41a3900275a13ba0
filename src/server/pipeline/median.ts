// The middle of a list of numbers, one way everywhere: the OCR line rebuilder (character width,
// lean, line height), the PDF text layer's grid, the typical weight and the factor that stand for
// a category, the factor table's comparisons, and the eval's times and weight errors. The
// quantile is the same rule at another point of the list (a category factor's range, the eval's
// 90th percentile of footprint error).

/** The value at fraction `p` (0–1) of `values`, interpolated between neighbours; null for an empty list. */
export function quantile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const below = sorted[Math.floor(at)] ?? 0;
  const above = sorted[Math.ceil(at)] ?? below;
  return below + (above - below) * (at - Math.floor(at));
}

/** The middle value, or the mean of the two middle values of an even list; null for an empty list. */
export function median(values: readonly number[]): number | null {
  return quantile(values, 0.5);
}
