// Every word fits: each view (home, calculator, result, item editor, My receipts, privacy) in
// English, Finnish and Swedish at the phone, tablet and desktop widths people use, measured in
// Chromium by overflowingText (support/layout.ts): no text is cut by its box or runs past it.
// One page per language, resized rather than reopened, to stay quick. First with no receipt
// counted by the backend (the figures that have no data yet must say so, and fit), then with some.
// The device keeps a household and remembered corrections, so the result carries a remembered
// line and My receipts its goal and list; then the parts of My receipts that show only once the
// visitor acts: the household form with its refusal, a batch of receipts as it reads, when done,
// waiting on a busy service and cancelled, and remembering turned off.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { messagesFor, type Locale, type Messages } from '../../src/widget/i18n/index.ts';
import { myReceipts } from '../../src/widget/i18n/my-receipts.ts';
import { normalizedName, writeRemembered, type RememberedCorrection } from '../../src/widget/rules/remembered.ts';
import { HOUSEHOLD_KEY, writeHousehold } from '../../src/widget/state/household.ts';
import { REMEMBERED_KEY } from '../../src/widget/state/remembered.ts';
import { DESKTOP, newContext, noBrowser, pageErrors } from './support/browser.ts';
import { embedPage } from './support/host-site.ts';
import { overflowingText } from './support/layout.ts';
import { HISTORY_KEY, savedHistory } from './support/saved-receipts.ts';
import { analyzeFixtureText } from './support/server.ts';
import { browserSuite } from './support/suite.ts';
import { BROKEN_PDF, button, chooseMany, fixtureFile, holdRequests, PDF_FIXTURE, viewHeading, widgetIn } from './support/widget.ts';

const HOST = '#receipt-calculator';
const WIDTHS = [320, 360, 375, 390, 414, 768, 1024];
const LOCALES: Locale[] = ['en', 'fi', 'sv'];

/** Labelled receipts with long store and product names, saved in My receipts across two months. */
const SAVED = [
  ['s-kaupat-prisma-verkkokauppa-2025-10-14', '2025-10-14'],
  ['k-citymarket-iso-omena-2025-06-12', '2025-11-02'],
  ['tokmanni-espoo-suomenoja-2025-03-20', '2025-11-20'],
] as const;

/** A line of the sample, corrected before on this device; and two more with long names, one an amount for two packs. */
const SAMPLE_LINE = 'Elovena kaurahiutale 1kg';
const remembered = (name: string, change: Omit<RememberedCorrection, 'key' | 'name' | 'date'>): RememberedCorrection => ({
  key: normalizedName(name),
  name,
  date: '2025-11-20',
  ...change,
});
const REMEMBERED = [
  remembered(SAMPLE_LINE, { category: 'Processed Food', amount: { unit: 'g', value: 500, per: 1 } }),
  remembered('Valio Eila laktoositon kevytmaitojuomajauhe 400g', { category: 'Dairy', amount: { unit: 'pcs', value: 12, per: 2 } }),
  remembered('Kotimaiset vapaan kanan luomukananmunat M10', { category: 'Eggs' }),
];

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
    const kept: Record<string, string> = {
      [HISTORY_KEY]: await savedHistory(suite.server.url, SAVED),
      [HOUSEHOLD_KEY]: writeHousehold({ adults: 2, children: 1 }),
      [REMEMBERED_KEY]: writeRemembered(true, REMEMBERED),
    };

    context = await newContext(suite.browser, DESKTOP);
    // The embedding site's storage only (a probe page of its own origin has none to touch), set
    // again on each load, so what one language's page changed never reaches another's.
    await context.addInitScript(
      ({ origin, stored }) => {
        if (location.origin === origin) for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      },
      { origin: new URL(suite.site.origin).origin, stored: kept },
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
      // The line corrected before comes back corrected, marked, with its Undo.
      await widget.getByTestId('remembered-mark').waitFor();
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
      await widget.getByTestId('goal-scale').waitFor();
      expect(await widget.getByTestId('remembered-list').locator('li').count()).toBe(REMEMBERED.length);
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

  it('fits the parts of My receipts that show once the visitor acts', { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const text: Messages = messagesFor(locale);
      const mine = myReceipts[locale];
      const { page, widget } = pages.get(locale)!;
      await page.reload();
      await button(widget, text.history.title).click();
      await expect.poll(() => viewHeading(widget).textContent()).toBe(text.history.title);

      // The household form, refusing a household it cannot count.
      const goal = widget.getByTestId('household-goal');
      await button(goal, mine.changeHousehold).click();
      await goal.getByLabel(mine.children).fill('25');
      await button(goal, mine.saveHousehold).click();
      await expect.poll(() => goal.getByRole('alert').textContent()).toBe(mine.householdBad);
      problems.push(...(await measure(locale, 'My receipts: household form')));

      // A batch held at its first file (reading, the rest waiting), then done: saved, already saved, not read.
      const add = widget.getByTestId('add-receipts');
      const lines = add.getByTestId('batch-lines').locator('li');
      const statuses = () => lines.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
      await add.getByRole('checkbox').check();
      const release = await holdRequests(page, '/api/process-receipt-ai');
      await chooseMany(button(add, mine.chooseFiles), [fixtureFile(PDF_FIXTURE), fixtureFile(PDF_FIXTURE), BROKEN_PDF]);
      await expect.poll(statuses).toEqual(['reading', 'waiting', 'waiting']);
      problems.push(...(await measure(locale, 'My receipts: a batch reading')));
      release();
      await expect.poll(statuses, { timeout: 60_000 }).toEqual(['saved', 'duplicate', 'failed']);
      await page.unrouteAll();
      // Remembering turned off says what that means, beside the batch's lines.
      const corrections = widget.getByTestId('remembered-corrections');
      const remember = corrections.getByRole('switch', { name: mine.rememberSwitch });
      await remember.click();
      await expect.poll(() => corrections.getByRole('status').textContent()).toBe(mine.rememberOff);
      problems.push(...(await measure(locale, 'My receipts: a batch done, remembering off')));
      await remember.click();

      // A busy service: the first file waits as long as Retry-After says, the next one waits its turn; then Cancel.
      await page.route(
        (url) => url.pathname === '/api/process-receipt-ai',
        (route) =>
          route.fulfill({
            status: 429,
            headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Retry-After', 'retry-after': '600' },
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Too many receipts from your address in a short time. Please wait a moment and try again.', code: 'rate-limited' }),
          }),
      );
      await chooseMany(button(add, mine.chooseFiles), [fixtureFile(PDF_FIXTURE), BROKEN_PDF]);
      await expect.poll(statuses).toEqual(['retrying', 'waiting']);
      problems.push(...(await measure(locale, 'My receipts: a batch waiting on a busy service')));
      await button(add, mine.cancelBatch).click();
      await expect.poll(statuses).toEqual(['cancelled', 'cancelled']);
      problems.push(...(await measure(locale, 'My receipts: a batch cancelled')));
      await page.unrouteAll();
    }
    expect(problems).toEqual([]);
  });
});
