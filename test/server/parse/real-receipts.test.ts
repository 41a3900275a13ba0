// Floors on the labelled real receipts in ../shared/data/receipts (read in place, never copied).
// Skipped when that folder is absent.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECEIPTS_DIR, evaluateFolder, summarise } from './real-receipts.ts';

const present = existsSync(join(RECEIPTS_DIR, 'labels'));

describe.skipIf(!present)('real receipts (../shared/data/receipts)', () => {
  it.each(['text', 'text_from_pdf'] as const)('%s/: item F1 ≥ 0.97 and printed total found ≥ 0.95', (kind) => {
    const results = evaluateFolder(join(RECEIPTS_DIR, kind), kind);
    expect(results.length).toBeGreaterThan(0);
    const { f1, totalRate } = summarise(results);
    expect(f1).toBeGreaterThanOrEqual(0.97);
    expect(totalRate).toBeGreaterThanOrEqual(0.95);
  });

  it('no text or PDF receipt falls far behind (per-file F1 ≥ 0.9)', () => {
    const results = [...evaluateFolder(join(RECEIPTS_DIR, 'text'), 'text'), ...evaluateFolder(join(RECEIPTS_DIR, 'text_from_pdf'), 'text_from_pdf')];
    const weak = results.filter((r) => (2 * r.matched) / Math.max(1, r.expected + r.found) < 0.9).map((r) => r.file);
    expect(weak).toEqual([]);
  });
});
