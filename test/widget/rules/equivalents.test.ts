import { describe, expect, it } from 'vitest';
import { drivingKm, treeMonths } from '../../../src/contract.ts';
import { equivalentsOf } from '../../../src/widget/rules/equivalents.ts';

describe('equivalentsOf', () => {
  it('uses the backend summary when it is there', () => {
    expect(
      equivalentsOf({ total_emissions: 8.7, summary: { driving_equivalent_km: 70, tree_months_absorption: 13 } }),
    ).toEqual({ drivingKm: 70, treeMonths: 13 });
  });

  it('falls back to the contract formulas for missing or broken summary fields', () => {
    const result = equivalentsOf({
      total_emissions: 8.7,
      summary: { driving_equivalent_km: Number.NaN } as unknown as { driving_equivalent_km: number; tree_months_absorption: number },
    });
    expect(result.drivingKm).toBeCloseTo(drivingKm(8.7));
    expect(result.treeMonths).toBeCloseTo(treeMonths(8.7));
  });

  it('matches the spec example: 8.7 kg is 72.5 km (shown as 72) and 14 months', () => {
    const result = equivalentsOf({ total_emissions: 8.7, summary: undefined as never });
    expect(result.drivingKm).toBeCloseTo(72.5, 5);
    expect(Math.round(result.treeMonths)).toBe(14);
  });
});
