// Correcting a result in real Chromium against the real backend: a real photo is read, a line is
// fixed, a missed item added, one removed, the removal undone; after every step each number on
// the page is checked against the backend's own recalculation. axe stays clean with the editor
// open, and on a 360 px phone every control of the editor is a 44 px target.
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import type { AnalysisResult, RecalculateRequest } from '../../src/contract.ts';
import { runAxe } from './support/axe.ts';
import { noBrowser } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';
import {
  chooseFile,
  DEMO_HOST,
  expectResultShows,
  fixtureFile,
  giveConsent,
  isAnalysisResponse,
  numberIn,
  openCalculator,
  openDemo,
  PHOTO_FIXTURE,
} from './support/widget.ts';

/** The element with focus, looked up through shadow roots. */
function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element) return null;
    const id = element.getAttribute('id');
    const label = id ? element.getRootNode() instanceof ShadowRoot && (element.getRootNode() as ShadowRoot).querySelector(`label[for="${id}"]`) : null;
    return (label && label.textContent) || element.getAttribute('aria-label') || element.textContent;
  });
}

async function recalculation(page: Page, act: () => Promise<unknown>): Promise<{ sent: RecalculateRequest; result: AnalysisResult }> {
  const answer = page.waitForResponse(isAnalysisResponse('/api/recalculate'));
  await act();
  const response: Response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  return { sent: response.request().postDataJSON() as RecalculateRequest, result: (await response.json()) as AnalysisResult };
}

/** Every number of the page against `result`, the marks of edited items, and the swaps. */
async function expectPageShows(widget: Locator, result: AnalysisResult): Promise<void> {
  const tolerance = result.total_emissions < 10 ? 0.0051 : 0.051;
  await expect
    .poll(async () => Math.abs(numberIn(await widget.getByTestId('total-emissions').textContent()) - result.total_emissions) <= tolerance)
    .toBe(true);
  await expect.poll(() => widget.getByTestId('edit-row').count()).toBe(result.items.length);
  await expectResultShows(widget, result);
  expect(await widget.getByTestId('edited-mark').count()).toBe(result.items.filter((item) => item.edited).length);
  const swaps = result.swaps ?? [];
  expect(await widget.getByTestId('swaps').locator(':scope > li').count()).toBe(swaps.length);
  const swapTexts = await widget.getByTestId('swaps').locator(':scope > li').allTextContents();
  swaps.forEach((swap, index) => {
    expect(swapTexts[index]).toContain(swap.to.name.en);
    // Shown with 2 decimals below 10 kg, 1 from 10 kg up.
    const shown = numberIn(swapTexts[index]!.split('→')[1]!.split('−')[1] ?? '');
    expect(Math.abs(shown - swap.saving)).toBeLessThanOrEqual(swap.saving < 10 ? 0.0051 : 0.051);
  });
}

describe.skipIf(noBrowser)('correcting a result', () => {
  const suite = browserSuite();

  it('fixes a line, adds a missed item, removes one and undoes, with the page always showing the backend’s numbers', async () => {
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    await giveConsent(widget);
    const read = suite.page.waitForResponse(isAnalysisResponse('/api/process-receipt-ai'));
    await chooseFile(widget, fixtureFile(PHOTO_FIXTURE));
    const original = (await (await read).json()) as AnalysisResult;
    await expectResultShows(widget, original);
    expect(original.items.length).toBeGreaterThanOrEqual(3);

    await widget.getByText('Correct the items').click();
    const editor = widget.getByTestId('item-editor');

    // Fix a misread line by keyboard: its amount, typed and sent with Enter.
    const target = original.items.find((item) => item.piece_weight === undefined) ?? original.items[0]!;
    const targetIndex = original.items.indexOf(target);
    const amount = editor.getByLabel(`Amount of ${target.name}`, { exact: true });
    await amount.fill('650');
    await editor.getByLabel(`Unit of ${target.name}`, { exact: true }).selectOption('g');
    const fixed = await recalculation(suite.page, () => amount.press('Enter'));
    expect(fixed.sent.items[targetIndex]).toMatchObject({ weight: 0.65, edited: true });
    await expectPageShows(widget, fixed.result);
    expect(fixed.result.items[targetIndex]!.weight).toBe(0.65);
    expect(await focusedLabel(suite.page)).toBe(`Amount of ${target.name}`);
    await expect.poll(() => editor.getByRole('status').textContent()).toContain('Updated.');

    // Fix a category: the backend uses that category's cited factor.
    const other = original.items.findIndex((item, index) => index !== targetIndex);
    const category = editor.getByLabel(`Category of ${original.items[other]!.name}`, { exact: true });
    await category.focus();
    const recategorised = await recalculation(suite.page, () => category.selectOption('Other'));
    expect(recategorised.result.items[other]).toMatchObject({ category: 'Other', edited: true });
    await expectPageShows(widget, recategorised.result);
    expect(await focusedLabel(suite.page)).toBe(`Category of ${original.items[other]!.name}`);

    // Add a missed item by name: the backend classifies it and offers a swap for it.
    await editor.getByLabel('Product name').fill('Naudan jauheliha');
    await editor.getByLabel('Amount (optional)').fill('400');
    const added = await recalculation(suite.page, () => editor.getByRole('button', { name: 'Add item' }).click());
    const newItem = added.result.items.at(-1)!;
    expect(newItem).toMatchObject({ name: 'Naudan jauheliha', category: 'Red Meat', weight: 0.4, edited: true });
    expect(added.result.swaps?.some((swap) => swap.to.key === 'meat-substitute' && swap.item_index === added.result.items.length - 1)).toBe(true);
    await expectPageShows(widget, added.result);

    // Remove one: focus moves to the next row's Remove button.
    const removed = added.result.items[0]!;
    const afterRemoval = await recalculation(suite.page, () => editor.getByRole('button', { name: `Remove ${removed.name}`, exact: true }).click());
    expect(afterRemoval.sent.items).toHaveLength(added.result.items.length - 1);
    await expectPageShows(widget, afterRemoval.result);
    expect(await focusedLabel(suite.page)).toBe(`Remove ${afterRemoval.result.items[0]!.name}`);

    // Undo brings back the answer before the removal, without a new reading.
    await editor.getByRole('button', { name: 'Undo last change' }).click();
    await expectPageShows(widget, added.result);
    await expect.poll(() => editor.getByRole('status').textContent()).toContain('Last change undone.');

    const report = await runAxe(suite.page, DEMO_HOST);
    expect(report.shadowNodesChecked).toBeGreaterThan(10);
    expect(report.violations).toEqual([]);

    await editor.getByRole('button', { name: 'Reset to what was read' }).click();
    await expectPageShows(widget, original);
  });

  it('on a 360 px phone every control of the editor is at least 44 px tall and wide, and nothing scrolls sideways', async () => {
    await suite.page.setViewportSize({ width: 360, height: 740 });
    const widget = await openDemo(suite.page, suite.server);
    await openCalculator(widget);
    await widget.getByRole('button', { name: 'Try Sample' }).click();
    await widget.getByTestId('result').waitFor();
    await widget.getByText('Correct the items').click();
    const editor = widget.getByTestId('item-editor');
    const controls = editor.locator('summary, button, select, input');
    expect(await controls.count()).toBeGreaterThan(20);
    const boxes = await controls.evaluateAll((elements) => elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { what: element.outerHTML.slice(0, 60), width: box.width, height: box.height, right: box.right };
    }));
    for (const box of boxes) {
      expect(box.height, box.what).toBeGreaterThanOrEqual(44);
      expect(box.width, box.what).toBeGreaterThanOrEqual(44);
      expect(box.right, box.what).toBeLessThanOrEqual(360);
    }
    expect(await suite.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const report = await runAxe(suite.page, DEMO_HOST);
    expect(report.violations).toEqual([]);
  });
});
