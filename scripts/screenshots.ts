// `npm run screenshots`: draws the pictures in docs/ again, in real Chromium, from the built
// widget (built first if dist/ is stale) against a real backend on a free port: the result in
// Finnish with the language switch, the result on a phone, the item editor after a correction,
// the swaps, My receipts across two months (the household's food per person beside the Finnish
// diets; the months, categories and saved receipts with the correction remembered), and the
// next receipt with the same line, corrected again. Run it after a change to how the widget looks.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { messagesFor } from '../src/widget/i18n/index.ts';
import { DESKTOP, launchBrowser, newContext, pageErrors, PHONE } from '../test/e2e/support/browser.ts';
import { embedPage, startHostSite } from '../test/e2e/support/host-site.ts';
import { HISTORY_KEY, savedHistory } from '../test/e2e/support/saved-receipts.ts';
import { analyzeFixtureText, startServer } from '../test/e2e/support/server.ts';
import { widgetIn } from '../test/e2e/support/widget.ts';
import { HOUSEHOLD_KEY, writeHousehold } from '../src/widget/state/household.ts';
import { buildIfStale } from './build/bundle-freshness.ts';
import { REPO_ROOT } from './paths.ts';

const DOCS = join(REPO_ROOT, 'docs');
const HOST = '#receipt-calculator';
const STYLE = { animations: 'disabled', caret: 'hide' } as const;
const en = messagesFor('en');

buildIfStale(REPO_ROOT, (why) => {
  console.log(`Building the widget first: dist/ is ${why}.`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
});

const [browser, server, site] = await Promise.all([launchBrowser(), startServer(), startHostSite()]);

function save(name: string, png: Buffer): void {
  writeFileSync(join(DOCS, name), png);
  console.log(`docs/${name}`);
}

/** The widget on a plain page, in `locale`, with the statistics loaded. */
async function open(page: Page, locale: 'en' | 'fi'): Promise<Locator> {
  await page.goto(site.add(`/${locale}.html`, { html: embedPage({ api: server.url, css: 'body { margin: 0; }', mountOptions: { locale } }) }));
  const widget = widgetIn(page, HOST);
  await widget.getByRole('heading', { level: 1, name: messagesFor(locale).home.headline }).waitFor();
  return widget;
}

/** Try Demo, then Try Sample, until the result shows and the progress view has gone. */
async function sampleResult(widget: Locator, locale: 'en' | 'fi'): Promise<void> {
  const text = messagesFor(locale);
  await widget.getByRole('button', { name: text.home.tryDemo, exact: true }).click();
  await widget.getByRole('button', { name: text.calculator.trySample, exact: true }).click();
  await widget.getByTestId('result').waitFor();
  await widget.getByRole('progressbar').waitFor({ state: 'detached' });
}

try {
  // A community to show: the statistics are not all zeros in the pictures.
  for (const name of ['prisma-olari-2025-09-20.txt', 'k-market-kalevanrinne-2023-05-16.txt', 'lidl-tampere-hatanpaa-2025-07-01.txt']) {
    await analyzeFixtureText(server, name);
  }
  const history = await savedHistory(server.url, [
    ['s-market-kallio-2024-12-30', '2025-10-06'],
    ['prisma-olari-2025-09-20', '2025-10-20'],
    ['k-supermarket-kamppi-2024-10-03', '2025-11-03'],
    ['lidl-tampere-hatanpaa-2025-07-01', '2025-11-17'],
  ]);

  const desktop = await newContext(browser, { ...DESKTOP, viewport: { width: 1100, height: 860 } });
  // The saved receipts and a household of two adults and a child; the corrections this device
  // remembers are left to the visitor's own correction below.
  const kept = { [HISTORY_KEY]: history, [HOUSEHOLD_KEY]: writeHousehold({ adults: 2, children: 1 }) };
  await desktop.addInitScript(
    ({ origin, stored }) => {
      if (location.origin === origin) for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    },
    { origin: site.origin, stored: kept },
  );
  const page = await desktop.newPage();

  // The result in Finnish: the language switch at the top, the total, the equivalents.
  let widget = await open(page, 'fi');
  await sampleResult(widget, 'fi');
  await page.evaluate(() => scrollTo(0, 0));
  save('screenshot-result.png', await page.screenshot(STYLE));

  // The item editor in English after one correction, and the swaps.
  widget = await open(page, 'en');
  await sampleResult(widget, 'en');
  const editor = widget.getByTestId('item-editor');
  await editor.locator('summary').click();
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/recalculate');
  // Two packs of the mince, not one.
  const mince = 'Pirkka naudan jauheliha 10% 400g';
  await widget.getByRole('textbox', { name: en.correction.amountOf.replace('{name}', mince) }).fill('2');
  await widget.getByRole('button', { name: en.correction.setAmountOf.replace('{name}', mince) }).click();
  await answered;
  await widget.getByTestId('edit-status').filter({ hasText: /Total/ }).waitFor();
  await editor.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  save('screenshot-editor.png', await page.screenshot(STYLE));
  await widget.getByTestId('swaps').locator('xpath=ancestor::section[1]').screenshot(STYLE).then((png) => save('screenshot-swaps.png', png));

  // My receipts: the household goal, then four receipts over two months and the correction just
  // made, remembered on this device.
  await widget.getByRole('button', { name: en.history.title, exact: true }).click();
  await widget.getByTestId('goal-scale').waitFor();
  await widget.getByTestId('remembered-list').getByText(mince).waitFor();
  save('screenshot-goal.png', await widget.getByTestId('household-goal').screenshot(STYLE));
  await page.evaluate(() => scrollTo(0, 0));
  const top = await widget.locator('section[aria-labelledby="rc-history-months"]').boundingBox();
  const bottom = await widget.getByTestId('remembered-corrections').boundingBox();
  if (!top || !bottom) throw new Error('My receipts is not laid out');
  const clip = { x: top.x - 16, y: top.y - 16, width: top.width + 32, height: bottom.y + bottom.height - top.y + 32 };
  save('screenshot-history.png', await page.screenshot({ ...STYLE, fullPage: true, clip }));

  // The next receipt with the same line: the correction comes back, marked, with its Undo.
  widget = await open(page, 'en');
  await sampleResult(widget, 'en');
  const row = widget.getByTestId('item-list').getByRole('listitem').filter({ hasText: mince });
  await row.getByTestId('remembered-mark').waitFor();
  await row.scrollIntoViewIfNeeded();
  save('screenshot-remembered.png', await widget.getByTestId('item-list').locator('xpath=ancestor::section[1]').screenshot(STYLE));
  if (pageErrors(desktop).length > 0) throw new Error(`The widget threw: ${pageErrors(desktop).join('; ')}`);
  await desktop.close();

  // The result as a phone shows it once it appears.
  const phone = await newContext(browser, PHONE);
  const phonePage = await phone.newPage();
  widget = await open(phonePage, 'en');
  await sampleResult(widget, 'en');
  await widget.getByTestId('result').evaluate((summary) => summary.scrollIntoView({ block: 'start' }));
  save('screenshot-phone.png', await phonePage.screenshot(STYLE));
  await phone.close();
} finally {
  await browser.close();
  await server.dispose();
  await site.close();
}
