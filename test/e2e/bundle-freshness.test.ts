// The browser-test run refuses a bundle older than its sources, on a small tree of its own.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE, staleBundleProblem } from './support/bundle-freshness.ts';

let root = '';

/** Writes a file with the given modification time (seconds after an arbitrary origin). */
function file(path: string, at: number): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, 1_700_000_000 + at, 1_700_000_000 + at);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'receipt-calculator-freshness-'));
  file('rollup.config.mjs', 0);
  file('src/contract.ts', 0);
  file('src/widget/index.ts', 0);
  file('src/widget/components/Button.tsx', 0);
  file('src/widget/build/stylis-no-prefixer.js', 0);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('staleBundleProblem', () => {
  it('asks for a build when there is no bundle', () => {
    expect(staleBundleProblem(root)).toMatch(/run "npm run build" first/);
  });

  it('accepts a bundle built after every source', () => {
    file(BUNDLE, 10);
    expect(staleBundleProblem(root)).toBeNull();
  });

  it('refuses a bundle older than a widget source, the contract or the build config, and names them', () => {
    file(BUNDLE, 10);
    file('src/widget/components/Button.tsx', 20);
    expect(staleBundleProblem(root)).toMatch(/older than its sources \(src\/widget\/components\/Button\.tsx\): run "npm run build" first/);
    file('src/contract.ts', 30);
    file('rollup.config.mjs', 30);
    file('src/widget/build/stylis-no-prefixer.js', 30);
    file('src/widget/index.ts', 30);
    expect(staleBundleProblem(root)).toMatch(/older than its sources \([^)]*, [^)]*, [^)]* and 2 more\)/);
  });

  it('does not count documentation or the backend', () => {
    file(BUNDLE, 10);
    file('src/widget/README.md', 20);
    file('src/server/main.ts', 20);
    expect(staleBundleProblem(root)).toBeNull();
  });
});
