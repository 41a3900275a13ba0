// Where things are, named once: the repository, its committed receipt corpus, and the shared
// data beside it (real receipts, product names, emission factor sources: read in place, never
// copied in). Scripts, benchmarks and tests import these instead of writing the paths out.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..');
/** The committed, generated receipt corpus (labels beside text, PDFs and photos). */
export const FIXTURE_RECEIPTS = join(REPO_ROOT, 'test/fixtures/receipts');
/** The shared data beside the repository; absent on a fresh clone. */
export const SHARED_DATA = resolve(REPO_ROOT, '../shared/data');
export const SHARED_RECEIPTS = join(SHARED_DATA, 'receipts');
export const SHARED_PRODUCTS = join(SHARED_DATA, 'products/products.csv');

const announced = new Set<string>();

/**
 * Whether `path` (under the shared data) is there. When it is not, says so once, loudly: a
 * real-data floor that skips in silence looks like a floor that passed.
 */
export function sharedDataPresent(path: string, what: string): boolean {
  if (existsSync(path)) return true;
  if (!announced.has(what)) {
    announced.add(what);
    console.warn(`!! REAL-DATA CHECK SKIPPED: ${what} (no ${path}; put the shared data beside the repository to run it)`);
  }
  return false;
}
