// /health keeps its contract fields and adds readiness: the OCR workers and the statistics store.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STATS_FILE_NAME } from '../../../src/server/stats/store.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('readiness', () => {
  it('says the OCR workers and the embedded statistics store are ready', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toEqual({
      status: 'ok',
      openai_configured: false,
      version: expect.any(String),
      ocr: 'ready',
      ocr_load: 0,
      stats: 'ready',
      stats_store: 'sqlite',
    });
  });

  it('answers /stats 503 with Retry-After and a code when the statistics file breaks, while receipts are still analysed', async () => {
    testApp = await buildTestApp();
    // Another hand damages the file under the running app: its running totals are gone.
    const db = new DatabaseSync(join(testApp.dataDir, STATS_FILE_NAME));
    db.exec('DROP TABLE receipt_totals');
    db.close();

    const stats = await testApp.app.inject({ method: 'GET', url: '/stats' });
    expect(stats.statusCode).toBe(503);
    expect(Number(stats.headers['retry-after'])).toBeGreaterThan(0);
    expect(stats.json()).toEqual({ error: expect.stringMatching(/statistics/), code: 'stats-unavailable' });

    const text = 'K-MARKET\nMAITO 1L 1,29\nRUISLEIPÄ 500G 2,49\nYHTEENSÄ 3,78';
    const analysed = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text } });
    expect(analysed.statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok', stats: 'unavailable' });
  });
});
