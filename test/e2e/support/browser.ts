// One Chromium per test file (reused by its tests, each in a fresh context), launched from
// the Debian package through playwright-core. Without Chromium the browser tests skip with a
// loud notice, unless REQUIRE_BROWSER=1 makes that a failure.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

export const chromiumPath = findChromium();

if (!chromiumPath && process.env.REQUIRE_BROWSER === '1') {
  throw new Error('REQUIRE_BROWSER=1 but no Chromium was found at CHROMIUM_PATH or /usr/bin/chromium.');
}

/** True when the browser tests cannot run here; use with describe.skipIf. */
export const noBrowser = chromiumPath === null;

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('No Chromium: the browser tests should have been skipped.');
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
}

export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  locale: 'en-US',
  timezoneId: 'Europe/Helsinki',
  colorScheme: 'light',
  reducedMotion: 'no-preference',
};

export const PHONE: BrowserContextOptions = {
  ...DESKTOP,
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

const errorsOf = new WeakMap<BrowserContext, string[]>();

/**
 * A fresh context that records every uncaught error of its pages (see pageErrors), and whose
 * pages hand every file chooser to the test from the start. Playwright turns that interception on
 * asynchronously when the first 'filechooser' listener is added, so adding it only in
 * `waitForEvent` races with a key press that opens the chooser at once; a chooser no test waits
 * for stays unanswered, as if the visitor closed it.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const errors: string[] = [];
  errorsOf.set(context, errors);
  context.on('weberror', (error) => errors.push(error.error().message));
  context.on('page', (page) => page.on('filechooser', () => {}));
  return context;
}

/** Uncaught errors thrown in the context's pages so far: a widget that throws fails its test. */
export function pageErrors(context: BrowserContext): string[] {
  return errorsOf.get(context) ?? [];
}
