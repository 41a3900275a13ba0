// The widget lives in its own shadow root: hostile host CSS changes none of its pixels, none
// of its styles leak into the host's <head>, two widgets on one page are independent, and a
// strict Content-Security-Policy host renders it fully styled when it passes its nonce (and, without
// it, still mounts and works, unstyled, with one warning for the site's editor).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { noBrowser, pageErrors } from './support/browser.ts';
import { HOSTILE_CSS } from './support/hostile-css.ts';
import { embedPage, UMD_BUNDLE_PATH } from './support/host-site.ts';
import { diffImage, saveScreenshot } from './support/screenshots.ts';
import { browserSuite } from './support/suite.ts';
import { button, giveConsent, openCalculator, runSample, statsPanel, viewHeading, widgetIn } from './support/widget.ts';

// The embedder's container is the host's own element: its box (place, size, margin, border)
// is the host's to style. Both pages pin it alike, inline and important, so that anti-aliasing
// and gradient dithering (which follow the position on the page) are compared like for like.
const HOST_STYLE = [
  'position: absolute',
  'top: 0',
  'left: 0',
  'width: 960px',
  'margin: 0',
  'padding: 0',
  'border: 0',
  'box-sizing: content-box',
]
  .map((declaration) => `${declaration} !important`)
  .join('; ');

describe.skipIf(noBrowser)('isolation from the host page', () => {
  const suite = browserSuite();

  async function open(url: string): Promise<{ page: Page; widget: Locator }> {
    const page = await suite.context.newPage();
    await page.goto(url);
    const widget = widgetIn(page, '#receipt-calculator');
    await viewHeading(widget).waitFor();
    await expect.poll(() => statsPanel(widget).getAttribute('aria-busy')).toBe('false');
    return { page, widget };
  }

  /**
   * The widget's whole pixels: its box cut to whole pixels, so that a fractional bottom edge
   * (where the host page's own background shows through) is not compared.
   */
  async function shoot(widget: Locator): Promise<Buffer> {
    const page = widget.page();
    // A background tab paints no frames until it is brought to the front.
    await page.bringToFront();
    await page.evaluate(() => scrollTo(0, 0));
    const box = await widget.boundingBox();
    if (!box) throw new Error('The widget has no box.');
    const clip = { x: Math.ceil(box.x), y: Math.ceil(box.y), width: Math.floor(box.width), height: Math.floor(box.height) };
    return page.screenshot({ fullPage: true, clip, animations: 'disabled', caret: 'hide' });
  }

  /** The host's own style and link elements, and every style element in the light DOM. */
  async function lightDomStyles(page: Page) {
    return page.evaluate(() => ({
      head: [...document.head.querySelectorAll('style, link[rel="stylesheet"]')].map((node) => node.outerHTML.slice(0, 80)),
      outsideHead: document.body.querySelectorAll('style, link[rel="stylesheet"]').length,
      adopted: document.adoptedStyleSheets.length,
    }));
  }

  it('looks pixel-identical with and without hostile host CSS, in every view', async () => {
    const plain = await open(suite.site.add('/plain.html', { html: embedPage({ api: suite.server.url, hostStyle: HOST_STYLE }) }));
    const hostile = await open(
      suite.site.add('/hostile.html', { html: embedPage({ api: suite.server.url, hostStyle: HOST_STYLE, css: HOSTILE_CSS }) }),
    );
    // The hostile rules are really in force on the host page.
    expect(await hostile.page.evaluate(() => getComputedStyle(document.body).textTransform)).toBe('lowercase');
    expect(await hostile.page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');

    const views: Array<[name: string, go: (widget: Locator) => Promise<void>]> = [
      ['home', async () => {}],
      ['calculator', (widget) => openCalculator(widget)],
      ['consent', (widget) => giveConsent(widget)],
      [
        'result',
        async (widget) => {
          await runSample(widget.page(), widget);
          // The progress view clears 1 s after the answer.
          await expect.poll(() => widget.getByRole('progressbar').count()).toBe(0);
        },
      ],
      [
        'privacy',
        async (widget) => {
          await button(widget, 'Scan Another Receipt').click();
          await button(widget, 'Read the Privacy Policy').click();
          await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');
        },
      ],
    ];
    const mismatches: string[] = [];
    for (const [name, go] of views) {
      await go(plain.widget);
      await go(hostile.widget);
      // Focus (a ring, a scrolled item list) is no part of the comparison: neither page keeps any.
      for (const { page } of [plain, hostile]) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const [a, b] = [await shoot(plain.widget), await shoot(hostile.widget)];
      if (!a.equals(b)) {
        const diff = await diffImage(plain.page, a, b);
        saveScreenshot(`isolation-${name}-plain.png`, a);
        saveScreenshot(`isolation-${name}-hostile.png`, b);
        if (diff.png) saveScreenshot(`isolation-${name}-diff.png`, diff.png);
        mismatches.push(`${name}: ${diff.differing < 0 ? 'sizes differ' : `${diff.differing} pixels differ`}`);
      }
    }
    expect(mismatches).toEqual([]);

    for (const { page } of [plain, hostile]) {
      const styles = await lightDomStyles(page);
      expect(styles.outsideHead).toBe(0);
      expect(styles.adopted).toBe(0);
    }
    expect((await lightDomStyles(plain.page)).head).toEqual([]);
    expect((await lightDomStyles(hostile.page)).head).toHaveLength(1);
  });

  it('keeps its styles inside its shadow root on the demo page the backend serves', async () => {
    const page = await suite.context.newPage();
    await page.goto(`${suite.server.url}/?sidebar=0`);
    const widget = widgetIn(page, '#receipt-calculator');
    await openCalculator(widget);
    await button(widget, 'Read the Privacy Policy').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');
    const inside = await page.evaluate(
      () => document.querySelector('#receipt-calculator')?.shadowRoot?.querySelectorAll('style').length ?? 0,
    );
    expect(inside).toBeGreaterThan(0);
    const head = await page.evaluate(() => [...document.head.querySelectorAll('style')].map((style) => style.textContent ?? ''));
    // Only the demo page's own hostile sheet, none of the widget's rules.
    expect(head).toHaveLength(1);
    expect(head[0]).toContain('Deliberately hostile');
  });

  it('runs two widgets on one page independently', async () => {
    const page = await suite.context.newPage();
    await page.goto(suite.site.add('/two.html', { html: embedPage({ api: suite.server.url, hosts: ['first', 'second'] }) }));
    const first = widgetIn(page, '#first');
    const second = widgetIn(page, '#second');
    await openCalculator(first);
    await giveConsent(first);
    expect(await viewHeading(second).textContent()).toContain('Discover');

    await button(second, 'Privacy Policy').click();
    await expect.poll(() => viewHeading(second).textContent()).toBe('Privacy Policy');
    expect(await viewHeading(first).textContent()).toContain('Calculate');
    expect(await first.getByRole('checkbox').isChecked()).toBe(true);
    expect(await button(first, 'Choose File').isEnabled()).toBe(true);

    await page.evaluate(() => (window as unknown as { widgets: Record<string, { unmount(): void }> }).widgets.first?.unmount());
    expect(await page.evaluate(() => document.querySelector('#first')?.shadowRoot?.childElementCount)).toBe(0);
    await button(second, 'Back').click();
    await expect.poll(() => viewHeading(second).textContent()).toContain('Discover');
    await openCalculator(second);
    expect(await second.getByRole('checkbox').isChecked()).toBe(false);
  });

  /** What a few key elements look like: enough to tell a styled widget from an unstyled one. */
  async function lookOf(widget: Locator) {
    const properties = ['fontFamily', 'fontSize', 'fontWeight', 'color', 'backgroundColor', 'backgroundImage', 'borderRadius', 'padding'] as const;
    const read = (locator: Locator) =>
      locator.evaluate(
        (element, names) => Object.fromEntries(names.map((name) => [name, getComputedStyle(element)[name]])),
        [...properties],
      );
    return {
      root: await read(widget.locator('section[data-view]')),
      heading: await read(viewHeading(widget)),
      button: await read(button(widget, 'Try Demo')),
      stats: await read(statsPanel(widget)),
    };
  }

  interface LoggedPage {
    page: Page;
    widget: Locator;
    /** The CSP violations the page reported, as "directive blocked-URI". */
    violations: () => Promise<string[]>;
    /** Every console warning of the page. */
    warnings: string[];
  }

  async function openWithViolationLog(url: string): Promise<LoggedPage> {
    const page = await suite.context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // An init script runs before any of the page's own scripts (and is not subject to its CSP).
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = log;
      document.addEventListener('securitypolicyviolation', (event) => log.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto(url);
    const widget = widgetIn(page, '#receipt-calculator');
    return {
      page,
      widget,
      violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      warnings,
    };
  }

  it('renders fully styled on a strict-CSP page with the nonce, and reports no CSP violation', async () => {
    const nonce = randomBytes(16).toString('base64');
    const headers = { 'content-security-policy': `style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'` };
    const strict = await openWithViolationLog(
      suite.site.add('/csp.html', { html: embedPage({ api: suite.server.url, nonce, mountOptions: { nonce } }), headers }),
    );
    const reference = await openWithViolationLog(suite.site.add('/reference.html', { html: embedPage({ api: suite.server.url }) }));
    for (const { widget } of [strict, reference]) {
      await viewHeading(widget).waitFor();
      await expect.poll(() => statsPanel(widget).getAttribute('aria-busy')).toBe('false');
    }

    const look = await lookOf(strict.widget);
    expect(look.root.fontFamily).toMatch(/^system-ui/);
    expect(look.button.borderRadius).toBe('12px');
    expect(look).toEqual(await lookOf(reference.widget));
    // Every view, each bringing its own styled components.
    await openCalculator(strict.widget);
    await giveConsent(strict.widget);
    expect(await button(strict.widget, 'Choose File').evaluate((element) => getComputedStyle(element).minHeight)).toBe('44px');
    await button(strict.widget, 'Read the Privacy Policy').click();
    await expect.poll(() => viewHeading(strict.widget).textContent()).toBe('Privacy Policy');
    // My receipts' body is a script beside the bundle: it loads under the page's nonce too.
    await button(strict.widget, 'Back').click();
    await button(strict.widget, 'Back to Home').click();
    await button(strict.widget, 'My receipts').click();
    await strict.widget.getByRole('heading', { name: 'Add receipts' }).waitFor();
    expect(await button(strict.widget, 'Choose files').evaluate((element) => getComputedStyle(element).minHeight)).toBe('44px');
    expect(await strict.violations()).toEqual([]);
  });

  it('still mounts and works under the same CSP without the nonce: unstyled, with one warning that asks for the nonce', async () => {
    const nonce = randomBytes(16).toString('base64');
    const headers = { 'content-security-policy': `style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'` };
    const { page, widget, violations, warnings } = await openWithViolationLog(
      suite.site.add('/csp-no-nonce.html', { html: embedPage({ api: suite.server.url, nonce }), headers }),
    );
    await viewHeading(widget).waitFor();
    await expect.poll(() => statsPanel(widget).getAttribute('aria-busy')).toBe('false');
    // The browser really refuses the widget's styles: the page's default font shows.
    expect((await lookOf(widget)).root.fontFamily).not.toMatch(/^system-ui/);

    // Its buttons work: the whole journey to a result.
    await openCalculator(widget);
    await giveConsent(widget);
    expect(await button(widget, 'Choose File').isEnabled()).toBe(true);
    await runSample(page, widget);
    await button(widget, 'Scan Another Receipt').click();
    await button(widget, 'Read the Privacy Policy').click();
    await expect.poll(() => viewHeading(widget).textContent()).toBe('Privacy Policy');

    expect(warnings).toEqual([expect.stringMatching(/Content-Security-Policy.*\{ nonce \}/)]);
    // One refused <style> (the widget asking the page once), not one per rule or per view.
    expect(await violations()).toEqual([expect.stringMatching(/^style-src/)]);
    expect(pageErrors(suite.context)).toEqual([]);
  });

  it('mounts into an element that is not in the document yet, and is styled once it is attached', async () => {
    const page = await suite.context.newPage();
    const html = `<!doctype html><html lang="en"><body>
      <script src="${UMD_BUNDLE_PATH}"></script>
      <script>
        const host = document.createElement('div');
        host.id = 'late';
        window.widget = ReceiptCalculator.mountReceiptCalculator(host, ${JSON.stringify(suite.server.url)});
        document.body.append(host);
      </script></body></html>`;
    await page.goto(suite.site.add('/detached.html', { html }));
    const widget = widgetIn(page, '#late');
    await viewHeading(widget).waitFor();
    expect((await lookOf(widget)).root.fontFamily).toMatch(/^system-ui/);
    await openCalculator(widget);
    expect(pageErrors(suite.context)).toEqual([]);
  });
});
