// Logs hold request metadata only: never a receipt's text or bytes, not even in error logs.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';
import type { Pipeline } from '../../../src/server/pipeline/index.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { multipart } from '../../support/multipart.ts';
import { renderReceiptPng } from '../../support/receipt-files.ts';
import { COUNTED_RECEIPT_TEXT } from '../helpers.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

// Words that appear only inside the receipts this test sends.
const RECEIPT_WORDS = /jauheliha|Oltermanni|Puikula|Itäkeskus|YHTEENSÄ|PRIVATE-BYTES/;

describe('request logging', () => {
  it('logs method, path, status and time but no receipt text, bytes or quoted input', async () => {
    const logs = logCollector();
    testApp = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: logs.stream });
    const { app } = testApp;
    await app.inject({ method: 'POST', url: '/api/process-text?text=Oltermanni', payload: { text: COUNTED_RECEIPT_TEXT } });
    await app.inject({ method: 'POST', url: '/api/process-text', payload: { text: SAMPLE_RECEIPT_TEXT } });
    await app.inject({
      method: 'POST',
      url: '/api/process-text',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": "Pirkka naudan jauheliha 400g 5,49',
    });
    const form = await multipart({ file: { bytes: Buffer.from('PRIVATE-BYTES YHTEENSÄ 1,00'), name: 'r.jpg', type: 'image/jpeg' } });
    await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form });

    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.lines.join('\n')).not.toMatch(RECEIPT_WORDS);
    const completed = logs.entries().filter((entry) => entry.msg === 'request completed');
    expect(completed.length).toBe(4);
    for (const entry of completed) {
      expect(entry.res).toEqual({ statusCode: expect.any(Number) });
      expect(typeof entry.responseTime).toBe('number');
    }
    const incoming = logs.entries().filter((entry) => entry.msg === 'incoming request');
    expect(incoming.map((entry) => entry.req)).toContainEqual({ method: 'POST', url: '/api/process-text' });
  });

  it('logs an unexpected failure with its stack frames but not its message', async () => {
    const logs = logCollector();
    const failing: Pipeline = {
      ready: async () => {},
      analyzeText: async (text) => {
        throw new Error(`could not read line "${text.slice(0, 40)}"`);
      },
      analyzeFile: async () => {
        throw new Error('unused');
      },
      close: async () => {},
      load: 0,
      openaiConfigured: false,
    };
    testApp = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream, pipeline: failing });
    const response = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: COUNTED_RECEIPT_TEXT } });
    expect(response.statusCode).toBe(500);
    const failure = logs.entries().find((entry) => entry.msg === 'request failed');
    expect(failure).toBeDefined();
    expect(failure?.err).toMatchObject({ type: 'Error', stack: expect.stringContaining('at ') });
    expect(logs.lines.join('\n')).not.toMatch(RECEIPT_WORDS);
    expect(logs.lines.join('\n')).not.toContain('K-Citymarket');
  });
});

describe('OCR messages', () => {
  // A receipt of 240 product lines: reading it takes far longer than the shortest
  // OCR_TIMEOUT_MS (1 s) on any machine, so the extractor reports an overrun worker.
  const longReceipt = [
    'K-MARKET TESTIKATU',
    ...Array.from({ length: 240 }, (_, index) => `OLTERMANNI JUUSTO ${String(index + 1).padStart(3, '0')}      ${(index % 9) + 1},49`),
    'YHTEENSÄ                 1234,56',
  ];

  it.each([
    ['warn', true],
    ['error', false],
  ] as const)('go through the app logger at LOG_LEVEL %s (a warning shown: %s), never to the console', { timeout: 60_000 }, async (level, shown) => {
    const logs = logCollector();
    const console = (['log', 'info', 'warn', 'error'] as const).map((method) => vi.spyOn(globalThis.console, method));
    try {
      testApp = await buildTestApp({ LOG_LEVEL: level, OCR_TIMEOUT_MS: '1000' }, { logStream: logs.stream });
      const form = await multipart({ file: { bytes: await renderReceiptPng(longReceipt), name: 'r.png', type: 'image/png' } });
      const response = await testApp.app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form });
      expect(response.statusCode).toBe(503);
      const overrun = logs.entries().filter((entry) => /OCR job exceeded 1000 ms/.test(String(entry.msg)));
      expect(overrun).toEqual(shown ? [expect.objectContaining({ level: 40, component: 'extract' })] : []);
      expect(console.flatMap((spy) => spy.mock.calls)).toEqual([]);
      expect(logs.lines.join('\n')).not.toMatch(/OLTERMANNI|YHTEENS/);
    } finally {
      for (const spy of console) spy.mockRestore();
    }
  });
});
