// `npm start` builds the widget only when dist/ is missing or older than a source, and the
// browser tests refuse a stale bundle: both read scripts/build/bundle-freshness.ts, checked here
// on a small tree of its own.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, buildIfStale, staleBundleProblem } from '../../../scripts/build/bundle-freshness.ts';

let root = '';

/** Writes a file with the given modification time (seconds after an arbitrary origin). */
function file(path: string, at: number): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, 1_700_000_000 + at, 1_700_000_000 + at);
}

const buildAt = (at: number) => () => BUILD_OUTPUTS.forEach((output) => file(output, at));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'receipt-calculator-freshness-'));
  for (const source of ['rollup.config.mjs', 'package.json', 'tsconfig.json', 'src/contract.ts', 'src/widget/index.ts', 'src/widget/components/Button.tsx', 'src/widget/build/stylis-no-prefixer.js']) {
    file(source, 0);
  }
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('staleBundleProblem', () => {
  it('asks for a build when the bundle or any other output is missing', () => {
    expect(staleBundleProblem(root)).toMatch(/is missing .*: run "npm run build" first/);
    buildAt(10)();
    rmSync(join(root, 'dist/types/widget/index.d.ts'));
    expect(staleBundleProblem(root)).toMatch(/is missing dist\/types\/widget\/index\.d\.ts:/);
  });

  it('accepts a bundle built after every source', () => {
    buildAt(10)();
    expect(staleBundleProblem(root)).toBeNull();
  });

  it('refuses a bundle older than a widget source, the contract, the build config or the dependencies, and names them', () => {
    buildAt(10)();
    file('src/widget/components/Button.tsx', 20);
    expect(staleBundleProblem(root)).toMatch(/older than its sources \(src\/widget\/components\/Button\.tsx\): run "npm run build" first/);
    file('src/contract.ts', 30);
    file('rollup.config.mjs', 30);
    file('src/widget/build/stylis-no-prefixer.js', 30);
    file('package.json', 30);
    expect(staleBundleProblem(root)).toMatch(/older than its sources \([^)]*, [^)]*, [^)]* and 2 more\)/);
  });

  it('counts the oldest output: one output written before a source makes the bundle stale', () => {
    buildAt(10)();
    file('src/widget/index.ts', 20);
    file('dist/receipt-calculator.umd.js', 30);
    expect(staleBundleProblem(root)).toMatch(/src\/widget\/index\.ts/);
  });

  it('does not count documentation or the backend', () => {
    buildAt(10)();
    file('src/widget/README.md', 20);
    file('src/server/main.ts', 20);
    expect(staleBundleProblem(root)).toBeNull();
  });
});

describe('buildIfStale', () => {
  it('builds when dist/ is missing, then not again until a source changes', () => {
    const builds: number[] = [];
    const build = (at: number) => () => {
      builds.push(at);
      buildAt(at)();
    };
    expect(buildIfStale(root, build(10))).toMatchObject({ built: true });
    expect(buildIfStale(root, build(11))).toEqual({ built: false, why: null });
    file('src/widget/components/Button.tsx', 20);
    expect(buildIfStale(root, build(30))).toMatchObject({ built: true, why: expect.stringMatching(/older than its sources \(src\/widget\/components\/Button\.tsx\)/) });
    expect(buildIfStale(root, build(31))).toMatchObject({ built: false });
    expect(builds).toEqual([10, 30]);
  });
});
