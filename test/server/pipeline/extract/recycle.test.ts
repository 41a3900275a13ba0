// A worker replaced to give its memory back (ocrRecycleGrowthBytes) leaves the pool serving:
// with no growth allowed, every job ends with its worker replaced, and the next job is read by
// the fresh worker as well as the first was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractor, type Extractor } from '../../../../src/server/pipeline/extract/index.ts';
import { renderReceiptPng } from '../../../support/receipt-files.ts';
import { readFile } from './helpers.ts';

let extractor: Extractor;
const warnings: string[] = [];

beforeAll(async () => {
  extractor = createExtractor({
    ocrWorkers: 1,
    maxQueue: 4,
    ocrTimeoutMs: 120_000,
    maxPixels: 50_000_000,
    maxPdfPages: 5,
    ocrRereads: false,
    ocrRecycleGrowthBytes: 0,
    log: (level, message) => warnings.push(`${level}: ${message}`),
  });
  await extractor.ready();
});

afterAll(async () => {
  await extractor?.close();
});

describe('replacing a worker that grew', () => {
  it('reads one photo after another with a fresh worker each time', { timeout: 180_000 }, async () => {
    const photo = await renderReceiptPng();
    for (let round = 0; round < 3; round++) {
      const result = await readFile(extractor, photo);
      expect(result.text.replace(/[ \t]+/g, ' ')).toMatch(/YHTEENSÄ 9,92/);
    }
    expect(extractor.load).toBe(0);
    expect(warnings).toEqual([]);
  });
});
