// Figures derived from the community statistics (spec §9).
import type { StatsResponse } from '../../contract.ts';

/** Receipts per household, used to turn receipts into a displayed user count. */
export const RECEIPTS_PER_USER = 3.2;

export function displayedUsers(stats: StatsResponse): number {
  return Math.ceil(stats.total_receipts_processed / RECEIPTS_PER_USER);
}

/** The community's average receipt in kg CO2e, or null while no receipt is counted (the backend sends 0 then). */
export function communityAverage(stats: StatsResponse): number | null {
  return stats.total_receipts_processed > 0 ? stats.average_emissions_per_receipt : null;
}

/** Tonnes of CO2e tracked: every receipt times the average receipt, in tonnes. */
export function tonnesTracked(stats: StatsResponse): number {
  return (stats.total_receipts_processed * stats.average_emissions_per_receipt) / 1000;
}
