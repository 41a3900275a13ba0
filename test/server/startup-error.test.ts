// What the person starting the backend reads when it cannot start: the cause in one sentence.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createExtractor } from '../../src/server/pipeline/extract/index.ts';
import { startFailureSentence } from '../../src/server/startup-error.ts';
import { openStatsStore, STATS_FILE_NAME } from '../../src/server/stats/store.ts';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));
async function folder(): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), 'receipt-start-'));
  folders.push(path);
  return path;
}

/** The error a start-up step throws. */
async function failureOf(step: () => unknown): Promise<unknown> {
  try {
    await step();
  } catch (error) {
    return error;
  }
  throw new Error('the step did not fail');
}

describe('startFailureSentence', () => {
  it('names missing OCR trained data', async () => {
    const empty = await folder();
    const extractor = createExtractor({ ocrWorkers: 1, maxQueue: 0, ocrTimeoutMs: 1000, maxPixels: 1e6, maxPdfPages: 1, langPath: empty, log: () => {} });
    try {
      const sentence = startFailureSentence(await failureOf(() => extractor.ready()));
      expect(sentence).toMatch(/^Cannot start the receipt calculator backend: OCR trained data .*not found at .*\.$/);
      expect(sentence).toContain(empty);
    } finally {
      await extractor.close();
    }
  });

  it('names a stats database that cannot be opened', async () => {
    const dataDir = await folder();
    // A folder where the database file should be.
    await mkdir(join(dataDir, STATS_FILE_NAME));
    const sentence = startFailureSentence(await failureOf(() => openStatsStore({ dataDir })));
    expect(sentence).toBe(
      `Cannot start the receipt calculator backend: the stats database ${join(dataDir, STATS_FILE_NAME)} cannot be opened (unable to open database file).`,
    );
  });

  it('passes a wrong variable on as its own sentence', async () => {
    expect(startFailureSentence(await failureOf(() => loadConfig({ OCR_WORKERS: 'two' })))).toBe(
      'Cannot start the receipt calculator backend: OCR_WORKERS must be a whole number.',
    );
  });

  it('names the kind of anything unexpected in one line, without a stack', () => {
    const sentence = startFailureSentence(new TypeError('x is not a function'));
    expect(sentence).toBe('Cannot start the receipt calculator backend: an unexpected TypeError (x is not a function).');
  });
});
