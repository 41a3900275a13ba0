// The widget lays itself out for the space it is given: mounted in containers of 320 to 1,000 px
// on a wide (1,400 px) and a phone-sized (360 px) page, nothing sticks out of the widget, nothing
// scrolls sideways, a narrow widget keeps 44 px tap targets, and a 360 px container on a wide page
// looks exactly like a 360 px phone page. The walk goes through every view, My receipts included.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fi } from '../../src/widget/i18n/fi.ts';
import { DESKTOP, newContext, noBrowser } from './support/browser.ts';
import { embedPage } from './support/host-site.ts';
import { smallTapTargets } from './support/layout.ts';
import { browserSuite } from './support/suite.ts';
import { button, giveConsent, openCalculator, runSample, viewHeading, widgetIn } from './support/widget.ts';

const HOST = '#receipt-calculator';
const WIDTHS = [320, 360, 480, 768, 1000];
const PAGES = [1400, 360];

/** Everything inside the widget that ends outside the host element, and any sideways scrolling. */
function outsideTheWidget(page: Page, host = HOST): Promise<string[]> {
  return page.evaluate((selector) => {
    const host = document.querySelector(selector)!;
    const bounds = host.getBoundingClientRect();
    const problems: string[] = [];
    const root = document.documentElement;
    // A container wider than the page is the embedder's choice; the widget must only not add to it.
    if (root.scrollWidth > Math.max(root.clientWidth, Math.ceil(bounds.right + window.scrollX))) {
      problems.push(`page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    }
    for (const element of host.shadowRoot!.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(element).position === 'absolute') continue;
      if (box.left < bounds.left - 0.5 || box.right > bounds.right + 0.5) {
        problems.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}": ${box.left}–${box.right} outside ${bounds.left}–${bounds.right}`);
      }
      const style = getComputedStyle(element);
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth) {
        problems.push(`${element.tagName.toLowerCase()} scrolls sideways`);
      }
    }
    return problems;
  }, host);
}

describe.skipIf(noBrowser)('the widget in containers of its own width', () => {
  const suite = browserSuite();

  async function embed(page: Page, width: number, locale = 'en'): Promise<Locator> {
    const url = suite.site.add(`/container-${width}-${locale}`, {
      html: embedPage({
        api: suite.server.url,
        hostStyle: `width: ${width}px; margin: 0`,
        mountOptions: { locale },
      }).replace('<body>', '<body style="margin: 0">'),
    });
    await page.goto(url);
    const widget = widgetIn(page, HOST);
    await viewHeading(widget).waitFor();
    return widget;
  }

  async function walk(page: Page, width: number, pageWidth: number): Promise<void> {
    const check = async (state: string) => {
      const where = `${width} px widget on a ${pageWidth} px page, ${state}`;
      expect(await outsideTheWidget(page), where).toEqual([]);
      if (width <= 480) expect(await smallTapTargets(page, HOST), `${where}: tap targets under 44 px`).toEqual([]);
    };
    const widget = await embed(page, width);
    await check('home');
    await openCalculator(widget);
    await giveConsent(widget);
    await check('calculator');
    await runSample(page, widget);
    await check('result');
    // My receipts, with this result saved in it (the list, both charts and the buttons).
    await button(widget, 'Save to this device').click();
    await button(widget, 'My receipts').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('My receipts');
    await widget.getByTestId('month-chart').waitFor();
    await check('history');
    await button(widget, 'Back').click();
    await widget.getByTestId('result').waitFor();
    await button(widget, 'Scan Another Receipt').click();
    await button(widget, 'Read the Privacy Policy').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');
    await check('privacy');
  }

  for (const pageWidth of PAGES) {
    it(`fits containers of ${WIDTHS.join(', ')} px on a ${pageWidth} px page through every view`, async () => {
      await suite.page.setViewportSize({ width: pageWidth, height: 900 });
      for (const width of WIDTHS) await walk(suite.page, width, pageWidth);
    });
  }

  it('shows the demo page\'s full-width widget and its 340 px sidebar widget side by side, each fitting its container', async () => {
    await suite.page.setViewportSize({ width: 1400, height: 900 });
    await suite.page.goto(`${suite.server.url}/`);
    const main = widgetIn(suite.page, HOST);
    const sidebar = widgetIn(suite.page, '#receipt-calculator-sidebar');
    await viewHeading(sidebar).waitFor();
    const [mainBox, sideBox] = [await main.boundingBox(), await sidebar.boundingBox()];
    expect(sideBox!.width).toBeLessThanOrEqual(340);
    expect(sideBox!.x).toBeGreaterThan(mainBox!.x + mainBox!.width - 1);
    // The sidebar's widget speaks Finnish (the demo's `locale: 'fi'`).
    await button(sidebar, fi.home.tryDemo).click();
    await button(sidebar, fi.calculator.trySample).click();
    await sidebar.getByTestId('result').waitFor();
    expect(await outsideTheWidget(suite.page, '#receipt-calculator-sidebar')).toEqual([]);
    expect(await outsideTheWidget(suite.page, HOST)).toEqual([]);
  });

  it('lays out a 360 px container on a wide page exactly as a 360 px phone page', async () => {
    const shots: Buffer[] = [];
    for (const viewport of [{ width: 1400, height: 900 }, { width: 360, height: 900 }]) {
      const context = await newContext(suite.browser, { ...DESKTOP, viewport });
      const page = await context.newPage();
      const widget = await embed(page, 360);
      await openCalculator(widget);
      await giveConsent(widget);
      await runSample(page, widget);
      // Bars and the view grow in with transitions: let them end before the picture.
      await page.waitForTimeout(600);
      shots.push(await widget.screenshot({ animations: 'disabled' }));
      await context.close();
    }
    expect(shots[0]!.equals(shots[1]!), 'the two screenshots differ').toBe(true);
  });
});
