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

/**
 * Targets: text and text-layer PDFs F1 ≥ 0,97 and total found ≥ 0,95; photos and scanned PDFs
 * (both read by OCR) F1 ≥ 0,85; categories ≥ 0,92.
 */
export const TARGETS: Partial<Record<ReportKind, Floor>> = {
  text: { f1: 0.97, totalFound: 0.95, categoryAccuracy: 0.92 },
  pdf: { f1: 0.97, totalFound: 0.95, categoryAccuracy: 0.92 },
  'pdf-scan': { f1: 0.85 },
  image: { f1: 0.85 },
};

/**
 * Regression floors: what the committed corpus measured, less a small margin, never below the
 * target. Measured on test/fixtures/receipts with the offline reader: texts F1 1,000, total
 * 100 %, categories 96,4 %; text-layer PDFs F1 1,000, total 100 %, categories 97,1 %; the six
 * photos of the floor test F1 0,966 (0,944 before photos that do not add up were read twice;
 * each read in under 2,7 s); the two scanned PDFs F1 1,000 without the time limit (0,957, 11 of
12 items, in the production setting), total 100 %.
 * Photos and scans are measured without the time limit on reading again (--no-time-limit), so
 * the floors do not depend on the machine's load. Raise them as the reader improves.
 */
export const FLOORS: Partial<Record<ReportKind, Floor>> = {
  text: { f1: 0.99, totalFound: 0.98, categoryAccuracy: 0.94 },
  pdf: { f1: 0.99, totalFound: 0.98, categoryAccuracy: 0.95 },
  'pdf-scan': { f1: 0.95 },
  image: { f1: 0.95 },
};

/** Every floor is at least its target. */
export function floorsMeetTargets(floors: Partial<Record<ReportKind, Floor>> = FLOORS, targets: Partial<Record<ReportKind, Floor>> = TARGETS): boolean {
  return (Object.entries(targets) as [ReportKind, Floor][]).every(([kind, target]) =>
    (Object.entries(target) as [keyof Floor, number][]).every(([metric, min]) => (floors[kind]?.[metric] ?? -1) >= min),
  );
}

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

/**
 * The real receipt photos beside the repository (../shared/data/receipts/images, 14 photos from
 * three public sources): item F1 at least 0,95 and no photo below 0,5. Measured 0,960 (tuning
 * sources 0,985, held-out source 0,952), each photo at least 0,846.
 */
export const REAL_PHOTO_FLOOR = { f1: 0.95, perPhotoF1: 0.5 } as const;
