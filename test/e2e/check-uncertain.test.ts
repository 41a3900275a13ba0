// An item the backend could not place asks the visitor to check it, in real Chromium against the
// real backend, in English, Finnish and Swedish: the prompt sits on that item in the list (and fits
// there at 320 px), and pressing it opens the item editor with that item's category control
// focused and in view.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AnalysisResult } from '../../src/contract.ts';
import { fill, messagesFor, type Locale } from '../../src/widget/i18n/index.ts';
import { makeTextPdf } from '../support/receipt-files.ts';
import { runAxe } from './support/axe.ts';
import { noBrowser } from './support/browser.ts';
import { embedPage } from './support/host-site.ts';
import { overflowingText } from './support/layout.ts';
import { browserSuite } from './support/suite.ts';
import { button, isAnalysisResponse, openFileChooser, widgetIn } from './support/widget.ts';

const HOST = '#receipt-calculator';
// A line of no known word, as a smudge or a new brand prints it, among lines any reader knows.
const UNKNOWN = 'QWYX ZORB';
const RECEIPT = [
  'K-MARKET TESTIKATU',
  'Testikatu 1, 00100 Helsinki',
  '',
  'KEVYTMAITO 1L               1,29',
  `${UNKNOWN}                   3,49`,
  'RUISLEIPÄ 500G              2,49',
  '----------------------------------',
  'YHTEENSÄ                    7,27',
];

/** The id of the focused element inside the widget's shadow root, with its aria-label. */
function focused(page: Page): Promise<{ tag: string; label: string | null } | null> {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return element ? { tag: element.tagName.toLowerCase(), label: element.getAttribute('aria-label') } : null;
  });
}

describe.skipIf(noBrowser)('checking an uncertain item', () => {
  const suite = browserSuite();

  async function upload(page: Page, widget: Locator, locale: Locale): Promise<AnalysisResult> {
    const text = messagesFor(locale);
    await button(widget, text.home.tryDemo).click();
    await widget.getByRole('checkbox').check();
    const answer = page.waitForResponse(isAnalysisResponse('/api/process-receipt-ai'));
    const pdf = await makeTextPdf(RECEIPT);
    await openFileChooser(page, () => button(widget, text.calculator.chooseFile).click(), { name: 'kuitti.pdf', mimeType: 'application/pdf', buffer: pdf });
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    await widget.getByTestId('result').waitFor();
    return (await response.json()) as AnalysisResult;
  }

  for (const locale of ['en', 'fi', 'sv'] as const) {
    it(`prompts on the uncertain item and opens the editor on it (${locale})`, async () => {
      const text = messagesFor(locale);
      const page = suite.page;
      await page.goto(suite.site.add(`/check-${locale}.html`, { html: embedPage({ api: suite.server.url, mountOptions: { locale } }) }));
      const widget = widgetIn(page, HOST);
      const result = await upload(page, widget, locale);

      const uncertain = result.items.flatMap((item, index) => (item.uncertain ? [index] : []));
      const unknownAt = result.items.findIndex((item) => item.name.includes(UNKNOWN));
      expect(unknownAt, 'the reader finds the line').toBeGreaterThanOrEqual(0);
      expect(uncertain, 'the backend marks the line it cannot place').toContain(unknownAt);

      // One prompt per uncertain item, on its own row, in the visitor's language.
      const rows = widget.getByTestId('item-list').getByRole('listitem');
      const prompts = widget.getByTestId('check-item');
      expect(await prompts.count()).toBe(uncertain.length);
      const prompt = rows.nth(unknownAt).getByTestId('check-item');
      expect(await prompt.textContent()).toBe(text.results.checkItem);
      expect(await prompt.getAttribute('aria-label')).toBe(fill(text.results.checkItemLabel, { name: result.items[unknownAt]!.name }));
      for (const [index] of result.items.entries()) {
        if (!uncertain.includes(index)) expect(await rows.nth(index).getByTestId('check-item').count()).toBe(0);
      }

      // The prompt fits beside the item's marks on the narrowest phone, in every language.
      const viewport = page.viewportSize();
      await page.setViewportSize({ width: 320, height: 640 });
      await prompt.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await overflowingText(page, HOST, '[data-testid="item-list"]')).toEqual([]);
      if (viewport) await page.setViewportSize(viewport);

      const editor = widget.getByTestId('item-editor');
      expect(await editor.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      await prompt.click();
      await expect.poll(() => editor.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
      // Focus is on that item's category control, ready to confirm or correct it.
      await expect
        .poll(() => focused(page))
        .toEqual({ tag: 'select', label: fill(text.correction.categoryOf, { name: result.items[unknownAt]!.name }) });
      const select = widget.getByTestId('edit-row').nth(unknownAt).locator('select').first();
      expect(await select.isVisible()).toBe(true);
      expect(await select.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      })).toBe(true);

      // Correcting it there is an ordinary correction: the backend recalculates and the item is placed.
      const recalculated = page.waitForResponse(isAnalysisResponse('/api/recalculate'));
      await select.selectOption('Processed Food');
      const corrected = (await (await recalculated).json()) as AnalysisResult;
      expect(corrected.items[unknownAt]).toMatchObject({ category: 'Processed Food', edited: true });
      expect(corrected.items[unknownAt]?.uncertain).toBeUndefined();
      await expect.poll(() => rows.nth(unknownAt).getByTestId('check-item').count()).toBe(0);

      const report = await runAxe(page, HOST);
      expect(report.violations).toEqual([]);
    });
  }
});
