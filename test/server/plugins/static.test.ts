// One origin serves the demo page at / and the widget bundles at /dist/.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';

let testApp: TestApp | undefined;
let root: string | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  if (root) await rm(root, { recursive: true, force: true });
});

describe('demo page and bundles', () => {
  it('serves demo/index.html at / and dist/ files at /dist/', async () => {
    root = await mkdtemp(join(tmpdir(), 'receipt-static-'));
    await mkdir(join(root, 'demo'));
    await mkdir(join(root, 'dist'));
    await writeFile(join(root, 'demo', 'index.html'), '<!doctype html><title>Demo</title><div id="calculator"></div>');
    await writeFile(join(root, 'dist', 'receipt-calculator.umd.js'), 'var ReceiptCalculator = {};');
    testApp = await buildTestApp({}, { staticRoot: root });

    const page = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('id="calculator"');

    const bundle = await testApp.app.inject({ method: 'GET', url: '/dist/receipt-calculator.umd.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body).toContain('ReceiptCalculator');

    const missing = await testApp.app.inject({ method: 'GET', url: '/dist/nothing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('error');
  });

  it('says a folder is missing once it listens, never while a start may still fail', async () => {
    root = await mkdtemp(join(tmpdir(), 'receipt-static-'));
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    testApp = await buildTestApp({ LOG_LEVEL: 'warn' }, { staticRoot: root, logStream });
    expect(lines).toEqual([]);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const said = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(said).toEqual([
      'The demo page is missing (demo/index.html); GET / will answer 404.',
      'The widget bundles are missing (no dist/ folder): run "npm run build" so the demo page can load them.',
    ]);
  });

  it('still serves the API when demo/ and dist/ are absent', async () => {
    root = await mkdtemp(join(tmpdir(), 'receipt-static-'));
    testApp = await buildTestApp({}, { staticRoot: root });
    expect((await testApp.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
