// The built bundles (`npm run build`; `npm test` builds before it runs this). When dist/ has not
// been built the checks are skipped with a note, except on CI (`CI` set), where they fail: there
// the build always runs first, so a missing bundle is a broken pipeline, not a local shortcut.
// A second, unminified build checks that RECEIPT_CALCULATOR_API_URL gives the bundle a backend.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../../../scripts/paths.ts';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../../src/widget/i18n/index.ts';
import { analysis, API, STATS } from '../support/fixtures.ts';
import { json } from '../support/fake-fetch.ts';
import { useFakeBackend } from '../support/environment.ts';
import { advance, button, click, settle, text } from '../support/widget.ts';

const ROOT = REPO_ROOT;
const DIST = join(ROOT, 'dist');
const UMD = join(DIST, 'receipt-calculator.umd.js');
const ESM = join(DIST, 'receipt-calculator.esm.js');
const TYPES = join(DIST, 'types/widget/index.d.ts');
const built = existsSync(UMD) && existsSync(ESM);
const onCi = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI);

if (!built && !onCi) console.warn('dist/ is not built: the bundle checks are skipped (run `npm run build`).');

interface Api {
  mountReceiptCalculator: (element: HTMLElement, api?: string, options?: { locale?: string }) => { unmount(): void };
}

/** The script tag's weight budget (bench/size.ts prints the full table). */
const UMD_GZIP_BUDGET_BYTES = 100_000;

interface Global {
  ReceiptCalculator?: Api;
}

/** Runs a UMD bundle as a script tag would and returns the global it defines (then removes it). */
function loadUmd(code: string): Api {
  const global = globalThis as Global;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the built bundle as a page's script tag would.
  new Function(code).call(globalThis);
  const api = global.ReceiptCalculator;
  delete global.ReceiptCalculator;
  if (typeof api?.mountReceiptCalculator !== 'function') throw new Error('The bundle defined no ReceiptCalculator.');
  return api;
}

interface BundleWidget {
  host: HTMLElement;
  shadow: ShadowRoot;
  unmount: () => Promise<void>;
}

async function mountBundle(api: Api, apiBaseUrl?: string, locale?: string): Promise<BundleWidget> {
  const host = document.body.appendChild(document.createElement('div'));
  let handle: { unmount(): void } | undefined;
  await act(async () => {
    handle = api.mountReceiptCalculator(host, apiBaseUrl, locale === undefined ? undefined : { locale });
  });
  return { host, shadow: host.shadowRoot!, unmount: () => act(async () => handle?.unmount()) };
}

/** Mounts a bundle's widget with no backend argument (and nothing saved) and clicks Try Sample. */
async function trySampleWithoutArgument(api: Api): Promise<BundleWidget> {
  const widget = await mountBundle(api);
  await settle();
  await click(button(widget.shadow, 'Try Demo'));
  await advance(50);
  await click(button(widget.shadow, 'Try Sample'));
  await advance(50);
  await settle();
  return widget;
}

/** Builds the UMD bundle with the given environment into a temporary folder and returns its code. */
async function buildUmd(env: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-calculator-bundle-'));
  try {
    const file = join(dir, 'receipt-calculator.umd.js');
    const child = spawn(process.execPath, [join(ROOT, 'test/widget/support/build-umd.ts'), file], {
      cwd: ROOT,
      env: { ...process.env, RECEIPT_CALCULATOR_MINIFY: '0', RECEIPT_CALCULATOR_OUT_DIR: dir, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (status !== 0) throw new Error(`The test build failed:\n${errors}`);
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!built && !onCi)('built bundles', () => {
  const fetch = useFakeBackend();

  beforeAll(() => {
    if (!built) throw new Error('dist/ is not built but CI is set: run `npm run build` first (npm test does).');
  });

  it('are self-contained production builds with no process.env or bare imports left', () => {
    for (const file of [UMD, ESM]) {
      const code = readFileSync(file, 'utf8');
      expect(code).not.toContain('process.env');
      expect(code).not.toMatch(/\brequire\(["']/);
      expect(code).not.toMatch(/^import\s|\bfrom\s*["'](react|react-dom|styled-components)/m);
      // Minified: react-dom's internal variable names are mangled away.
      expect(code).not.toContain('workInProgressRoot');
      // React's production build (development builds carry this warning text).
      expect(code).not.toContain('Warning: Each child in a list should have a unique "key" prop');
    }
  });

  it('are plain ASCII, so a host page in another encoding that serves them without a charset reads every character right', () => {
    for (const file of [UMD, ESM]) expect(readFileSync(file, 'utf8')).not.toMatch(/[\u0080-\uffff]/);
  });

  it('declares the public API', () => {
    const types = readFileSync(TYPES, 'utf8');
    expect(types).toContain('mountReceiptCalculator');
    expect(types).toContain('MountOptions');
  });

  it('exposes window.ReceiptCalculator and mounts with its own styled-components attribute', async () => {
    const api = loadUmd(readFileSync(UMD, 'utf8'));
    expect(typeof api.mountReceiptCalculator).toBe('function');

    const { host, unmount } = await mountBundle(api, API);
    const styles = [...(host.shadowRoot?.querySelectorAll('style') ?? [])];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) {
      expect(style.hasAttribute('data-receipt-calculator-sc')).toBe(true);
      expect(style.hasAttribute('data-styled')).toBe(false);
    }
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
    expect(host.shadowRoot?.textContent).toContain('Discover the climate impact of your groceries');
    await unmount();
    expect(host.shadowRoot?.childNodes).toHaveLength(0);
  });

  it('hold every language within the UMD budget of 100 KB gzip', async () => {
    const code = readFileSync(UMD, 'utf8');
    expect(gzipSync(code, { level: 9 }).length).toBeLessThan(UMD_GZIP_BUDGET_BYTES);
    const api = loadUmd(code);
    for (const locale of ['fi', 'sv', 'en'] as const) {
      const { host, unmount } = await mountBundle(api, API, locale);
      expect(host.shadowRoot?.textContent).toContain(messagesFor(locale).home.headline);
      await unmount();
    }
  });

  it('carry no backend URL by default: with none given, Try Sample asks for one and nothing is called', async () => {
    const { shadow, unmount } = await trySampleWithoutArgument(loadUmd(readFileSync(UMD, 'utf8')));
    expect(text(shadow.querySelector('[role="alert"]')!)).toBe('ErrorPlease configure your Railway API URL first');
    expect(fetch.calls).toEqual([]);
    await unmount();
  });
});

describe('a build with RECEIPT_CALCULATOR_API_URL', () => {
  const fetch = useFakeBackend();
  const BUILD_URL = 'https://calculator.example.test/v1';
  let code = '';

  beforeAll(async () => {
    code = await buildUmd({ RECEIPT_CALCULATOR_API_URL: `${BUILD_URL}/` });
  }, 120_000);

  it('talks to that backend when the embedding gives none, trailing slash trimmed, without a health check', async () => {
    fetch.on('/v1/api/process-text', json(analysis()));
    fetch.on('/v1/stats', json(STATS));
    const { shadow, unmount } = await trySampleWithoutArgument(loadUmd(code));
    await advance(1000);
    expect(fetch.callsTo('/v1/api/process-text').map((call) => call.url)).toEqual([`${BUILD_URL}/api/process-text`]);
    expect(fetch.calls.every((call) => call.url.startsWith(`${BUILD_URL}/`))).toBe(true);
    expect(fetch.callsTo('/v1/health')).toEqual([]);
    expect(shadow.querySelector('[data-testid="result"]')).not.toBeNull();
    await unmount();
  });

  it('gives way to the mount argument', async () => {
    const { unmount } = await mountBundle(loadUmd(code), API);
    await settle();
    expect(fetch.callsTo('/health').map((call) => call.url)).toEqual([`${API}/health`]);
    expect(fetch.calls.some((call) => call.url.startsWith(BUILD_URL))).toBe(false);
    await unmount();
  });
});
