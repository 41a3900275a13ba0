// The accuracy the product promises, per input kind. `npm run eval -- --check` and the floor
// tests in test/server/accuracy/ read these numbers, so there is one place to raise them.
// A floor is never set below its target: a reader that falls short fails the check.
import type { Summary } from './score.ts';

export type ReportKind = 'text' | 'pdf-as-text' | 'pdf' | 'pdf-scan' | 'image';

export interface Floor {
  f1?: number;
  totalFound?: number;
  categoryAccuracy?: number;
}

/** Targets: text and text-layer PDFs F1 ≥ 0,97 and total found ≥ 0,95; photos F1 ≥ 0,85; categories ≥ 0,92. */
export const TARGETS: Partial<Record<ReportKind, Floor>> = {
  text: { f1: 0.97, totalFound: 0.95, categoryAccuracy: 0.92 },
  pdf: { f1: 0.97, totalFound: 0.95, categoryAccuracy: 0.92 },
  image: { f1: 0.85 },
};

export const FLOORS: Partial<Record<ReportKind, Floor>> = TARGETS;

export interface FloorFailure {
  kind: ReportKind;
  metric: keyof Floor;
  floor: number;
  measured: number | null;
}

export function checkFloors(summaries: Partial<Record<ReportKind, Summary>>, floors: Partial<Record<ReportKind, Floor>> = FLOORS): FloorFailure[] {
  const failures: FloorFailure[] = [];
  for (const [kind, floor] of Object.entries(floors) as [ReportKind, Floor][]) {
    const summary = summaries[kind];
    if (!summary) continue;
    const measured: Record<keyof Floor, number | null> = {
      f1: summary.f1,
      totalFound: summary.totalFound,
      categoryAccuracy: summary.categoryAccuracy,
    };
    for (const metric of Object.keys(floor) as (keyof Floor)[]) {
      const value = measured[metric];
      const min = floor[metric];
      if (min !== undefined && (value === null || value < min)) failures.push({ kind, metric, floor: min, measured: value });
    }
  }
  return failures;
}
