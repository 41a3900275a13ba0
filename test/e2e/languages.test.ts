// Finnish and Swedish in Chromium: the sample journey in each language on a 320 px phone
// (Finnish words are long: nothing may stick out), axe in each language and view, a screenshot
// per language, and a switch of language in the middle of a result that keeps the result and is
// remembered on the next visit.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fi } from '../../src/widget/i18n/fi.ts';
import { sv } from '../../src/widget/i18n/sv.ts';
import { runAxe } from './support/axe.ts';
import { newContext, noBrowser, pageErrors, PHONE } from './support/browser.ts';
import { embedPage } from './support/host-site.ts';
import { horizontalOverflow, smallTapTargets } from './support/layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { browserSuite } from './support/suite.ts';
import { button, isAnalysisResponse, viewHeading, widgetIn } from './support/widget.ts';

const HOST = '#receipt-calculator';
const CATALOGUES = { fi, sv } as const;

describe.skipIf(noBrowser)('the widget in Finnish and Swedish', () => {
  const suite = browserSuite();

  function pageFor(locale: string): string {
    return suite.site.add(`/lang-${locale}.html`, {
      html: embedPage({ api: suite.server.url, css: 'body { margin: 0; }', mountOptions: { locale } }),
    });
  }

  async function sample(page: Page, widget: Locator, label: string): Promise<void> {
    const answer = page.waitForResponse(isAnalysisResponse('/api/process-text'));
    await button(widget, label).click();
    expect((await answer).status()).toBe(200);
    await widget.getByTestId('result').waitFor();
  }

  async function checked(page: Page, state: string): Promise<void> {
    expect(await horizontalOverflow(page, HOST), `${state}: sideways scrolling`).toEqual([]);
    expect(await smallTapTargets(page, HOST), `${state}: tap targets under 44 px`).toEqual([]);
    const report = await runAxe(page, HOST);
    expect(report.shadowNodesChecked, `axe saw nothing inside the widget (${state})`).toBeGreaterThan(10);
    expect(report.violations, state).toEqual([]);
  }

  for (const locale of ['fi', 'sv'] as const) {
    it(`runs the sample journey in ${locale} on a 320 px phone, accessible in every view`, async () => {
      const text = CATALOGUES[locale];
      const context = await newContext(suite.browser, { ...PHONE, viewport: { width: 320, height: 640 } });
      try {
        const page = await context.newPage();
        await page.goto(pageFor(locale));
        const widget = widgetIn(page, HOST);
        await expect.poll(() => viewHeading(widget).textContent()).toBe(text.home.headline);
        expect(await widget.locator('section[data-view]').getAttribute('lang')).toBe(locale);
        await checked(page, `${locale} home`);

        await button(widget, text.home.tryDemo).click();
        await expect.poll(() => viewHeading(widget).textContent()).toBe(text.calculator.title);
        await widget.getByRole('checkbox').check();
        await checked(page, `${locale} calculator`);

        await sample(page, widget, text.calculator.trySample);
        expect(await widget.getByTestId('total-emissions').textContent()).toMatch(/^\d+,\d kg CO2e$/);
        // The total's range in the visitor's words ("noin 20–35", "cirka 20–35"), and why it is one, folded.
        expect(await widget.getByTestId('total-range').textContent()).toMatch(locale === 'fi' ? /^noin \d+–\d+$/ : /^cirka \d+–\d+$/);
        await widget.getByTestId('about-figure').locator('summary').click();
        await checked(page, `${locale} result`);
        saveScreenshot(`phone-320-result-${locale}.png`, await page.screenshot({ fullPage: true }));

        await button(widget, text.results.scanAnother).click();
        await button(widget, text.calculator.readPrivacy).click();
        await expect.poll(() => viewHeading(widget).textContent()).toBe(text.privacy.title);
        await checked(page, `${locale} privacy`);
        expect(pageErrors(context)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('switches language mid-result, keeping the result, and remembers the choice on the next visit', async () => {
    const page = suite.page;
    await page.goto(pageFor('fi'));
    const widget = widgetIn(page, HOST);
    await button(widget, fi.home.tryDemo).click();
    await sample(page, widget, fi.calculator.trySample);
    const total = await widget.getByTestId('total-emissions').textContent();

    await button(widget, 'Svenska').click();
    await expect.poll(() => widget.locator('section[data-view]').getAttribute('lang')).toBe('sv');
    expect(await widget.getByRole('heading', { name: sv.results.title, exact: true }).count()).toBe(1);
    expect(await widget.getByTestId('total-emissions').textContent()).toBe(total);
    expect(await button(widget, 'Svenska').getAttribute('aria-pressed')).toBe('true');
    const report = await runAxe(page, HOST);
    expect(report.violations, 'sv after the switch').toEqual([]);

    // The embedding still says Finnish; the visitor's own choice wins.
    await page.reload();
    await expect.poll(() => viewHeading(widget).textContent()).toBe(sv.home.headline);
  });
});
