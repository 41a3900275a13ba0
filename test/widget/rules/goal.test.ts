// The household goal as pure rules: the household's bounds, months as kg per person per day (this
// month over the days so far), and where a figure stands against the study's diets.
import { describe, expect, it } from 'vitest';
import { FINNISH_DIETS, monthFigures, standing } from '../../../src/widget/rules/goal.ts';
import { checkHousehold, persons } from '../../../src/widget/rules/household.ts';
import type { SavedReceipt } from '../../../src/widget/rules/history.ts';

const saved = (date: string, totalKg: number): SavedReceipt => ({ id: date + totalKg, date, store: 'Prisma', totalKg, kgByCategory: {}, itemCount: 1, priceTotal: 1 });

describe('household', () => {
  it('takes 1–20 adults and 0–20 children, whole numbers only', () => {
    expect(checkHousehold({ adults: 2, children: 1 })).toEqual({ adults: 2, children: 1 });
    expect(checkHousehold({ adults: 1, children: 0 })).toEqual({ adults: 1, children: 0 });
    for (const bad of [{ adults: 0, children: 2 }, { adults: 2.5, children: 0 }, { adults: 21, children: 0 }, { adults: 2, children: -1 }, { adults: '2', children: 0 }, null]) {
      expect(checkHousehold(bad)).toBeNull();
    }
  });

  it('counts children as whole persons', () => {
    expect(persons({ adults: 2, children: 2 })).toBe(4);
  });
});

describe('monthFigures', () => {
  const today = new Date(2025, 10, 12, 9); // 12 November 2025
  const household = { adults: 2, children: 1 };

  it('spreads a past month over its days and this month over the days so far, newest first', () => {
    const figures = monthFigures([saved('2025-10-03', 60), saved('2025-10-20', 33), saved('2025-11-02', 18), saved('2025-11-10', 18)], household, today);
    expect(figures).toEqual([
      { month: '2025-11', kgPerPersonDay: 36 / 3 / 12, days: 12, soFar: true, receipts: 2 },
      { month: '2025-10', kgPerPersonDay: 93 / 3 / 31, days: 31, soFar: false, receipts: 2 },
    ]);
  });

  it('shows at most three months, February with its own days', () => {
    const receipts = ['2024-02-10', '2024-12-01', '2025-01-05', '2025-02-14'].map((date) => saved(date, 28));
    const figures = monthFigures(receipts, { adults: 1, children: 0 }, new Date(2025, 5, 1));
    expect(figures.map((figure) => [figure.month, figure.days])).toEqual([
      ['2025-02', 28],
      ['2025-01', 31],
      ['2024-12', 31],
    ]);
    expect(monthFigures([saved('2024-02-10', 29)], { adults: 1, children: 0 }, today)[0]!.kgPerPersonDay).toBe(1);
  });
});

describe('standing', () => {
  it('is above the average diet, between it and “meat to half”, or at or below that, as shown to one decimal', () => {
    expect(FINNISH_DIETS.map((diet) => diet.kg)).toEqual([6.0, 5.2, 4.2, 3.7]);
    expect(standing(6.2)).toBe('above');
    expect(standing(6.04)).toBe('between');
    expect(standing(5.3)).toBe('between');
    expect(standing(5.2)).toBe('below');
    expect(standing(1)).toBe('below');
  });
});
