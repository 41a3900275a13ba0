// The item editor in the results view: each change goes to /api/recalculate, the page shows the
// backend's answer, edited items are marked, focus stays on the edited row, changes are
// announced, undo and reset return to earlier answers; swaps follow the tips.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnalysisResult, RecalculateRequest } from '../../../src/contract.ts';
import { analysis, SWAP } from '../support/fixtures.ts';
import { json } from '../support/fake-fetch.ts';
import { useFakeBackend } from '../support/environment.ts';
import { button, byText, click, settle, shadowCss, showResult as showSampleResult, text, type TestWidget } from '../support/widget.ts';

const fetch = useFakeBackend();

const READ = analysis({ swaps: [SWAP] });

const showResult = (result: AnalysisResult): Promise<TestWidget> => showSampleResult(fetch, result);

const total = (shadow: ShadowRoot) => text(shadow.querySelector('[data-testid="total-emissions"]')!);
const sent = (index: number) => JSON.parse(fetch.callsTo('/api/recalculate')[index]!.body as string) as RecalculateRequest;
const status = (shadow: ShadowRoot) => text(shadow.querySelector('[data-testid="edit-status"]')!);
const labelled = <T extends HTMLElement>(shadow: ShadowRoot, label: string): T => {
  const named = shadow.querySelector<T>(`[aria-label="${label}"]`);
  if (named) return named;
  const element = byText<HTMLLabelElement>(shadow, label, 'label');
  const control = element.htmlFor ? shadow.getElementById(element.htmlFor) : element.querySelector('input, select');
  if (!control) throw new Error(`no control for ${label}`);
  return control as T;
};

async function change(control: HTMLSelectElement | HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    control.focus();
    // The prototype's setter, as a typing visitor's browser calls it (React ignores a plain assignment).
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
  await settle();
}

function recalculated(overrides: Partial<AnalysisResult>): AnalysisResult {
  return analysis({ swaps: [], ...overrides });
}

describe('item editor', () => {
  it('shows each item’s emissions with its plausible range, or alone for a backend that sends none', async () => {
    const items = READ.items.map((item, i) => (i === 0 ? { ...item, emissions_low: 3.41, emissions_high: 10.2 } : item));
    const { shadow, unmount } = await showResult({ ...READ, items });
    const figures = [...shadow.querySelectorAll('[data-testid="edit-figure"]')].map(text);
    expect(figures[0]).toBe('6.80 kg CO2e, about 3–10');
    expect(figures[1]).toBe('3.20 kg CO2e');
    await unmount();
  });

  it('sends a corrected category, shows the backend’s numbers, marks the item and keeps focus on it', async () => {
    const items = READ.items.map((item, i) => (i === 4 ? { ...item, category: 'Processed Food' as const, emissions: 2.4, edited: true } : item));
    fetch.once('/api/recalculate', json(recalculated({ items, total_emissions: 13.24, summary: { driving_equivalent_km: 110.3, tree_months_absorption: 21.8 } })));
    const { shadow, unmount } = await showResult(READ);
    expect(total(shadow)).toBe('12.3 kg CO2e');
    const select = labelled<HTMLSelectElement>(shadow, 'Category of Fazer Puikula');
    expect(select.options).toHaveLength(13);
    await change(select, 'Processed Food');

    const request = sent(0);
    expect(request.items).toHaveLength(5);
    expect(request.items[4]).toMatchObject({ name: 'Fazer Puikula', category: 'Processed Food', edited: true });
    expect(request.items.filter((item) => item.edited)).toHaveLength(1);
    expect(request.store_info).toEqual(READ.store_info);

    expect(total(shadow)).toBe('13.2 kg CO2e');
    expect(text(shadow.querySelector('[data-testid="driving"]')!)).toContain('110');
    expect(shadow.querySelectorAll('[data-testid="edited-mark"]')).toHaveLength(1);
    expect(shadow.activeElement).toBe(labelled(shadow, 'Category of Fazer Puikula'));
    expect(status(shadow)).toBe('Updated. Total 13.2 kg CO2e.');
    expect(shadow.querySelector('[data-testid="edit-status"]')!.getAttribute('aria-live')).toBe('polite');
    await unmount();
  });

  it('sets an amount in grams, refuses an absurd one without asking the backend, and undoes and resets', async () => {
    const heavier = READ.items.map((item, i) => (i === 0 ? { ...item, weight: 0.8, emissions: 13.6, edited: true } : item));
    fetch.once('/api/recalculate', json(recalculated({ items: heavier, total_emissions: 19.14 })));
    const { shadow, unmount } = await showResult(READ);
    const amount = labelled<HTMLInputElement>(shadow, 'Amount of Pirkka naudan jauheliha 10% 400g');
    expect(amount.value).toBe('400');
    await change(amount, '5000000');
    await click(amount.form!.querySelector('button[type="submit"]')!);
    expect(text(shadow.querySelector('[role="alert"]')!)).toMatch(/at most 100 kg/);
    expect(fetch.callsTo('/api/recalculate')).toHaveLength(0);

    await change(amount, '800');
    await act(async () => amount.form!.requestSubmit());
    await settle();
    expect(sent(0).items[0]).toMatchObject({ weight: 0.8, edited: true });
    expect(total(shadow)).toBe('19.1 kg CO2e');
    expect(labelled<HTMLInputElement>(shadow, 'Amount of Pirkka naudan jauheliha 10% 400g').value).toBe('800');

    await click(button(shadow, 'Undo last change'));
    expect(total(shadow)).toBe('12.3 kg CO2e');
    expect(status(shadow)).toBe('Last change undone. Total 12.3 kg CO2e.');
    expect(button(shadow, 'Undo last change').getAttribute('aria-disabled')).toBe('true');
    expect(shadow.querySelectorAll('[data-testid="edited-mark"]')).toHaveLength(0);
    await unmount();
  });

  it('removes an item with focus on the next row, adds one by name, and resets to what was read', async () => {
    const { shadow, unmount } = await showResult(READ);
    fetch.once('/api/recalculate', json(recalculated({ items: READ.items.filter((_, i) => i !== 1), total_emissions: 9.14 })));
    const remove = byText<HTMLButtonElement>(shadow, 'Remove', 'button');
    const removeCheese = shadow.querySelector<HTMLButtonElement>('button[aria-label="Remove Valio Oltermanni 500g"]')!;
    expect(remove).toBeTruthy();
    await act(async () => removeCheese.focus());
    await click(removeCheese);
    await settle();
    expect(sent(0).items.map((item) => item.name)).not.toContain('Valio Oltermanni 500g');
    expect(total(shadow)).toBe('9.14 kg CO2e');
    expect(shadow.activeElement?.getAttribute('aria-label')).toBe('Remove Arla Keso raejuusto');
    expect(status(shadow)).toBe('Valio Oltermanni 500g removed. Total 9.14 kg CO2e.');

    const added = [...READ.items.filter((_, i) => i !== 1), { name: 'Naudan jauheliha', category: 'Red Meat' as const, weight: 0.4, emissions: 14.28, price: 0, edited: true }];
    fetch.once('/api/recalculate', json(recalculated({ items: added, total_emissions: 23.42 })));
    await change(labelled<HTMLInputElement>(shadow, 'Product name'), 'Naudan jauheliha');
    await change(labelled<HTMLInputElement>(shadow, 'Amount (optional)'), '400');
    await click(button(shadow, 'Add item'));
    await settle();
    expect(sent(1).items.at(-1)).toEqual({ name: 'Naudan jauheliha', weight: 0.4, edited: true });
    expect(sent(1).items).toHaveLength(4 + 1);
    expect(total(shadow)).toBe('23.4 kg CO2e');
    expect(status(shadow)).toBe('Naudan jauheliha added as Red Meat. Total 23.4 kg CO2e.');

    await click(button(shadow, 'Reset to what was read'));
    expect(total(shadow)).toBe('12.3 kg CO2e');
    expect(shadow.querySelectorAll('[data-testid="edit-row"]')).toHaveLength(5);
    expect(status(shadow)).toBe('Back to what was read. Total 12.3 kg CO2e.');
    await unmount();
  });

  it('writes an amount as the language writes numbers, also after the visitor switches language', async () => {
    const heavy = analysis({ swaps: [], items: READ.items.map((item, i) => (i === 3 ? { ...item, weight: 1.25 } : item)) });
    const { shadow, unmount } = await showResult(heavy);
    expect(labelled<HTMLInputElement>(shadow, 'Amount of Tomaatti Suomi').value).toBe('1.25');
    await click(button(shadow, 'Suomi'));
    expect(labelled<HTMLInputElement>(shadow, 'Tuotteen Tomaatti Suomi määrä').value).toBe('1,25');
    await unmount();
  });

  it('keeps what was typed in a row with its item when an item above it is removed, even one of the same name', async () => {
    const twice = analysis({ swaps: [], items: [READ.items[1]!, READ.items[1]!, READ.items[3]!] });
    const { shadow, unmount } = await showResult(twice);
    // The second cheese and the tomato get amounts typed but not yet set.
    const inputs = () => [...shadow.querySelectorAll<HTMLInputElement>('[data-testid="edit-row"] input')];
    await change(inputs()[1]!, '750');
    await change(inputs()[2]!, '900');
    fetch.once('/api/recalculate', json(recalculated({ items: [twice.items[1]!, twice.items[2]!] })));
    await click(shadow.querySelectorAll<HTMLButtonElement>('button[data-remove]')[0]!);
    await settle();
    expect(sent(0).items.map((item) => item.name)).toEqual(['Valio Oltermanni 500g', 'Tomaatti Suomi']);
    // The rows that stayed are the same rows: what was typed in them is still there.
    expect(inputs().map((input) => input.value)).toEqual(['750', '900']);
    await unmount();
  });

  it('says why when the backend refuses a change, and keeps the numbers', async () => {
    fetch.once('/api/recalculate', json({ error: 'Item 1 needs a weight above 0 and at most 100 kg.', code: 'bad-item' }, 400));
    const { shadow, unmount } = await showResult(READ);
    await change(labelled<HTMLSelectElement>(shadow, 'Category of Tomaatti Suomi'), 'Fruits');
    expect(text(shadow.querySelector('[role="alert"]')!)).toBe(
      'The change could not be saved: Item 1 needs a weight above 0 and at most 100 kg.',
    );
    expect(total(shadow)).toBe('12.3 kg CO2e');
    await unmount();
  });

  it('lists the swaps after the tips with the saving and both citations, and keeps tap targets 44 px', async () => {
    const { shadow, unmount } = await showResult(READ);
    const swaps = shadow.querySelector('[data-testid="swaps"]')!;
    expect(text(swaps)).toContain('Pirkka naudan jauheliha 10% 400g 400 g → plant protein mince (soy or broad bean) 400 g');
    expect(text(swaps)).toContain('−13.5 kg CO2e');
    expect(text(swaps)).toContain('#6254');
    expect(text(swaps)).toContain('#30181');
    const tips = byText(shadow, 'Tips to reduce your footprint', 'h2');
    expect(tips.compareDocumentPosition(swaps) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The spec's tips are still there, untouched by the swaps.
    expect(shadow.querySelectorAll('[data-priority]').length).toBeGreaterThan(0);
    const css = shadowCss(shadow);
    expect((css.match(/min-height: ?44px/g) ?? []).length).toBeGreaterThanOrEqual(4);
    await unmount();
  });
});
