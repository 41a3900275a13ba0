// Statistics are best effort: a PostgreSQL database that is down at start or goes away while
// serving is said once in the log, /stats answers 503 with Retry-After, receipts are still
// analysed, and everything comes back by itself when the database does.
import { afterEach, describe, expect, it } from 'vitest';
import { StatsUnavailableError, type StatsBackend } from '../../../src/server/stats/backend.ts';
import { openPostgresBackend, type StatsLog } from '../../../src/server/stats/postgres.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { createTestDatabase, cuttableLink, postgresAvailable, type CuttableLink, type TestDatabase } from '../../support/postgres.ts';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';

// Any receipt but the widget's sample, which is not counted.
const COUNTED_RECEIPT_TEXT = SAMPLE_RECEIPT_TEXT.replace('Ruoholahti', 'Itäkeskus');

function recordingLog() {
  const lines: { level: string; message: string; details: object }[] = [];
  const at = (level: string) => (details: object, message: string) => lines.push({ level, message, details });
  const log: StatsLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(postgresAvailable('PostgreSQL availability tests (test/server/stats/availability.test.ts)'))(
  'PostgreSQL statistics when the database is away',
  () => {
    let database: TestDatabase | undefined;
    let link: CuttableLink | undefined;
    let backend: StatsBackend | undefined;
    let testApp: TestApp | undefined;
    afterEach(async () => {
      await testApp?.close();
      await backend?.close();
      await link?.close();
      await database?.drop();
      testApp = backend = link = database = undefined;
    });

    it('starts without the database, says so once, and catches up when it appears', async () => {
      database = await createTestDatabase();
      link = await cuttableLink(database.url);
      await link.cut();
      const { log, lines } = recordingLog();
      backend = await openPostgresBackend({ url: link.url, log, retryMs: 100 });

      expect(backend.ready).toBe(false);
      await expect(backend.summary()).rejects.toBeInstanceOf(StatsUnavailableError);
      expect(await backend.record({ totalKg: 1, itemCount: 1, method: 'text' })).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 400)); // several retries, still down
      const errors = lines.filter((line) => line.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/statistics database unreachable.*\/stats answers 503/);
      // The log names where, never the password.
      expect(JSON.stringify(errors[0]!.details)).toContain('127.0.0.1');

      await link.restore();
      await eventually(() => backend!.ready);
      expect(await backend.record({ totalKg: 2, itemCount: 1, method: 'text' })).toBe(true);
      expect(await backend.summary()).toMatchObject({ total_receipts_processed: 1, average_emissions_per_receipt: 2 });
      expect(lines.some((line) => line.level === 'info' && /ready/.test(line.message))).toBe(true);
    });

    it('goes unavailable when the database goes away while serving, and recovers', async () => {
      database = await createTestDatabase();
      link = await cuttableLink(database.url);
      const { log, lines } = recordingLog();
      backend = await openPostgresBackend({ url: link.url, log, retryMs: 100 });
      expect(await backend.record({ totalKg: 5, itemCount: 2, method: 'text' })).toBe(true);

      await link.cut();
      await expect(backend.summary()).rejects.toBeInstanceOf(StatsUnavailableError);
      await expect(backend.summary()).rejects.toBeInstanceOf(StatsUnavailableError);
      expect(await backend.record({ totalKg: 7, itemCount: 2, method: 'text' })).toBe(false);
      expect(backend.ready).toBe(false);
      expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);

      await link.restore();
      await eventually(async () => {
        try {
          await backend!.summary();
          return true;
        } catch {
          return false;
        }
      });
      expect(backend.ready).toBe(true);
      expect(await backend.summary()).toMatchObject({ total_receipts_processed: 1, average_emissions_per_receipt: 5 });
      expect(lines.some((line) => line.level === 'info' && /reachable again/.test(line.message))).toBe(true);
    });

    it('answers /stats 503 with Retry-After and a code while receipts are still analysed, and /health says why', async () => {
      database = await createTestDatabase();
      link = await cuttableLink(database.url);
      testApp = await buildTestApp({ DATABASE_URL: link.url });
      const health = await testApp.app.inject({ method: 'GET', url: '/health' });
      expect(health.json()).toMatchObject({ status: 'ok', ocr: 'ready', stats: 'ready', stats_store: 'postgres' });

      await link.cut();
      const stats = await testApp.app.inject({ method: 'GET', url: '/stats' });
      expect(stats.statusCode).toBe(503);
      expect(Number(stats.headers['retry-after'])).toBeGreaterThan(0);
      expect(stats.json()).toEqual({ error: expect.stringMatching(/statistics/), code: 'stats-unavailable' });

      const analysed = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: COUNTED_RECEIPT_TEXT } });
      expect(analysed.statusCode).toBe(200);
      expect(analysed.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);

      const down = await testApp.app.inject({ method: 'GET', url: '/health' });
      expect(down.statusCode).toBe(200);
      expect(down.json()).toMatchObject({ status: 'ok', stats: 'unavailable' });
    });

    it('starts the app with the database down instead of refusing to start', async () => {
      database = await createTestDatabase();
      link = await cuttableLink(database.url);
      await link.cut();
      testApp = await buildTestApp({ DATABASE_URL: link.url });
      expect((await testApp.app.inject({ method: 'GET', url: '/stats' })).statusCode).toBe(503);
      const analysed = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: COUNTED_RECEIPT_TEXT } });
      expect(analysed.statusCode).toBe(200);
    });
  },
);
