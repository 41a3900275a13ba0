// Once per browser-test run: make sure the built bundle exists (the tests exercise dist/, not
// the sources), and at the end say where the screenshots are.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
  const bundle = join(REPO_ROOT, 'dist/receipt-calculator.umd.js');
  if (!existsSync(bundle)) {
    throw new Error('The browser tests need the built widget: run "npm run build" first.');
  }
  const newer = widgetSources().filter((path) => statSync(path).mtimeMs > statSync(bundle).mtimeMs);
  if (newer.length > 0) {
    console.warn(`\n!! The widget bundle is older than ${newer.length} source file(s), e.g. ${newer[0]}: run "npm run build" to test the current code.\n`);
  }
}

/** The files the bundle is built from (see rollup.config.mjs). */
function widgetSources(): string[] {
  const files = [join(REPO_ROOT, 'src/contract.ts'), join(REPO_ROOT, 'src/sample-receipt.ts')];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(join(REPO_ROOT, 'src/widget'));
  return files.filter((path) => existsSync(path));
}

export function teardown(): void {
  if (existsSync(SCREENSHOT_DIR) && readdirSync(SCREENSHOT_DIR).length > 0) {
    console.log(`\nScreenshots of this run: ${SCREENSHOT_DIR}\n`);
  }
}
