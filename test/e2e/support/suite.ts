// The frame every browser-test file shares: one Chromium, one backend and one embedding site
// for the whole file; a fresh browser context (and page) for each test, which fails if the
// widget threw an uncaught error in it.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, pageErrors } from './browser.ts';
import { startHostSite, type HostSite } from './host-site.ts';
import { startServer, type BackendServer, type ServerOptions } from './server.ts';

export interface Suite {
  browser: Browser;
  server: BackendServer;
  site: HostSite;
  /** This test's context and its first page. */
  context: BrowserContext;
  page: Page;
}

export interface SuiteOptions {
  server?: ServerOptions;
  /** Viewport and device of each test's context; desktop 1280×800 by default. */
  context?: BrowserContextOptions;
}

/** Registers the hooks; the returned object's fields are set once they have run. */
export function browserSuite(options: SuiteOptions = {}): Suite {
  const suite = {} as Suite;

  beforeAll(async () => {
    [suite.browser, suite.server, suite.site] = await Promise.all([
      launchBrowser(),
      startServer(options.server),
      startHostSite(),
    ]);
  });

  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.dispose();
    await suite.site?.close();
  });

  beforeEach(async () => {
    suite.context = await newContext(suite.browser, options.context ?? DESKTOP);
    suite.page = await suite.context.newPage();
  });

  afterEach(async () => {
    expect(pageErrors(suite.context)).toEqual([]);
    await suite.context.close();
  });

  return suite;
}
