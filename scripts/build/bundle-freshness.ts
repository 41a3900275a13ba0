// Whether dist/ holds a bundle built from the current sources. `npm start` builds only when it
// does not (scripts/build/build-if-stale.ts), and the browser tests, which exercise the built
// widget rather than the sources, refuse a bundle older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const BUNDLE = 'dist/receipt-calculator.umd.js';

/** What `npm run build` writes: the bundle is as old as the oldest of them. */
export const BUILD_OUTPUTS = [BUNDLE, 'dist/receipt-calculator.esm.js', 'dist/types/widget/index.d.ts'];

/**
 * The files the bundle is built from (see rollup.config.mjs): the widget's code, the contract
 * and sample it imports, the build's configuration and the dependencies' versions. The backend
 * and documentation are left out.
 */
export function bundleSources(root: string): string[] {
  const files = ['rollup.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json', 'src/contract.ts', 'src/sample-receipt.ts'].map((path) =>
    join(root, path),
  );
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

/** What keeps dist/ in `root` from being the current build ("missing …", "older than …"), or null. */
export function staleness(root: string): string | null {
  const missing = BUILD_OUTPUTS.filter((path) => !existsSync(join(root, path)));
  if (missing.length > 0) return `missing ${missing.join(', ')}`;
  const builtAt = Math.min(...BUILD_OUTPUTS.map((path) => statSync(join(root, path)).mtimeMs));
  const newer = bundleSources(root)
    .filter((path) => statSync(path).mtimeMs > builtAt)
    .map((path) => path.slice(root.length + 1));
  if (newer.length === 0) return null;
  const some = newer.slice(0, 3).join(', ') + (newer.length > 3 ? ` and ${newer.length - 3} more` : '');
  return `older than its sources (${some})`;
}

/** The sentence for a developer when dist/ is not the current build, or null when it is. */
export function staleBundleProblem(root: string): string | null {
  const why = staleness(root);
  return why === null ? null : `The built widget (dist/) is ${why}: run "npm run build" first.`;
}

/** Builds with `build` when dist/ in `root` is missing or stale; says why it did. */
export function buildIfStale(root: string, build: (why: string) => void): { built: boolean; why: string | null } {
  const why = staleness(root);
  if (why !== null) build(why);
  return { built: why !== null, why };
}
