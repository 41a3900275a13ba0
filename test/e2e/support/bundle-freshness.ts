// Whether dist/ holds a bundle built from the current sources. The browser tests exercise the
// built widget, not the sources, so a bundle older than its sources would test yesterday's code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const BUNDLE = 'dist/receipt-calculator.umd.js';

/** The files the bundle is built from (see rollup.config.mjs), documentation left out. */
export function bundleSources(root: string): string[] {
  const files = ['rollup.config.mjs', 'src/contract.ts', 'src/sample-receipt.ts'].map((path) => join(root, path));
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(?:[cm]?[jt]sx?)$/.test(entry.name)) files.push(path);
    }
  };
  if (existsSync(join(root, 'src/widget'))) walk(join(root, 'src/widget'));
  return files.filter((path) => existsSync(path));
}

/** Why the bundle in `root` cannot be tested as it is, or null when it is newer than every source. */
export function staleBundleProblem(root: string): string | null {
  const bundle = join(root, BUNDLE);
  if (!existsSync(bundle)) return `The browser tests need the built widget (${BUNDLE}): run "npm run build" first.`;
  const builtAt = statSync(bundle).mtimeMs;
  const newer = bundleSources(root)
    .filter((path) => statSync(path).mtimeMs > builtAt)
    .map((path) => path.slice(root.length + 1));
  if (newer.length === 0) return null;
  const some = newer.slice(0, 3).join(', ') + (newer.length > 3 ? ` and ${newer.length - 3} more` : '');
  return `The built widget (${BUNDLE}) is older than its sources (${some}): run "npm run build" first, so the browser tests check the current code.`;
}
