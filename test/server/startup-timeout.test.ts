// Starting the OCR workers can take long on a loaded machine: the app waits for the pool, whose
// own start timeout decides, rather than failing on Fastify's default 10 s per plugin.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pipeline } from '../../src/server/pipeline/index.ts';
import { buildTestApp, type TestApp } from '../support/build-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await testApp?.close();
  testApp = undefined;
});

function slowToStart(startMs: number): Pipeline & { starting: boolean } {
  return {
    starting: false,
    ready() {
      this.starting = true;
      return new Promise((resolve) => setTimeout(resolve, startMs));
    },
    analyzeText: () => Promise.reject(new Error('not used')),
    analyzeFile: () => Promise.reject(new Error('not used')),
    close: async () => {},
    load: 0,
    openaiConfigured: false,
  };
}

describe('a slow start of the OCR workers', () => {
  it('still starts the app after 30 s, and answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pipeline = slowToStart(30_000);
    const outcome = buildTestApp({}, { pipeline }).then(
      (app) => ((testApp = app), 'started'),
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    // The plugins before it open files and the statistics store in real time.
    const giveUpAt = Date.now() + 30_000;
    while (!pipeline.starting && Date.now() < giveUpAt) await new Promise((resolve) => setImmediate(resolve));
    expect(pipeline.starting).toBe(true);
    for (let waited = 0; waited < 31_000; waited += 500) await vi.advanceTimersByTimeAsync(500);
    vi.useRealTimers();
    expect(await outcome).toBe('started');
    const health = await testApp!.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  });
});
