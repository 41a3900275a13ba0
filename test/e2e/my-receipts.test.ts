// My receipts learning, in real Chromium against the real backend and the built bundle: a
// correction made on one receipt is put into the next receipt with the same line (marked, undone
// there with one tap, listed and forgotten in My receipts); many receipts added at once, PDFs and
// a photo with one bad file among them; a 429 waited out as Retry-After says, across origins; and
// the household goal. In English, Finnish and Swedish, on a desktop and on a 320 px phone, with
// axe, sideways scrolling and tap targets checked wherever the view changes.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AnalysisResult, RecalculateRequest } from '../../src/contract.ts';
import { correction } from '../../src/widget/i18n/correction.ts';
import { en } from '../../src/widget/i18n/en.ts';
import { fi } from '../../src/widget/i18n/fi.ts';
import { history } from '../../src/widget/i18n/history.ts';
import { myReceipts } from '../../src/widget/i18n/my-receipts.ts';
import { sv } from '../../src/widget/i18n/sv.ts';
import { runAxe } from './support/axe.ts';
import { newContext, noBrowser, pageErrors, PHONE } from './support/browser.ts';
import { embedPage } from './support/host-site.ts';
import { horizontalOverflow, smallTapTargets } from './support/layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { browserSuite } from './support/suite.ts';
import {
  button,
  BROKEN_PDF,
  chooseFile,
  chooseMany,
  fixtureFile,
  giveConsent,
  isAnalysisResponse,
  openCalculator,
  openDemo,
  PHOTO_FIXTURE,
  runSample,
  viewHeading,
  widgetIn,
} from './support/widget.ts';

const HOST = '#receipt-calculator';
const OATS = 'Elovena kaurahiutale 1kg';
const ISO_OMENA = 'pdf/k-citymarket-iso-omena-2025-06-12.pdf';
const PRISMA = 'pdf/prisma-olari-2025-09-20.pdf';
const VIEWS = { en, fi, sv } as const;
type Locale = keyof typeof VIEWS;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
}

/** English words of the widget's strings shown on a Finnish or Swedish page (none, unless that language writes them too). */
function englishIn(shown: string, locale: 'fi' | 'sv'): string[] {
  const own = strings([VIEWS[locale], history[locale], myReceipts[locale], correction[locale]]).join('\n');
  const withoutSwitch = shown.replaceAll('English', '');
  return [...new Set(strings([en, history.en, myReceipts.en, correction.en]).flatMap((string) => string.split(/\{\w+\}/)))]
    .map((fragment) => fragment.trim())
    .filter((fragment) => /[A-Za-z]{4,}/.test(fragment) && !own.includes(fragment) && withoutSwitch.includes(fragment));
}

/** No sideways scrolling, every target 44 px, axe clean, and no English on a Finnish or Swedish page. */
async function checked(page: Page, widget: Locator, locale: Locale, state: string): Promise<void> {
  expect(await horizontalOverflow(page, HOST), `${state}: sideways scrolling`).toEqual([]);
  expect(await smallTapTargets(page, HOST), `${state}: tap targets under 44 px`).toEqual([]);
  const report = await runAxe(page, HOST);
  expect(report.shadowNodesChecked, `axe saw nothing inside the widget (${state})`).toBeGreaterThan(10);
  expect(report.violations, state).toEqual([]);
  if (locale !== 'en') expect(englishIn((await widget.locator('section[data-view]').textContent()) ?? '', locale), `${state}: English left`).toEqual([]);
}

/** The request and answer of the next recalculation `act` causes. */
async function recalculation(page: Page, act: () => Promise<unknown>): Promise<{ sent: RecalculateRequest; result: AnalysisResult }> {
  const answer = page.waitForResponse(isAnalysisResponse('/api/recalculate'));
  await act();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  return { sent: response.request().postDataJSON() as RecalculateRequest, result: (await response.json()) as AnalysisResult };
}

describe.skipIf(noBrowser)('My receipts learns', () => {
  const suite = browserSuite();

  function phonePage(locale: Locale, path: string): Promise<{ page: Page; widget: Locator; close: () => Promise<void> }> {
    return (async () => {
      const context = await newContext(suite.browser, { ...PHONE, viewport: { width: 320, height: 640 } });
      const page = await context.newPage();
      await page.goto(suite.site.add(path, { html: embedPage({ api: suite.server.url, mountOptions: { locale } }) }));
      const widget = widgetIn(page, HOST);
      await expect.poll(() => viewHeading(widget).textContent()).toBe(VIEWS[locale].home.headline);
      return {
        page,
        widget,
        close: async () => {
          expect(pageErrors(context)).toEqual([]);
          await context.close();
        },
      };
    })();
  }

  it('a correction made on one receipt is put into the next receipt with the same line, undone there with one tap, listed and forgotten', async () => {
    const { page } = suite;
    const widget = await openDemo(page, suite.server);
    await openCalculator(widget);
    const sample = await runSample(page, widget);
    expect(sample.items.find((item) => item.name === OATS)).toMatchObject({ category: 'Grains', weight: 1 });

    // Corrected on the sample: the oats' category and amount, and the weighed bananas' amount (that
    // receipt's own, not remembered).
    await widget.getByText('Correct the items').click();
    const editor = widget.getByTestId('item-editor');
    await recalculation(page, () => editor.getByLabel(`Category of ${OATS}`, { exact: true }).selectOption('Processed Food'));
    // A pack is shown as pieces; the visitor gives grams.
    await editor.getByLabel(`Unit of ${OATS}`, { exact: true }).selectOption('g');
    await editor.getByLabel(`Amount of ${OATS}`, { exact: true }).fill('500');
    await recalculation(page, () => editor.getByLabel(`Amount of ${OATS}`, { exact: true }).press('Enter'));
    await editor.getByLabel('Amount of Pirkka banaani', { exact: true }).fill('2');
    await editor.getByLabel('Unit of Pirkka banaani', { exact: true }).selectOption('kg');
    await recalculation(page, () => editor.getByLabel('Amount of Pirkka banaani', { exact: true }).press('Enter'));
    // Kept in this browser only, under the line's normalised name.
    const kept = (await page.evaluate(() => JSON.parse(localStorage.getItem('receiptCalculator.corrections') ?? '{}') as unknown)) as { corrections: unknown[] };
    expect(kept.corrections).toEqual([
      { key: 'elovena kaurahiutale 1kg', name: OATS, category: 'Processed Food', amount: { unit: 'g', value: 500, per: 1 }, date: expect.any(String) },
    ]);

    // The next receipt, another shop's PDF with the same oats: read, then recalculated with the correction.
    await button(widget, 'Scan Another Receipt').click();
    await giveConsent(widget);
    const read = page.waitForResponse(isAnalysisResponse('/api/process-receipt-ai'));
    const remembered = await recalculation(page, () => chooseFile(widget, fixtureFile(ISO_OMENA)));
    const asRead = (await (await read).json()) as AnalysisResult;
    const oats = asRead.items.findIndex((item) => item.name === OATS);
    expect(asRead.items[oats]).toMatchObject({ category: 'Grains', weight: 1 });
    expect(remembered.sent.items[oats]).toMatchObject({ name: OATS, category: 'Processed Food', weight: 0.5 });
    // Every other line goes as read, and nothing counts as the visitor's edit of this receipt.
    const others = (items: Array<{ name: string; category?: string }>) => items.filter((_, index) => index !== oats).map((item) => [item.name, item.category]);
    expect(others(remembered.sent.items)).toEqual(others(asRead.items));
    expect(remembered.sent.items.some((item) => item.edited)).toBe(false);
    // The bananas are weighed on this receipt: their printed weight stays.
    const bananas = asRead.items.findIndex((item) => item.name === 'Pirkka banaani');
    expect(remembered.result.items[bananas]!.weight).toBe(asRead.items[bananas]!.weight);
    expect(remembered.result.items[oats]).toMatchObject({ category: 'Processed Food', weight: 0.5 });

    const list = widget.getByTestId('item-list');
    const oatsRow = list.getByRole('listitem').filter({ hasText: OATS });
    await oatsRow.getByTestId('remembered-mark').waitFor();
    expect(await oatsRow.getByTestId('remembered-mark').textContent()).toBe('Your correction');
    expect(await list.getByTestId('remembered-mark').count()).toBe(1);
    expect(await widget.getByTestId('remembered-note').textContent()).toBe('A correction you made before changed 1 line of this receipt.');
    await checked(page, widget, 'en', 'a result with a remembered correction');
    await oatsRow.scrollIntoViewIfNeeded();
    saveScreenshot('remembered-row.png', await oatsRow.screenshot());

    // One tap puts the line back as read, on this receipt only.
    const undone = await recalculation(page, () => button(oatsRow, `Undo your correction of ${OATS} on this receipt`).click());
    expect(undone.sent.items[oats]).toMatchObject({ category: 'Grains', quantity: 1 });
    await expect.poll(() => list.getByTestId('remembered-mark').count()).toBe(0);
    expect(undone.result.items[oats]!.category).toBe('Grains');

    // My receipts lists it; Forget removes it.
    await button(widget.getByTestId('save-receipt'), 'My receipts').click();
    const card = widget.getByTestId('remembered-corrections');
    await card.waitFor();
    expect(await card.getByTestId('remembered-list').locator('li').allTextContents()).toEqual([`${OATS}Category: Processed Food · Amount: 500 gForget`]);
    await checked(page, widget, 'en', 'My receipts with a remembered correction');
    await card.getByTestId('remembered-list').getByRole('button', { name: 'Forget' }).click();
    await expect.poll(() => card.textContent()).toContain('No corrections remembered yet.');
    expect(await card.getByRole('status').textContent()).toBe(`The correction of ${OATS} is forgotten.`);

    // The sample again: nothing is put in any more, so no mark and no recalculation.
    await button(widget, 'Back').click();
    await button(widget, 'Scan Another Receipt').click();
    let recalculated = false;
    page.on('request', (request) => (recalculated ||= request.url().endsWith('/api/recalculate')));
    await runSample(page, widget);
    expect(await list.getByTestId('remembered-mark').count()).toBe(0);
    expect(recalculated).toBe(false);
  });

  it('in Finnish on a 320 px phone: a corrected category comes back on the next receipt, marked, and nothing sticks out', async () => {
    const { page, widget, close } = await phonePage('fi', '/remember-fi.html');
    try {
      const text = fi;
      const t = correction.fi;
      await button(widget, text.home.tryDemo).click();
      await runSampleIn(page, widget, text.calculator.trySample);
      await widget.getByText(t.editTitle).click();
      const editor = widget.getByTestId('item-editor');
      await recalculation(page, () => editor.getByLabel(`Tuotteen ${OATS} ryhmä`, { exact: true }).selectOption('Processed Food'));
      await button(widget, text.results.scanAnother).click();
      await recalculation(page, () => runSampleIn(page, widget, text.calculator.trySample));
      const row = widget.getByTestId('item-list').getByRole('listitem').filter({ hasText: OATS });
      await expect.poll(() => row.getByTestId('remembered-mark').textContent()).toBe(t.remembered);
      expect(await row.textContent()).toContain(text.categories['Processed Food']);
      expect(await widget.getByTestId('remembered-note').textContent()).toBe('Aiempi korjauksesi muutti tämän kuitin 1 rivin.');
      await checked(page, widget, 'fi', 'fi result with a remembered correction');
      saveScreenshot('remembered-fi-320.png', await page.screenshot({ fullPage: true }));
    } finally {
      await close();
    }
  });

  it('adds PDFs and a photo at once with one bad file: saves the good ones, names the bad one, and knows a receipt saved already', async () => {
    const { page } = suite;
    const widget = await openDemo(page, suite.server);
    await button(widget, 'My receipts').click();
    const add = widget.getByTestId('add-receipts');
    await add.waitFor();
    expect(await button(add, 'Choose files').isDisabled()).toBe(true);
    await add.getByRole('checkbox').check();
    await checked(page, widget, 'en', 'Add receipts before files');

    const started = Date.now();
    await chooseMany(button(add, 'Choose files'), [fixtureFile(PRISMA), BROKEN_PDF, fixtureFile(PHOTO_FIXTURE), fixtureFile(ISO_OMENA)]);
    const summary = add.getByTestId('batch-summary');
    await expect.poll(() => summary.textContent(), { timeout: 90_000 }).toBe('Done: 3 of 4 receipts saved.');
    console.log(`Four files (two PDFs, a photo, a bad file) read and saved in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const lines = await add.getByTestId('batch-lines').locator('li').evaluateAll((items) => items.map((item) => [item.getAttribute('data-status'), item.textContent]));
    expect(lines.map(([status]) => status)).toEqual(['saved', 'failed', 'saved', 'saved']);
    expect(lines[0]![1]).toMatch(/^prisma-olari-2025-09-20\.pdfSaved: \d+\.\d+ kg CO2e, Prisma Olari$/);
    expect(lines[1]![1]).toBe('broken.pdfNot read: The PDF could not be read. It may be damaged; please upload it again or send a photo of the receipt.');
    expect(lines[2]![1]).toMatch(/^k-market-kalevanrinne-2023-05-16--clean-scan\.pngSaved: /);
    expect(lines[3]![1]).toMatch(/^k-citymarket-iso-omena-2025-06-12\.pdfSaved: .+, K-Citymarket Espoo Iso Omena$/);
    await expect.poll(() => widget.getByTestId('history-list').locator('li').count()).toBe(3);
    // The PDFs are filed under the days they print.
    const stored = (await page.evaluate(() => JSON.parse(localStorage.getItem('receiptCalculator.history') ?? '{}') as unknown)) as { receipts: Array<{ date: string }> };
    expect(stored.receipts.map((receipt) => receipt.date)).toEqual(expect.arrayContaining(['2025-09-20', '2025-06-12']));
    await checked(page, widget, 'en', 'a batch done');
    saveScreenshot('batch-desktop.png', await page.locator(HOST).screenshot());

    // The same PDF again: read, named as saved already, not saved twice.
    await chooseMany(button(add, 'Choose files'), [fixtureFile(PRISMA)]);
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toBe('Done: 0 of 1 receipt saved.');
    expect(await add.getByTestId('batch-lines').locator('li').first().textContent()).toBe(
      'prisma-olari-2025-09-20.pdfAlready saved on this device (Prisma Olari, Sep 20, 2025): not saved again.',
    );
    expect(await widget.getByTestId('history-list').locator('li').count()).toBe(3);
  });

  it('in Swedish on a 320 px phone: a PDF and a bad file, each line in Swedish, nothing sticks out', async () => {
    const { page, widget, close } = await phonePage('sv', '/batch-sv.html');
    try {
      const mine = myReceipts.sv;
      await button(widget, history.sv.title).click();
      const add = widget.getByTestId('add-receipts');
      await add.waitFor();
      await add.getByRole('checkbox').check();
      await chooseMany(button(add, mine.chooseFiles), [fixtureFile(PRISMA), BROKEN_PDF]);
      await expect.poll(() => add.getByTestId('batch-summary').textContent(), { timeout: 60_000 }).toBe('Klart: 1 av 2 kvitton sparade.');
      const lines = await add.getByTestId('batch-lines').locator('li').allTextContents();
      expect(lines[0]).toMatch(/^prisma-olari-2025-09-20\.pdfSparat: \d+,\d+ kg CO2e, Prisma Olari$/);
      expect(lines[1]).toMatch(/^broken\.pdfInte läst: /);
      await checked(page, widget, 'sv', 'sv batch');
      saveScreenshot('batch-sv-320.png', await page.screenshot({ fullPage: true }));
    } finally {
      await close();
    }
  });

  it('shows the household goal in English, then Finnish and Swedish on a 320 px phone, with its sources', async () => {
    // Two receipts this month (November 2025, the 10th), one the month before.
    const receipts = [
      { id: 'a', date: '2025-10-04', store: 'Prisma Olari', totalKg: 62, kgByCategory: { Dairy: 62 }, itemCount: 20, priceTotal: 90 },
      { id: 'b', date: '2025-11-03', store: 'Lidl', totalKg: 40, kgByCategory: { 'Red Meat': 40 }, itemCount: 12, priceTotal: 60 },
      { id: 'c', date: '2025-11-08', store: 'K-Market', totalKg: 20, kgByCategory: { Vegetables: 20 }, itemCount: 9, priceTotal: 30 },
    ];
    const seed = (page: Page) =>
      page.addInitScript((stored) => {
        if (!localStorage.getItem('receiptCalculator.history')) localStorage.setItem('receiptCalculator.history', stored);
      }, JSON.stringify({ version: 2, receipts }));

    const { page } = suite;
    await page.clock.setFixedTime(new Date('2025-11-10T12:00:00+02:00'));
    await seed(page);
    const widget = await openDemo(page, suite.server);
    await button(widget, 'My receipts').click();
    const goal = widget.getByTestId('household-goal');
    await goal.waitFor();
    await goal.getByLabel('Adults').fill('2');
    await goal.getByLabel('Children (under 18)').fill('1');
    await button(goal, 'Save').click();
    await expect.poll(() => goal.getByTestId('household').textContent()).toBe('Household: 3 persons');
    expect(await goal.getByTestId('goal-months').locator('li').allTextContents()).toEqual([
      'November 20252.0 kg CO2e per person per day so far, 10 days · 2 receipts',
      'October 20250.7 kg CO2e per person per day 31 days · 1 receipt',
    ]);
    expect(await goal.getByTestId('goal-scale').locator('li').allTextContents()).toEqual([
      'Your household, November 20252.0',
      'Current Finnish diet (average)6.0',
      'Meat to half5.2',
      'Rich in fish and milk4.2',
      'Vegan3.7',
    ]);
    const shown = (await goal.textContent()) ?? '';
    for (const part of ['Children are counted as whole persons', 'Receipts show only what was bought in shops', 'FoodMin', 'Frontiers in Sustainable Food Systems 7', '18 %']) {
      expect(shown).toContain(part);
    }
    expect(await goal.getByRole('link', { name: 'The study (doi.org)' }).getAttribute('href')).toBe('https://doi.org/10.3389/fsufs.2023.904570');
    await checked(page, widget, 'en', 'the goal');
    saveScreenshot('goal-desktop.png', await page.locator(HOST).screenshot());

    const { page: phone, widget: small, close } = await phonePage('fi', '/goal-fi.html');
    try {
      await phone.clock.setFixedTime(new Date('2025-11-10T12:00:00+02:00'));
      await seed(phone);
      await phone.reload();
      await button(small, history.fi.title).click();
      const mine = myReceipts.fi;
      const card = small.getByTestId('household-goal');
      await card.waitFor();
      await card.getByLabel(mine.adults).fill('1');
      await button(card, mine.saveHousehold).click();
      await expect.poll(() => card.getByTestId('household').textContent()).toBe('Kotitalous: 1 henki');
      // November so far: 60 kg for one person over 10 days.
      expect(await card.getByTestId('goal-months').locator('li').first().textContent()).toBe(
        'marraskuu 20256,0 kg CO2e henkeä kohden päivässä tähän asti, 10 päivää · 2 kuittia',
      );
      expect(await card.getByTestId('goal-standing').textContent()).toBe(mine.goalBetween);
      await checked(phone, small, 'fi', 'fi goal at 320 px');
      saveScreenshot('goal-fi-320.png', await phone.screenshot({ fullPage: true }));

      await button(small, 'Svenska').click();
      await expect.poll(() => card.getByTestId('household').textContent()).toBe('Hushåll: 1 person');
      expect(await card.getByTestId('goal-scale').locator('li').nth(1).textContent()).toBe(`${myReceipts.sv.dietCurrent}6,0`);
      await checked(phone, small, 'sv', 'sv goal at 320 px');
    } finally {
      await close();
    }
  });
});

/** Try Sample by its label in any language, up to the result. */
async function runSampleIn(page: Page, widget: Locator, label: string): Promise<void> {
  const answer = page.waitForResponse(isAnalysisResponse('/api/process-text'));
  await button(widget, label).click();
  expect((await answer).status()).toBe(200);
  await widget.getByTestId('result').waitFor();
}

describe.skipIf(noBrowser)('a batch against a busy service', () => {
  // Two receipts per four seconds from one address: the third waits, as Retry-After says.
  const suite = browserSuite({ server: { env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '4 seconds' } } });

  it('waits as long as the server’s Retry-After says after a 429, across origins, and goes on', async () => {
    const { page } = suite;
    // The embedding page is another origin than the backend: the header must be exposed to it.
    await page.goto(suite.site.add('/busy.html', { html: embedPage({ api: suite.server.url }) }));
    const widget = widgetIn(page, HOST);
    await button(widget, 'My receipts').click();
    const add = widget.getByTestId('add-receipts');
    await add.waitFor();
    await add.getByRole('checkbox').check();
    const refusals: Array<{ status: number; retryAfter: string | null }> = [];
    page.on('response', (response) => {
      if (response.status() === 429) refusals.push({ status: 429, retryAfter: response.headers()['retry-after'] ?? null });
    });
    await chooseMany(button(add, 'Choose files'), [fixtureFile(PRISMA), fixtureFile(ISO_OMENA), fixtureFile('pdf/sokos-herkku-helsinki-2025-12-19.pdf')]);
    const third = add.getByTestId('batch-lines').locator('li').nth(2);
    await expect.poll(() => third.getAttribute('data-status'), { timeout: 30_000 }).toBe('retrying');
    expect(await third.textContent()).toMatch(/^sokos-herkku-helsinki-2025-12-19\.pdfThe service is busy\. Trying again in [1-4] s\.$/);
    await expect.poll(() => add.getByTestId('batch-summary').textContent(), { timeout: 60_000 }).toBe('Done: 3 of 3 receipts saved.');
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(Number(refusals[0]!.retryAfter)).toBeGreaterThan(0);
  });
});
