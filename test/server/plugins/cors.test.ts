// The widget runs on other sites' pages and calls the API cross-origin.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const preflight = (app: TestApp['app'], origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/process-text',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe('CORS', () => {
  it('lets any origin call the API when ALLOWED_ORIGINS is unset', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/stats', headers: { origin: 'https://kauppa.example.fi' } });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const options = await preflight(testApp.app, 'https://kauppa.example.fi');
    expect(options.statusCode).toBe(204);
    expect(String(options.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('answers only the listed origins when ALLOWED_ORIGINS is set', async () => {
    testApp = await buildTestApp({ ALLOWED_ORIGINS: 'https://ilmasto.example.fi, http://localhost:5173' });
    const allowed = await testApp.app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://localhost:5173' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const other = await testApp.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(testApp.app, 'https://ilmasto.example.fi')).headers['access-control-allow-origin']).toBe(
      'https://ilmasto.example.fi',
    );
  });

  it('puts CORS headers on refusals too, so the widget can read the sentence', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/process-text',
      headers: { origin: 'https://kauppa.example.fi' },
      payload: { text: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('lets the page read Retry-After on a refusal, so a batch can wait as long as the server says', async () => {
    testApp = await buildTestApp({ RATE_LIMIT_MAX: '1' });
    const send = () =>
      testApp!.app.inject({
        method: 'POST',
        url: '/api/process-text',
        headers: { origin: 'https://kauppa.example.fi' },
        payload: { text: 'Maito 1,00\nYHTEENSÄ 1,00' },
      });
    await send();
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(String(limited.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/)).toContain('retry-after');
  });
});
