// The built bundles (`npm run build`; `npm test` builds before it runs this). Skipped, with a
// note, when dist/ has not been built.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { analysis, API } from './support/fixtures.ts';
import { json } from './support/fake-fetch.ts';
import { useFakeBackend } from './support/environment.ts';

const DIST = join(import.meta.dirname, '../../dist');
const UMD = join(DIST, 'receipt-calculator.umd.js');
const ESM = join(DIST, 'receipt-calculator.esm.js');
const TYPES = join(DIST, 'types/widget/index.d.ts');
const built = existsSync(UMD) && existsSync(ESM);

if (!built) console.warn('dist/ is not built: the bundle checks are skipped (run `npm run build`).');

interface Global {
  ReceiptCalculator?: { mountReceiptCalculator: (element: HTMLElement, api?: string) => { unmount(): void } };
}

describe.skipIf(!built)('built bundles', () => {
  const fetch = useFakeBackend();

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
    for (const file of [UMD, ESM]) expect(readFileSync(file, 'utf8')).toMatch(/^[\x00-\x7f]*$/);
  });

  it('declares the public API', () => {
    const types = readFileSync(TYPES, 'utf8');
    expect(types).toContain('mountReceiptCalculator');
    expect(types).toContain('MountOptions');
  });

  it('exposes window.ReceiptCalculator and mounts with its own styled-components attribute', async () => {
    fetch.on('/api/process-text', json(analysis()));
    const global = globalThis as Global;
    new Function(readFileSync(UMD, 'utf8')).call(globalThis);
    const api = global.ReceiptCalculator;
    expect(typeof api?.mountReceiptCalculator).toBe('function');

    const host = document.body.appendChild(document.createElement('div'));
    let handle: { unmount(): void } | undefined;
    await act(async () => {
      handle = api?.mountReceiptCalculator(host, API);
    });
    const styles = [...(host.shadowRoot?.querySelectorAll('style') ?? [])];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) {
      expect(style.hasAttribute('data-receipt-calculator-sc')).toBe(true);
      expect(style.hasAttribute('data-styled')).toBe(false);
    }
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
    expect(host.shadowRoot?.textContent).toContain('Discover the climate impact of your groceries');
    await act(async () => handle?.unmount());
    expect(host.shadowRoot?.childNodes).toHaveLength(0);
    delete global.ReceiptCalculator;
  });
});
