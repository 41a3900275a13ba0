// My receipts in real Chromium against the real backend and the built bundle: three receipts
// saved across two months (the page's clock set for each save), a reload, the history with its
// figures, export as JSON and CSV (downloads the browser makes), delete all, import of the
// export, a refused file, storage that the page is not allowed to touch, and the view in Finnish
// and Swedish on a 320 px phone.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AnalysisResult, StatsResponse } from '../../src/contract.ts';
import { fi } from '../../src/widget/i18n/fi.ts';
import { history } from '../../src/widget/i18n/history.ts';
import { myReceipts } from '../../src/widget/i18n/my-receipts.ts';
import { sv } from '../../src/widget/i18n/sv.ts';
import { formatKg } from '../../src/widget/rules/format.ts';
import { runAxe } from './support/axe.ts';
import { newContext, noBrowser, PHONE } from './support/browser.ts';
import { embedPage } from './support/host-site.ts';
import { horizontalOverflow, smallTapTargets } from './support/layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { browserSuite } from './support/suite.ts';
import {
  button,
  chooseFile,
  fixtureFile,
  giveConsent,
  isAnalysisResponse,
  numberIn,
  openCalculator,
  openDemo,
  runSample,
  viewHeading,
  widgetIn,
  widgetText,
} from './support/widget.ts';

const HISTORY_KEY = 'receiptCalculator.history';

/** Noon in Helsinki (the contexts' time zone) on a given day. */
const helsinkiNoon = (day: string) => new Date(`${day}T12:00:00+03:00`);

async function saveSampleOn(page: Page, widget: Locator, day: string, includeItems = false): Promise<AnalysisResult> {
  await page.clock.setFixedTime(helsinkiNoon(day));
  const result = await runSample(page, widget);
  await saveShown(page, widget, includeItems);
  return result;
}

/** Saves the result shown (item names when asked), checks where focus went, and scans another. */
async function saveShown(page: Page, widget: Locator, includeItems: boolean): Promise<void> {
  const save = widget.getByTestId('save-receipt');
  if (includeItems) {
    const toggle = save.getByRole('switch', { name: 'Include item names' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
  }
  await button(save, 'Save to this device').click();
  await expect.poll(() => save.getByRole('status').textContent()).toBe('Saved to this device.');
  // Focus moved on to "My receipts", not lost with the Save button.
  expect(await page.evaluate(() => document.querySelector('#receipt-calculator')?.shadowRoot?.activeElement?.textContent)).toBe('My receipts');
  await button(widget, 'Scan Another Receipt').click();
}

/** Reads a committed PDF receipt through the calculator and saves it. */
async function saveUploaded(page: Page, widget: Locator, pdf: string): Promise<AnalysisResult> {
  const answer = page.waitForResponse(isAnalysisResponse('/api/process-receipt-ai'));
  await chooseFile(widget, fixtureFile(pdf));
  const result = (await (await answer).json()) as AnalysisResult;
  await widget.getByTestId('result').waitFor();
  await saveShown(page, widget, false);
  return result;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
}

/** The English history sentences' words a Finnish or Swedish page shows: none, unless that language writes them too. */
function englishIn(shown: string, locale: 'fi' | 'sv'): string[] {
  const own = strings([history[locale], myReceipts[locale]]).join('\n');
  return strings([history.en, myReceipts.en])
    .flatMap((string) => string.split(/\{\w+\}/))
    .map((fragment) => fragment.trim())
    .filter((fragment) => /[A-Za-z]{4,}/.test(fragment) && !own.includes(fragment) && shown.includes(fragment));
}

async function download(page: Page, widget: Locator, name: string): Promise<{ fileName: string; text: string }> {
  const started = page.waitForEvent('download');
  await button(widget, name).click();
  const file = await started;
  return { fileName: file.suggestedFilename(), text: await readFile((await file.path()) ?? '', 'utf8') };
}

describe.skipIf(noBrowser)('My receipts', () => {
  const suite = browserSuite();

  it('saves three receipts of three months, keeps them over a reload, exports, clears and imports', async () => {
    const { page } = suite;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname} ${request.postData() ?? ''}`));
    const widget = await openDemo(page, suite.server);

    // From home, an empty history first.
    await button(widget, 'My receipts').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('My receipts');
    await expect.poll(() => widgetText(widget)).toContain('No saved receipts yet.');
    await button(widget, 'Back').click();

    // Each receipt is filed under the day it prints, whatever day it is saved on.
    await openCalculator(widget);
    const november = await saveSampleOn(page, widget, '2025-12-01', true);
    // The sample is not counted, so the community has no receipt yet: the view says so, not "0.00 kg".
    const empty = (await (await page.request.get(`${suite.server.url}/stats`)).json()) as StatsResponse;
    expect(empty.total_receipts_processed).toBe(0);
    await button(widget, 'Back to Home').click();
    await button(widget, 'My receipts').click();
    await expect.poll(() => widgetText(widget)).toContain('Community average per receiptNo receipts yet');
    await button(widget, 'Back').click();
    await openCalculator(widget);
    await giveConsent(widget);
    const october = await saveUploaded(page, widget, 'pdf/s-kaupat-prisma-verkkokauppa-2025-10-14.pdf');
    const december = await saveUploaded(page, widget, 'pdf/sokos-herkku-helsinki-2025-12-19.pdf');
    expect([october, november, december].map((result) => result.store_info.date)).toEqual(['2025-10-14', '2025-11-14', '2025-12-19']);
    // Saving sent nothing anywhere: only the three analyses and the usual health and stats calls.
    expect(requests.filter((line) => line.startsWith('POST'))).toHaveLength(3);
    expect(
      requests.filter((line) => !/^(GET \/(health|stats)|POST \/api\/(process-text|process-receipt-ai)) /.test(line) && !line.includes('/dist/') && !/^GET \/ /.test(line)),
    ).toEqual([]);

    const stored = await page.evaluate((key) => localStorage.getItem(key), HISTORY_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ version: 2 });
    // Item names only where asked for.
    const storedReceipts = (JSON.parse(stored ?? '{}') as { receipts: Array<{ date: string; items?: string[] }> }).receipts;
    expect(storedReceipts.map((r) => [r.date, r.items?.length ?? 0])).toEqual([
      ['2025-10-14', 0],
      ['2025-11-14', november.items.length],
      ['2025-12-19', 0],
    ]);

    await page.reload();
    await viewHeading(widget).waitFor();
    await button(widget, 'My receipts').click();
    await expect.poll(() => widget.getByTestId('history-list').locator('li').count()).toBe(3);

    // Per month, one receipt each; the chart draws a column for each.
    const months = await widget.getByTestId('history-months').locator('li').allTextContents();
    // Rounded as the widget rounds (Intl, from the shortest decimal: 43.15 is "43.2", where toFixed says "43.1").
    const kg = (value: number) => formatKg('en', value);
    // Each saved total keeps the plausible range its result showed (the backend sends one).
    const listed = await widget.getByTestId('history-list').locator('li').allTextContents();
    const newestFirst = [december, november, october];
    expect(listed.map((row) => /[\d.]+ kg CO2e, about [\d.]+–[\d.]+ · /.exec(row)?.[0].split(' kg')[0])).toEqual(
      newestFirst.map((result) => kg(result.total_emissions)),
    );
    expect(months.slice(0, 3)).toEqual([
      `October 2025${kg(october.total_emissions)} kg CO2e · 1 receipt`,
      `November 2025${kg(november.total_emissions)} kg CO2e · 1 receipt`,
      `December 2025${kg(december.total_emissions)} kg CO2e · 1 receipt`,
    ]);
    expect(await widget.getByTestId('month-chart').locator('rect').count()).toBe(3);
    const change = Math.round(((december.total_emissions - november.total_emissions) / november.total_emissions) * 100);
    expect(await widget.getByTestId('history-change').textContent()).toBe(
      `December 2025: ${change > 0 ? '+' : ''}${change}% compared with November 2025.`,
    );
    // The average against the community's, from /stats.
    const average = await widget.getByTestId('history-average').textContent();
    expect(numberIn(average)).toBeCloseTo((october.total_emissions + november.total_emissions + december.total_emissions) / 3, 1);
    // The two PDFs read with consent are counted now.
    const community = (await (await page.request.get(`${suite.server.url}/stats`)).json()) as StatsResponse;
    expect(community.total_receipts_processed).toBe(2);
    await expect.poll(() => widgetText(widget)).toContain(`Community average per receipt${kg(community.average_emissions_per_receipt)} kg CO2e`);
    // Per category, as text and as segments of one bar.
    const categories = await widget.getByTestId('history-categories').locator('li').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-category')));
    // Categories with emissions (a deposit or a carrier bag is counted but weighs nothing).
    const withEmissions = [october, november, december].flatMap((result) =>
      Object.entries(result.categories).filter(([, totals]) => (totals?.emissions ?? 0) > 0).map(([name]) => name),
    );
    expect(new Set(categories)).toEqual(new Set(withEmissions));
    expect(await widget.getByTestId('category-chart').locator('rect').count()).toBe(categories.length);

    // Export: files the browser makes from the page.
    const json = await download(page, widget, 'Export JSON');
    expect(json.fileName).toMatch(/^my-receipts-\d{4}-\d{2}-\d{2}\.json$/);
    expect((JSON.parse(json.text) as { receipts: unknown[] }).receipts).toHaveLength(3);
    const csv = await download(page, widget, 'Export CSV');
    expect(csv.text.trim().split('\r\n')).toHaveLength(4);
    expect(csv.text.split('\r\n')[1]).toMatch(/^2025-10-14,/);

    // Delete all asks first; Cancel keeps everything.
    await button(widget, 'Delete all').click();
    const confirm = widget.getByRole('group', { name: /Delete all saved receipts/ });
    expect(await confirm.textContent()).toContain('This cannot be undone.');
    await button(confirm, 'Cancel').click();
    expect(await widget.getByTestId('history-list').locator('li').count()).toBe(3);
    await button(widget, 'Delete all').click();
    await button(widget.getByRole('group', { name: /Delete all saved receipts/ }), 'Delete all').click();
    await expect.poll(() => widget.getByTestId('history-list').locator('li').count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), HISTORY_KEY)).toBeNull();

    // A file that is no export is refused and changes nothing.
    const importFile = async (name: string, text: string) => {
      const chooser = page.waitForEvent('filechooser');
      await button(widget, 'Import JSON').click();
      await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
    };
    await importFile('notes.json', '{"hello": "world"}');
    await expect.poll(() => widget.getByTestId('history-alert').textContent()).toContain('Nothing was changed.');
    expect(await widget.getByTestId('history-list').locator('li').count()).toBe(0);

    // The export comes back whole, and survives another reload.
    await importFile(json.fileName, json.text);
    await expect.poll(() => widget.getByTestId('history-status').textContent()).toBe('3 receipts imported.');
    expect(await widget.getByTestId('history-list').locator('li').allTextContents()).toEqual(listed);
    await page.reload();
    await button(widget, 'My receipts').click();
    await expect.poll(() => widget.getByTestId('history-list').locator('li').count()).toBe(3);

    // Delete one: by keyboard, from its own button.
    const first = widget.getByTestId('history-list').locator('li').first();
    await button(first, 'Delete').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => widget.getByTestId('history-list').locator('li').count()).toBe(2);
    expect(await widget.getByTestId('history-status').textContent()).toBe('Deleted.');
  });

  it('axe finds nothing on the save panel and the history; nothing overflows on a phone', async () => {
    const { page } = suite;
    const widget = await openDemo(page, suite.server);
    await openCalculator(widget);
    await saveSampleOn(page, widget, '2025-11-20', true);
    await giveConsent(widget);
    await saveUploaded(page, widget, 'pdf/prisma-olari-2025-09-20.pdf');
    await runSample(page, widget);
    const check = async (state: string) => {
      const report = await runAxe(page, '#receipt-calculator');
      expect(report.shadowNodesChecked, state).toBeGreaterThan(10);
      expect(report.violations, state).toEqual([]);
    };
    await check('result with the save panel');
    await button(widget.getByTestId('save-receipt'), 'My receipts').click();
    await widget.getByTestId('history-list').locator('li').first().waitFor();
    await check('history');
    saveScreenshot('history-desktop.png', await page.locator('#receipt-calculator').screenshot());
    await button(widget, 'Delete all').click();
    await check('history, confirming delete all');

    await page.setViewportSize(PHONE.viewport ?? { width: 360, height: 640 });
    expect(await horizontalOverflow(page, '#receipt-calculator')).toEqual([]);
    expect(await smallTapTargets(page, '#receipt-calculator')).toEqual([]);
    saveScreenshot('history-phone.png', await page.locator('#receipt-calculator').screenshot());
    // Back to the result it was opened from, the result still there.
    await button(widget, 'Back').click();
    await widget.getByTestId('result').waitFor();
  });

  it('in Finnish on a 320 px phone, then switched to Swedish: saved, listed, no English, accessible', async () => {
    const context = await newContext(suite.browser, { ...PHONE, viewport: { width: 320, height: 640 } });
    try {
      const page = await context.newPage();
      await page.clock.setFixedTime(helsinkiNoon('2025-11-04'));
      await page.goto(suite.site.add('/history-fi.html', { html: embedPage({ api: suite.server.url, mountOptions: { locale: 'fi' } }) }));
      const widget = widgetIn(page);
      await expect.poll(() => viewHeading(widget).textContent()).toBe(fi.home.headline);
      await button(widget, fi.home.tryDemo).click();
      await button(widget, fi.calculator.trySample).click();
      const save = widget.getByTestId('save-receipt');
      await button(save, history.fi.save).click();
      await expect.poll(() => save.getByRole('status').textContent()).toBe(history.fi.saved);
      await button(save, history.fi.title).click();
      await expect.poll(() => viewHeading(widget).textContent()).toBe(history.fi.title);
      await widget.getByTestId('history-list').locator('li').first().waitFor();

      const shows = async (locale: 'fi' | 'sv', month: string) => {
        const shown = (await widgetText(widget)) ?? '';
        expect(shown).toContain(month);
        expect(shown).toContain(myReceipts[locale].yourAverage);
        expect(englishIn(shown, locale), `${locale}: English left on screen`).toEqual([]);
        expect(await horizontalOverflow(page, '#receipt-calculator'), locale).toEqual([]);
        expect(await smallTapTargets(page, '#receipt-calculator'), locale).toEqual([]);
        const report = await runAxe(page, '#receipt-calculator');
        expect(report.violations, locale).toEqual([]);
      };
      await shows('fi', 'marraskuu 2025');
      expect(await widget.getByTestId('history-categories').textContent()).toContain(fi.categories['Red Meat']);
      saveScreenshot('history-fi-320.png', await page.locator('#receipt-calculator').screenshot());

      // The switch changes the language in place: still My receipts, now in Swedish.
      await button(widget, 'Svenska').click();
      await expect.poll(() => viewHeading(widget).textContent()).toBe(history.sv.title);
      await shows('sv', 'november 2025');
      expect(await widget.getByTestId('history-categories').textContent()).toContain(sv.categories['Red Meat']);
      // The check can fail: it finds the English sentence where there is one.
      expect(englishIn('Your average per receipt', 'sv')).toContain('Your average per receipt');
    } finally {
      await context.close();
    }
  });

  it('where the page may not touch storage (a sandboxed page), saving says so and the rest works', async () => {
    const { page, site, server } = suite;
    const url = site.add('/sandboxed.html', {
      html: embedPage({ api: server.url }),
      headers: { 'content-security-policy': 'sandbox allow-scripts' },
    });
    await page.goto(url);
    const widget = widgetIn(page);
    await viewHeading(widget).waitFor();
    // Touching localStorage itself throws on this page.
    expect(await page.evaluate(() => {
      try {
        return typeof localStorage.length;
      } catch (error) {
        return (error as Error).name;
      }
    })).toBe('SecurityError');

    await openCalculator(widget);
    await runSample(page, widget);
    await button(widget, 'Save to this device').click();
    const save = widget.getByTestId('save-receipt');
    await expect.poll(() => save.getByRole('alert').textContent()).toContain('This browser does not allow saving here');
    // The result is still there, and the calculator goes on as before.
    expect(await widget.getByTestId('result').count()).toBe(1);
    await button(save, 'My receipts').click();
    await expect.poll(() => widget.getByTestId('history-alert').textContent()).toContain('Everything else works as usual.');
    await button(widget, 'Back').click();
    await button(widget, 'Scan Another Receipt').click();
    await runSample(page, widget);
  });
});
