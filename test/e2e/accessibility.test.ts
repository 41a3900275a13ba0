// Accessibility in a real browser: axe-core finds nothing in any view or state, and the whole
// journey works from the keyboard alone with a visible focus that follows each new view.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { runAxe } from './support/axe.ts';
import { noBrowser } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';
import {
  button,
  chooseFile,
  DEMO_HOST,
  errorBox,
  giveConsent,
  holdRequests,
  isAnalysisResponse,
  openCalculator,
  openDemo,
  openFileChooser,
  statsPanel,
  viewHeading,
} from './support/widget.ts';

/** What has focus, looked up through shadow roots, and whether its focus can be seen. */
interface Focused {
  tag: string;
  type: string | null;
  text: string;
  checked: boolean | null;
  /** An outline or a box-shadow is drawn around it. */
  visible: boolean;
}

function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const input = element instanceof HTMLInputElement ? element : null;
    return {
      tag: element.tagName.toLowerCase(),
      type: input?.type ?? null,
      text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
      checked: input ? input.checked : null,
      visible: outline || style.boxShadow !== 'none',
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `wanted` has focus, checking at every stop that the
 * focus can be seen; fails after `max` presses.
 */
async function tabTo(page: Page, wanted: (focus: Focused) => boolean, options: { back?: boolean; max?: number } = {}) {
  const stops: string[] = [];
  for (let press = 0; press < (options.max ?? 40); press += 1) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const focus = await focused(page);
    if (!focus) continue;
    stops.push(`${focus.tag}:${focus.text.slice(0, 30)}`);
    expect(focus.visible, `focus is not visible on ${focus.tag} "${focus.text}"`).toBe(true);
    if (wanted(focus)) return focus;
  }
  throw new Error(`Never reached the wanted element. Focus went through: ${stops.join(' | ')}`);
}

const named = (name: string) => (focus: Focused) => focus.text === name;

/** Focus is on the view's heading, and shows. */
async function expectHeadingFocused(page: Page, tag: 'h1' | 'h2', text: string | RegExp) {
  await expect.poll(async () => (await focused(page))?.tag).toBe(tag);
  const focus = await focused(page);
  expect(focus?.text).toMatch(text);
  expect(focus?.visible).toBe(true);
}

describe.skipIf(noBrowser)('accessibility', () => {
  const suite = browserSuite();

  async function expectNoViolations(state: string) {
    const report = await runAxe(suite.page, DEMO_HOST);
    expect(report.shadowNodesChecked, `axe saw nothing inside the widget (${state})`).toBeGreaterThan(10);
    expect(report.violations, state).toEqual([]);
  }

  async function openHome(): Promise<Locator> {
    const widget = await openDemo(suite.page, suite.server);
    await expect.poll(() => statsPanel(widget).getAttribute('aria-busy')).toBe('false');
    return widget;
  }

  it('axe finds no violation on home, in the stats error state and on the privacy policy', async () => {
    await openHome();
    await expectNoViolations('home');

    await suite.page.route(
      (url) => url.pathname === '/stats',
      (route) => route.abort('connectionrefused'),
    );
    const widget = await openDemo(suite.page, suite.server);
    await statsPanel(widget).getByRole('alert').waitFor();
    await expectNoViolations('stats error');

    await button(widget, 'Privacy Policy').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');
    await expectNoViolations('privacy');
  });

  it('axe finds no violation in the calculator: idle, consent given, processing, result and error', async () => {
    const widget = await openHome();
    await openCalculator(widget);
    await expectNoViolations('calculator idle');
    await giveConsent(widget);
    await expectNoViolations('consent given');

    // Hold the request open to look at the progress view.
    const release = await holdRequests(suite.page, '/api/process-text');
    await button(widget, 'Try Sample').click();
    await widget.getByRole('progressbar').waitFor();
    await expectNoViolations('processing');
    release();
    await widget.getByTestId('result').waitFor();
    await expectNoViolations('result');

    await button(widget, 'Scan Another Receipt').click();
    await giveConsent(widget);
    const refused = suite.page.waitForResponse(isAnalysisResponse('/api/process-receipt-ai'));
    await chooseFile(widget, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a receipt') });
    expect((await refused).status()).toBe(415);
    await errorBox(widget).waitFor();
    await expectNoViolations('error');
  });

  it('works with the keyboard alone, focus visible and moved to each new view’s heading', async () => {
    const { page } = suite;
    const widget = await openHome();

    await tabTo(page, named('Try Demo'));
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'h1', /^Calculate/);

    const consent = await tabTo(page, (focus) => focus.type === 'checkbox');
    expect(consent.checked).toBe(false);
    await page.keyboard.press('Space');
    expect((await focused(page))?.checked).toBe(true);
    expect(await button(widget, 'Choose File').isEnabled()).toBe(true);

    // Enter and Space on Choose File, and Enter on Take Photo, open the browser's file chooser
    // (its event is the proof); the visitor closes it without picking a file.
    await tabTo(page, named('Choose File'));
    const picker = { accept: 'image/*,application/pdf,.pdf', capture: null, multiple: false };
    expect(await openFileChooser(page, () => page.keyboard.press('Enter'))).toEqual(picker);
    expect(await openFileChooser(page, () => page.keyboard.press('Space'))).toEqual(picker);
    await tabTo(page, named('Take Photo'));
    expect(await openFileChooser(page, () => page.keyboard.press('Enter'))).toEqual({
      accept: 'image/*',
      capture: 'environment',
      multiple: false,
    });

    await tabTo(page, named('Try Sample'));
    await page.keyboard.press('Enter');
    await widget.getByTestId('result').waitFor();
    await expectHeadingFocused(page, 'h2', /carbon footprint/);

    await tabTo(page, named('Scan Another Receipt'));
    await page.keyboard.press('Space');
    await expect.poll(() => widget.getByTestId('result').count()).toBe(0);
    await expectHeadingFocused(page, 'h1', /^Calculate/);

    await tabTo(page, named('Read the Privacy Policy'));
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'h1', 'Privacy Policy');
    await tabTo(page, (focus) => focus.text.includes('Back'), { back: true });
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'h1', /^Calculate/);

    await tabTo(page, (focus) => focus.text.includes('Back to Home'), { back: true });
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'h1', /^Discover/);
  });
});
