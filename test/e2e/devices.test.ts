// Phones and screenshots: at 360×640 (touch, 2× pixels) nothing scrolls sideways, every tap
// target is at least 44 px and the result reads at 12 px or more; the run writes screenshots of
// home, result and privacy on desktop and phone (the README's pictures: npm run screenshots).
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DESKTOP, newContext, noBrowser, pageErrors, PHONE } from './support/browser.ts';
import { horizontalOverflow, smallTapTargets, smallText } from './support/layout.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { embedPage } from './support/host-site.ts';
import { analyzeFixtureText } from './support/server.ts';
import { browserSuite } from './support/suite.ts';
import {
  button,
  chooseFile,
  DEMO_HOST,
  errorBox,
  giveConsent,
  openCalculator,
  runSample,
  statsPanel,
  viewHeading,
  widgetIn,
} from './support/widget.ts';

const RECEIPT_TEXTS = [
  'prisma-olari-2025-09-20.txt',
  'k-market-kalevanrinne-2023-05-16.txt',
  'lidl-tampere-hatanpaa-2025-07-01.txt',
  's-market-kallio-2024-12-30.txt',
];

describe.skipIf(noBrowser)('phones and screenshots', () => {
  const suite = browserSuite({ context: PHONE });

  beforeAll(async () => {
    // A community to show: the home and footer statistics are not all zeros in the pictures.
    for (const name of RECEIPT_TEXTS) await analyzeFixtureText(suite.server, name);
  });

  async function expectPhoneFriendly(state: string): Promise<void> {
    expect(await horizontalOverflow(suite.page, DEMO_HOST), `${state}: sideways scrolling`).toEqual([]);
    expect(await smallTapTargets(suite.page, DEMO_HOST), `${state}: tap targets under 44 px`).toEqual([]);
  }

  async function openHome(page: Page, url = `${suite.server.url}/?sidebar=0`): Promise<Locator> {
    await page.goto(url);
    const widget = widgetIn(page, DEMO_HOST);
    await expect.poll(() => statsPanel(widget).getAttribute('aria-busy')).toBe('false');
    return widget;
  }

  it('fits a 360 px phone in every view, with tap targets of at least 44 px', async () => {
    const widget = await openHome(suite.page);
    expect(await suite.page.evaluate(() => [innerWidth, devicePixelRatio, navigator.maxTouchPoints > 0])).toEqual([
      360, 2, true,
    ]);
    await expectPhoneFriendly('home');

    await openCalculator(widget);
    await expectPhoneFriendly('calculator');
    await giveConsent(widget);
    await expectPhoneFriendly('consent given');

    await chooseFile(widget, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a receipt') });
    await errorBox(widget).waitFor();
    await expectPhoneFriendly('error');

    await runSample(suite.page, widget);
    await expectPhoneFriendly('result');
    expect(await smallText(suite.page, DEMO_HOST, 'section[data-view]'), 'result: text under 12 px').toEqual([]);

    await button(widget, 'Scan Another Receipt').click();
    await button(widget, 'Read the Privacy Policy').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');
    await expectPhoneFriendly('privacy');
  });

  it('lays the result out for a phone: the total on one line down to 320 px, four items in view, each row in line', async () => {
    for (const width of [360, 320]) {
      const context = await newContext(suite.browser, { ...PHONE, viewport: { width, height: 640 } });
      try {
        const page = await context.newPage();
        const url = suite.site.add('/phone.html', { html: embedPage({ api: suite.server.url, css: 'body { margin: 0; }' }) });
        const widget = await openHome(page, url);
        await openCalculator(widget);
        await runSample(page, widget);
        const total = await widget.getByTestId('total-emissions').evaluate((element) => ({
          height: element.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(element).lineHeight),
        }));
        expect(total.height, `${width} px: the total wraps`).toBeLessThan(total.lineHeight * 1.5);

        const list = await widget.getByTestId('item-list').evaluate((scroller) => {
          const box = scroller.getBoundingClientRect();
          const rows = [...scroller.querySelectorAll('li')];
          return {
            height: box.height,
            inView: rows.filter((row) => row.getBoundingClientRect().bottom <= box.bottom + 0.5).length,
            rows: rows.map((row) => {
              const [name, meta, emissions] = [...row.children];
              const chip = meta?.firstElementChild;
              const [weight, price] = [...(meta?.lastElementChild?.children ?? [])];
              const box = (element: Element | null | undefined) => element?.getBoundingClientRect() ?? new DOMRect(NaN, NaN);
              const paddingRight = parseFloat(getComputedStyle(row).paddingRight);
              return {
                // Weight and price share a line (at 320 px a long estimated weight may send the
                // price under it); the emissions sit below the name, level with the meta line's
                // start (the category chip), at the row's right end.
                weightAndPrice:
                  Math.abs(box(weight).top - box(price).top) < 1
                    ? 'in line'
                    : Math.abs(box(weight).left - box(price).left) < 1 && box(price).top >= box(weight).bottom - 1
                      ? 'price under weight'
                      : 'apart',
                emissionsBelowName: box(emissions).top >= box(name).bottom - 1,
                emissionsLevelWithChip: box(emissions).top < box(chip).bottom && box(emissions).bottom > box(chip).top,
                emissionsAtRight: Math.abs(box(emissions).right - (box(row).right - paddingRight)) < 1,
              };
            }),
          };
        });
        expect(list.height).toBe(256);
        if (width === 360) expect(list.inView, 'whole items in view').toBeGreaterThanOrEqual(4);
        for (const row of list.rows) {
          expect(row).toEqual({
            weightAndPrice: width === 320 && row.weightAndPrice === 'price under weight' ? 'price under weight' : 'in line',
            emissionsBelowName: true,
            emissionsLevelWithChip: true,
            emissionsAtRight: true,
          });
        }
        expect(await smallText(page, '#receipt-calculator', 'section[data-view]'), `${width} px: text under 12 px`).toEqual([]);
        expect(await horizontalOverflow(page, '#receipt-calculator'), `${width} px: sideways scrolling`).toEqual([]);
        expect(pageErrors(context)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  interface ResultPictures {
    /** The whole widget showing the result. */
    widget: Buffer;
    /** The screen a visitor sees once the result appears (focus scrolls it to its heading). */
    screen: Buffer;
  }

  /**
   * Full-page screenshots of home, result and privacy, and pictures of the result, on a plain
   * embedding page (the demo's hostile CSS is the isolation tests' business).
   */
  async function screenshotViews(device: string, options: BrowserContextOptions): Promise<ResultPictures> {
    const context = await newContext(suite.browser, options);
    try {
      const page = await context.newPage();
      const url = suite.site.add('/plain.html', { html: embedPage({ api: suite.server.url, css: 'body { margin: 0; }' }) });
      const widget = await openHome(page, url);
      const shoot = async (view: string) =>
        saveScreenshot(`${device}-${view}.png`, await page.screenshot({ fullPage: true, animations: 'disabled' }));
      await shoot('home');

      await openCalculator(widget);
      await runSample(page, widget);
      // The progress view clears 1 s after the answer.
      await expect.poll(() => widget.getByRole('progressbar').count()).toBe(0);
      await widget.getByTestId('result').evaluate((summary) => summary.scrollIntoView({ block: 'start' }));
      const pictures = {
        widget: await widget.locator('section[data-view]').screenshot({ animations: 'disabled', caret: 'hide' }),
        screen: await page.screenshot({ animations: 'disabled', caret: 'hide' }),
      };
      saveScreenshot(`${device}-result-widget.png`, pictures.widget);
      saveScreenshot(`${device}-result-screen.png`, pictures.screen);
      await page.evaluate(() => scrollTo(0, 0));
      await shoot('result');

      await button(widget, 'Scan Another Receipt').click();
      await button(widget, 'Read the Privacy Policy').click();
      await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');
      await shoot('privacy');
      expect(pageErrors(context)).toEqual([]);
      return pictures;
    } finally {
      await context.close();
    }
  }

  /** Width and height of a PNG, from its IHDR chunk. */
  const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

  it('writes screenshots of home, result and privacy on desktop (1280×800) and phone (360×640)', async () => {
    const desktop = await screenshotViews('desktop', DESKTOP);
    const phone = await screenshotViews('phone', PHONE);
    expect(pngSize(desktop.screen)).toEqual([1280, 800]);
    expect(pngSize(phone.screen)).toEqual([720, 1280]);
    const [desktopWidth] = pngSize(desktop.widget);
    const [phoneWidth] = pngSize(phone.widget);
    expect(desktopWidth).toBeGreaterThan(900);
    expect(phoneWidth).toBeLessThanOrEqual(720);
  });
});
