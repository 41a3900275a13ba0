// The household goal in My receipts: the household given and kept on this device, the month's
// food per person per day against the study's diets, the sources, and a bad household refused.
import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { HISTORY_KEY } from '../../../../src/widget/state/history-storage.ts';
import { HOUSEHOLD_KEY } from '../../../../src/widget/state/household.ts';
import { API } from '../../support/fixtures.ts';
import { useFakeBackend } from '../../support/environment.ts';
import { button, click, mount, settle, text } from '../../support/widget.ts';

useFakeBackend();

async function type(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    // React tracks the value it set: the prototype's setter is the one that makes the input event count.
    Reflect.set(HTMLInputElement.prototype, 'value', value, input);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const receipt = (id: string, date: string, totalKg: number) => ({ id, date, store: 'Prisma', totalKg, kgByCategory: { Dairy: totalKg }, itemCount: 3, priceTotal: 20 });

describe('the household goal', () => {
  it('takes the household, keeps it, and shows the month per person per day beside the diets and their source', async () => {
    vi.setSystemTime(new Date(2025, 10, 10, 12));
    localStorage.setItem(HISTORY_KEY, JSON.stringify({ version: 2, receipts: [receipt('a', '2025-10-04', 62), receipt('b', '2025-11-03', 40), receipt('c', '2025-11-08', 20)] }));
    const { shadow, unmount } = await mount(API);
    await settle();
    await click(button(shadow, 'My receipts'));
    await settle();
    const card = shadow.querySelector('[data-testid="household-goal"]')!;
    expect(text(card)).toContain('Children are counted as whole persons, not weighted.');
    expect(text(card)).toContain('Receipts show only what was bought in shops and saved here that month.');
    expect(card.querySelector('[data-testid="goal-months"]')).toBeNull();

    const [adults, children] = [...card.querySelectorAll<HTMLInputElement>('input[type="number"]')];
    await type(adults!, '0');
    await click(button(card, 'Save'));
    expect(text(card.querySelector('[role="alert"]')!)).toBe('Give 1 to 20 adults and 0 to 20 children.');
    expect(localStorage.getItem(HOUSEHOLD_KEY)).toBeNull();

    await type(adults!, '2');
    await type(children!, '1');
    await click(button(card, 'Save'));
    expect(JSON.parse(localStorage.getItem(HOUSEHOLD_KEY)!)).toEqual({ version: 1, adults: 2, children: 1 });
    expect(text(card.querySelector('[data-testid="household"]')!)).toBe('Household: 3 persons');
    expect(shadow.activeElement).toBe(button(card, 'Change household'));
    expect(text(card.querySelector('[role="status"]')!)).toBe('Household saved.');

    // November so far: 60 kg over 3 persons and 10 days; October: 62 kg over 3 persons and 31 days.
    const months = [...card.querySelectorAll('[data-testid="goal-months"] li')].map(text);
    expect(months).toEqual([
      'November 20252.0 kg CO2e per person per day so far, 10 days · 2 receipts',
      'October 20250.7 kg CO2e per person per day 31 days · 1 receipt',
    ]);
    const scale = [...card.querySelectorAll('[data-testid="goal-scale"] li')].map((li) => [li.getAttribute('data-diet'), text(li)]);
    expect(scale).toEqual([
      ['you', 'Your household, November 20252.0'],
      ['current', 'Current Finnish diet (average)6.0'],
      ['meatHalf', 'Meat to half5.2'],
      ['fishMilk', 'Rich in fish and milk4.2'],
      ['vegan', 'Vegan3.7'],
    ]);
    expect(text(card.querySelector('[data-testid="goal-standing"]')!)).toBe('That is at or below the climate-friendlier “meat to half” diet.');
    expect(text(card)).toContain('Frontiers in Sustainable Food Systems 7');
    expect(text(card)).toContain('18 % of the current diet’s figure');
    expect(card.querySelector<HTMLAnchorElement>('a[href="https://doi.org/10.3389/fsufs.2023.904570"]')).not.toBeNull();
    await unmount();

    // Kept for the next visit.
    const again = await mount(API);
    await settle();
    await click(button(again.shadow, 'My receipts'));
    await settle();
    expect(text(again.shadow.querySelector('[data-testid="household"]')!)).toBe('Household: 3 persons');
    await click(button(again.shadow, 'Change household'));
    expect(again.shadow.querySelector<HTMLInputElement>('[data-testid="household-goal"] input')!.value).toBe('2');
    await again.unmount();
  });
});
