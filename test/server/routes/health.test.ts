import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('GET /health', () => {
  it('is ok and says no OpenAI reader is configured without a key', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', openai_configured: false, ocr: 'ready' });
    expect(typeof response.json<{ version: unknown }>().version).toBe('string');
  });

  it('says the OpenAI reader is configured when OPENAI_API_KEY is set, without revealing the key', async () => {
    testApp = await buildTestApp({ OPENAI_API_KEY: 'sk-test-not-a-real-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toMatchObject({ status: 'ok', openai_configured: true });
    expect(response.body).not.toContain('sk-test');
  });
});
