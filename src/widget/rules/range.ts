// A figure's plausible range as the backend sends it (optional fields: an older backend sends
// none), checked before it is shown: both ends present, finite and around the figure.

export interface PlausibleRange {
  low: number;
  high: number;
}

/** The range `low`–`high` around `figure`, or null when the answer has none (or a broken one). */
export function plausibleRange(figure: number, low: unknown, high: unknown): PlausibleRange | null {
  if (typeof low !== 'number' || typeof high !== 'number' || !Number.isFinite(low) || !Number.isFinite(high)) return null;
  if (!(low >= 0 && low <= figure && figure <= high && low < high)) return null;
  return { low, high };
}
