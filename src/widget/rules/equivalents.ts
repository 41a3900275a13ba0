// Driving and tree equivalents: the backend's `summary` when it is usable, else the
// contract's own formulas, so a partial response still shows sensible numbers.
import { drivingKm, treeMonths, type AnalysisResult } from '../../contract.ts';

export interface Equivalents {
  drivingKm: number;
  treeMonths: number;
}

function usable(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export function equivalentsOf(result: Pick<AnalysisResult, 'summary' | 'total_emissions'>): Equivalents {
  const summary = result.summary as Partial<AnalysisResult['summary']> | undefined;
  const total = usable(result.total_emissions) ? result.total_emissions : 0;
  return {
    drivingKm: usable(summary?.driving_equivalent_km) ? summary.driving_equivalent_km : drivingKm(total),
    treeMonths: usable(summary?.tree_months_absorption) ? summary.tree_months_absorption : treeMonths(total),
  };
}
