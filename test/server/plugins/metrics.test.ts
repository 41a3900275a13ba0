// GET /metrics speaks the Prometheus text format and counts what operators watch: receipts by
// method and outcome, OCR jobs and their wait for a worker, request latency per route pattern,
// the process's memory. Never a receipt's text or an address as sent.
import { afterEach, describe, expect, it } from 'vitest';
import { multipart } from '../../support/multipart.ts';
import { renderReceiptPng } from '../../support/receipt-files.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** The value of one sample line, e.g. `name{a="b"} 3`. */
function sample(body: string, name: string, labels = ''): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('counts receipts by method and outcome and times requests by route pattern', async () => {
    testApp = await buildTestApp();
    const { app } = testApp;
    const text = 'K-MARKET\nMAITO 1L 1,29\nRUISLEIPÄ 500G 2,49\nYHTEENSÄ 3,78';
    expect((await app.inject({ method: 'POST', url: '/api/process-text', payload: { text } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/process-text', payload: { text } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/process-text', payload: { text: '  ' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/no/such/secret-path-123' })).statusCode).toBe(404);

    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = response.body;
    expect(sample(body, 'receipt_calculator_receipts_total', 'method="text",outcome="analysed"')).toBe(2);
    expect(sample(body, 'receipt_calculator_receipts_total', 'method="none",outcome="refused"')).toBe(1);
    expect(sample(body, 'http_request_duration_seconds_count', 'method="POST",route="/api/process-text",status_code="200"')).toBe(2);
    expect(body).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/process-text",status_code="200"\} \d/);
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(body, 'receipt_calculator_ocr_jobs')).toBe(0);
    expect(sample(body, 'receipt_calculator_stats_store_up', 'store="sqlite"')).toBe(1);
    // Route patterns only: neither the unknown address nor the receipt's words.
    expect(body).not.toContain('secret-path-123');
    expect(body).not.toContain('RUISLEIPÄ');
  });

  it('times the wait of OCR jobs for a worker and counts the photo by its method', async () => {
    testApp = await buildTestApp();
    const png = await renderReceiptPng();
    const upload = async () => {
      const form = await multipart({ file: { bytes: png, name: 'receipt.png', type: 'image/png' }, fileType: 'image' });
      return testApp!.app.inject({ method: 'POST', url: '/api/process-receipt-ai', headers: form.headers, payload: form.payload });
    };
    // Two at once on one worker: the second waits for the first.
    const answers = await Promise.all([upload(), upload()]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const body = (await testApp.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(body, 'receipt_calculator_ocr_wait_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(sample(body, 'receipt_calculator_ocr_wait_seconds_sum')).toBeGreaterThan(0.05);
    expect(sample(body, 'receipt_calculator_receipts_total', 'method="ocr",outcome="analysed"')).toBe(2);
  });
});
