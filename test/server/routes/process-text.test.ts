// POST /api/process-text: JSON { text } → the analysis result of the contract.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../src/contract.ts';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { COUNTED_RECEIPT_TEXT, expectConsistentAnalysis } from '../helpers.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('POST /api/process-text', () => {
  it('analyses the built-in sample offline, with consistent totals and categories', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: SAMPLE_RECEIPT_TEXT } });
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expectConsistentAnalysis(result);
    expect(result.metadata.processing_method).toBe('text');
    expect(result.store_info.total).toBeCloseTo(46.9, 2);
  });

  it('answers the same items for the same receipt with Windows line ends', async () => {
    testApp = await buildTestApp();
    const post = (text: string) => testApp!.app.inject({ method: 'POST', url: '/api/process-text', payload: { text } });
    const unix = (await post(COUNTED_RECEIPT_TEXT)).json<AnalysisResult>();
    const windows = (await post(COUNTED_RECEIPT_TEXT.replace(/\n/g, '\r\n'))).json<AnalysisResult>();
    expect(windows.items).toEqual(unix.items);
  });
});

describe('POST /api/process-text with an unreachable OpenAI service', () => {
  it('falls back to the built-in reader and says so in metadata.warnings', async () => {
    // Port 9 (discard) on loopback refuses connections at once.
    testApp = await buildTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_TIMEOUT_MS: '2000' });
    const response = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: COUNTED_RECEIPT_TEXT } });
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expectConsistentAnalysis(result);
    expect(result.metadata.processing_method).toBe('text');
    expect(result.metadata.warnings).toContain('The AI reader was unavailable, so the receipt was read with the built-in reader.');
    expect(result.metadata.notices?.map((notice) => notice.code)).toContain('ai-unavailable');
  });
});
