// The household goal: the food bought in a month, from the saved receipts, as kg CO2e per person
// per day, beside Finnish diets. Pure functions; the household's size is kept on this device
// (../state/household.ts).
import type { SavedReceipt } from './history.ts';
import { persons, type Household } from './household.ts';

/**
 * Finnish diets, kg CO2e per person per day, as modelled by Luke (Natural Resources Institute
 * Finland) with its FoodMin model: Saarinen M., Heikkinen J., Ketoja E., Kyttä V., Hartikainen
 * H., Silvennoinen K., Valsta L., Lång K. (2023), "Soil carbon plays a role in the climate impact
 * of diet and its mitigation: the Finnish case", Frontiers in Sustainable Food Systems 7,
 * doi:10.3389/fsufs.2023.904570 (abstract: current diet 6.0; "meat to half" 5.2, "meat to a
 * third" 4.8, "a diet rich in fish and milk" 4.2, "the vegan diet" 3.7). Each is a whole day's
 * diet per person, and includes the CO2 from the soil organic matter of Finnish fields (18 % of
 * the current diet's figure). "Meat to a third" is left out to keep the scale readable.
 */
export const FINNISH_DIETS = [
  { key: 'current', kg: 6.0 },
  { key: 'meatHalf', kg: 5.2 },
  { key: 'fishMilk', kg: 4.2 },
  { key: 'vegan', kg: 3.7 },
] as const;

export type DietKey = (typeof FINNISH_DIETS)[number]['key'];

/** The climate-friendlier diet the household is set against: the smallest change of the study's. */
export const CLIMATE_FRIENDLIER: DietKey = 'meatHalf';

export const STUDY_URL = 'https://doi.org/10.3389/fsufs.2023.904570';

/** Days in the calendar month `YYYY-MM`. */
function daysIn(month: string): number {
  return new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0).getDate();
}

/** `YYYY-MM` of a local date. */
function monthOf(at: Date): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}`;
}

export interface MonthFigure {
  /** `YYYY-MM` */
  month: string;
  kgPerPersonDay: number;
  /** The days the month's food is spread over: the whole month, or the days so far in this one. */
  days: number;
  soFar: boolean;
  receipts: number;
}

/**
 * The latest months with saved receipts (at most `limit`, newest first), each as kg CO2e per
 * person per day. This month counts the days up to today, so its figure is comparable before the
 * month is over.
 */
export function monthFigures(receipts: readonly SavedReceipt[], household: Household, today: Date, limit = 3): MonthFigure[] {
  const totals = new Map<string, { kg: number; count: number }>();
  for (const receipt of receipts) {
    const month = receipt.date.slice(0, 7);
    const total = totals.get(month) ?? { kg: 0, count: 0 };
    total.kg += receipt.totalKg;
    total.count += 1;
    totals.set(month, total);
  }
  const current = monthOf(today);
  return [...totals.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .slice(0, limit)
    .map(([month, total]) => {
      const soFar = month === current;
      const days = soFar ? today.getDate() : daysIn(month);
      return { month, kgPerPersonDay: total.kg / persons(household) / days, days, soFar, receipts: total.count };
    });
}

/** Where a figure stands: above today's average diet, between it and the climate-friendlier one, or at or below that. */
export function standing(kgPerPersonDay: number): 'above' | 'between' | 'below' {
  const current = FINNISH_DIETS[0].kg;
  const target = FINNISH_DIETS.find((diet) => diet.key === CLIMATE_FRIENDLIER)!.kg;
  // Compared as shown, to one decimal: "6.0" is not above 6.0.
  const shown = Math.round(kgPerPersonDay * 10) / 10;
  if (shown > current) return 'above';
  return shown > target ? 'between' : 'below';
}
