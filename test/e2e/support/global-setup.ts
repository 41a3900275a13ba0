// Once per browser-test run: make sure the built bundle exists and is newer than its sources
// (the tests exercise dist/, not the sources), and at the end say where the screenshots are.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { staleBundleProblem } from '../../../scripts/build/bundle-freshness.ts';
import { findChromium } from './chromium.ts';
import { SCREENSHOT_DIR } from './screenshots.ts';
import { REPO_ROOT } from './server.ts';

export function setup(): void {
  // Only this run's pictures: the PNGs of an earlier run go.
  if (existsSync(SCREENSHOT_DIR)) {
    for (const name of readdirSync(SCREENSHOT_DIR)) if (name.endsWith('.png')) rmSync(join(SCREENSHOT_DIR, name));
  }
  if (!findChromium()) {
    const bar = '!'.repeat(72);
    console.warn(`\n${bar}\n!! BROWSER TESTS SKIPPED: no Chromium at CHROMIUM_PATH or /usr/bin/chromium.\n${bar}\n`);
    return;
  }
  // Fail rather than rebuild: `npm test` has just built, and a developer running the browser
  // tests alone learns that dist/ is behind instead of having it rewritten under them.
  const problem = staleBundleProblem(REPO_ROOT);
  if (problem) throw new Error(`${problem} The browser tests check the built widget, so it must be the current code.`);
}

export function teardown(): void {
  if (existsSync(SCREENSHOT_DIR) && readdirSync(SCREENSHOT_DIR).length > 0) {
    console.log(`\nScreenshots of this run: ${SCREENSHOT_DIR}\n`);
  }
}
