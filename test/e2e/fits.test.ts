// Every word fits: each view (home, calculator, result, item editor, My receipts, privacy) in
// English, Finnish and Swedish at the phone, tablet and desktop widths people use, measured in
// Chromium by overflowingText (support/layout.ts): no text is cut by its box or runs past it.
// One page per language, resized rather than reopened, to stay quick. First with no receipt
// counted by the backend (the figures that have no data yet must say so, and fit), then with some.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { messagesFor, type Locale, type Messages } from '../../src/widget/i18n/index.ts';
import { DESKTOP, newContext, noBrowser, pageErrors } from './support/browser.ts';
import { embedPage } from './support/host-site.ts';
import { overflowingText } from './support/layout.ts';
import { HISTORY_KEY, savedHistory } from './support/saved-receipts.ts';
import { analyzeFixtureText } from './support/server.ts';
import { browserSuite } from './support/suite.ts';
import { button, viewHeading, widgetIn } from './support/widget.ts';

const HOST = '#receipt-calculator';
const WIDTHS = [320, 360, 375, 390, 414, 768, 1024];
const LOCALES: Locale[] = ['en', 'fi', 'sv'];

/** Labelled receipts with long store and product names, saved in My receipts across two months. */
const SAVED = [
  ['s-kaupat-prisma-verkkokauppa-2025-10-14', '2025-10-14'],
  ['k-citymarket-iso-omena-2025-06-12', '2025-11-02'],
  ['tokmanni-espoo-suomenoja-2025-03-20', '2025-11-20'],
] as const;

/** Waits until the browser has laid out and painted what the last change did. */
const painted = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe.skipIf(noBrowser)('every word fits', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  const pages = new Map<Locale, { page: Page; widget: Locator }>();

  /** Each width in turn for the view on screen; the problems found, named by view and width. */
  async function measure(locale: Locale, view: string): Promise<string[]> {
    const { page } = pages.get(locale)!;
    const problems: string[] = [];
    // A page in the background gets one animation frame a second.
    await page.bringToFront();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await painted(page);
      for (const problem of await overflowingText(page, HOST)) problems.push(`${locale} ${view} ${width} px: ${problem}`);
    }
    return problems;
  }

  beforeAll(async () => {
    const history = await savedHistory(suite.server.url, SAVED);

    context = await newContext(suite.browser, DESKTOP);
    // The embedding site's storage only (a probe page of its own origin has none to touch).
    await context.addInitScript(
      ({ origin, key, stored }) => {
        if (location.origin === origin) localStorage.setItem(key, stored);
      },
      { origin: new URL(suite.site.origin).origin, key: HISTORY_KEY, stored: history },
    );
    for (const locale of LOCALES) {
      const page = await context.newPage();
      const url = suite.site.add(`/fits-${locale}.html`, { html: embedPage({ api: suite.server.url, css: 'body { margin: 0; }', mountOptions: { locale } }) });
      await page.goto(url);
      const widget = widgetIn(page, HOST);
      await widget.getByRole('heading', { level: 1, name: messagesFor(locale).home.headline }).waitFor();
      pages.set(locale, { page, widget });
    }
  });

  // Checked after each test rather than at the end, so a failure here never keeps the suite's
  // own clean-up (the backend, the browser) from running.
  afterEach(() => {
    expect(pageErrors(context)).toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
  });

  async function statsShown(locale: Locale, widget: Locator): Promise<void> {
    const panel = widget.getByRole('region', { name: messagesFor(locale).home.statsTitle });
    await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
  }

  it('finds text cut by its box and text that runs past it (the check can fail)', async () => {
    const page = await context.newPage();
    try {
      await page.setContent(`<div id="probe"></div><script>
        const root = document.getElementById('probe').attachShadow({ mode: 'open' });
        root.innerHTML = \`<section data-view style="width: 300px; font: 16px sans-serif">
          <p style="width: 80px; overflow: hidden; white-space: nowrap">henkilöautolla ajoa</p>
          <ul style="display: grid; grid-template-columns: 1fr 1fr; width: 140px; padding: 0"><li style="display: flex; min-width: 0"><span>henkilöautolla</span></li><li>x</li></ul>
          <p style="width: 120px">fits in its box</p>
          <span style="position: absolute; width: 1px; height: 1px; overflow: hidden">read by screen readers only, never seen</span>
        </section>\`;
      </script>`);
      const problems = await overflowingText(page, '#probe');
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^p "henkilöautolla ajoa" is cut by its own box/);
      expect(problems[1]).toMatch(/^span "henkilöautolla" runs [\d.]+ px past the box of li "henkilöautolla"/);
    } finally {
      await page.close();
    }
  });

  it('fits home and My receipts before the backend has counted any receipt, saying there is no figure yet', async () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const text: Messages = messagesFor(locale);
      const { widget } = pages.get(locale)!;
      await statsShown(locale, widget);
      expect(await widget.getByTestId('no-data').textContent()).toBe(text.home.noReceiptsYet);
      problems.push(...(await measure(locale, 'home (no receipts counted)')));

      await button(widget, text.history.title).click();
      await expect.poll(() => viewHeading(widget).textContent()).toBe(text.history.title);
      await expect.poll(() => widget.getByTestId('history-months').textContent()).toContain(text.home.noReceiptsYet);
      problems.push(...(await measure(locale, 'My receipts (no receipts counted)')));
      await button(widget, text.privacy.back).click();
    }
    expect(problems).toEqual([]);
  });

  it('fits every view in every language at every width', async () => {
    for (const name of ['prisma-olari-2025-09-20.txt', 'lidl-tampere-hatanpaa-2025-07-01.txt']) await analyzeFixtureText(suite.server, name);
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const text: Messages = messagesFor(locale);
      const { page, widget } = pages.get(locale)!;
      await page.reload();
      await statsShown(locale, widget);
      expect(await widget.getByTestId('no-data').count()).toBe(0);
      problems.push(...(await measure(locale, 'home')));

      await button(widget, text.home.tryDemo).click();
      await expect.poll(() => viewHeading(widget).textContent()).toBe(text.calculator.title);
      problems.push(...(await measure(locale, 'calculator')));

      await button(widget, text.calculator.trySample).click();
      await widget.getByTestId('result').waitFor();
      await expect.poll(() => widget.getByRole('progressbar').count()).toBe(0);
      // The total's range beside it, and "About this figure" opened: both are measured too.
      expect(await widget.getByTestId('total-range').textContent()).toMatch(/\d–\d/);
      await widget.getByTestId('about-figure').locator('summary').click();
      problems.push(...(await measure(locale, 'result')));

      await widget.getByTestId('item-editor').locator('summary').click();
      await widget.getByTestId('edit-row').first().waitFor();
      expect(await widget.getByTestId('edit-figure').first().textContent()).toMatch(/\d–\d/);
      problems.push(...(await measure(locale, 'item editor')));

      await button(widget, text.history.title).click();
      await expect.poll(() => viewHeading(widget).textContent()).toBe(text.history.title);
      expect(await widget.getByTestId('history-list').textContent()).toMatch(/\d–\d/);
      problems.push(...(await measure(locale, 'My receipts')));

      await button(widget, text.privacy.back).click();
      await button(widget, text.results.scanAnother).click();
      await button(widget, text.calculator.readPrivacy).click();
      await expect.poll(() => viewHeading(widget).textContent()).toBe(text.privacy.title);
      problems.push(...(await measure(locale, 'privacy')));
    }
    expect(problems).toEqual([]);
  });
});
