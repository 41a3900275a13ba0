// The public mount contract: open shadow root, styles inside it only, remount, nextFrame, unmount,
// several widgets on one page.
import { describe, expect, it, vi } from 'vitest';
import { analysis, API } from '../support/fixtures.ts';
import { json } from '../support/fake-fetch.ts';
import { useFakeBackend } from '../support/environment.ts';
import { advance, button, click, mount, nextFrame, settle, shadowCss, text } from '../support/widget.ts';


const fetch = useFakeBackend();

describe('mountReceiptCalculator', () => {
  it('renders into an open shadow root and returns an unmount handle', async () => {
    const widget = await mount(API);
    expect(widget.host.shadowRoot).toBe(widget.shadow);
    expect(widget.shadow.mode).toBe('open');
    expect(text(widget.shadow)).toContain('Discover the climate impact of your groceries');
    // Nothing leaks into the host's light DOM.
    expect(widget.host.childNodes).toHaveLength(0);
    await widget.unmount();
  });

  it('injects every rule, global styles and keyframes included, inside the shadow root and none in document.head', async () => {
    const widget = await mount(API);
    await settle();
    const css = shadowCss(widget.shadow);
    // createGlobalStyle: the :host reset and the focus style.
    expect(css).toMatch(/:host\s*\{[^}]*all:\s*initial/);
    expect(css).toContain(':focus-visible');
    // keyframes (the stats skeleton / live dot pulse).
    expect(css).toMatch(/@keyframes/);
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
    expect(document.querySelectorAll('style')).toHaveLength(0);
    await widget.unmount();
  });

  it('marks its style elements with its own styled-components attribute, not the host page\'s', async () => {
    const widget = await mount(API);
    const styles = [...widget.shadow.querySelectorAll('style')];
    expect(styles.length).toBeGreaterThan(0);
    // The test build keeps the default attribute name; the bundle replaces it (see rollup.config.mjs).
    for (const style of styles) expect(style.closest('[data-receipt-calculator-styles]')).not.toBeNull();
    await widget.unmount();
  });

  it('passes the nonce option to its style elements', async () => {
    const widget = await mount(API, { nonce: 'abc123' });
    const styles = [...widget.shadow.querySelectorAll('style')];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('abc123');
    await widget.unmount();
  });

  it('mounts and works on a page whose CSP refuses its styles (no nonce passed), with one warning that asks for the nonce', async () => {
    // What Chromium does with a <style> element that the page's style-src refuses: no sheet.
    vi.spyOn(HTMLStyleElement.prototype, 'sheet', 'get').mockReturnValue(null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const widget = await mount(API);
    await settle();
    expect(text(widget.shadow)).toContain('Discover the climate impact of your groceries');
    await click(button(widget.shadow, 'Scan Your Receipt'));
    expect(text(widget.shadow)).toContain('Calculate your receipt’s footprint');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/Content-Security-Policy.*\{ nonce \}/);
    // The refused rules are not written into the page, where each one would be refused again.
    expect(widget.shadow.querySelectorAll('style')).toHaveLength(0);
    await widget.unmount();
    vi.restoreAllMocks();
  });

  it('warns about nothing where the page applies its styles', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const widget = await mount(API, { nonce: 'abc123' });
    await settle();
    expect(warn).not.toHaveBeenCalled();
    await widget.unmount();
    vi.restoreAllMocks();
  });

  it('mounts into an element that is not in the document yet, and is styled once it is attached', async () => {
    const host = document.createElement('div');
    const widget = await mount(API, undefined, host);
    expect(text(widget.shadow)).toContain('Discover the climate impact of your groceries');
    document.body.append(host);
    await settle();
    expect(shadowCss(widget.shadow)).toMatch(/:host\s*\{[^}]*all:\s*initial/);
    await widget.unmount();
  });

  it('resets inherited properties on :host and again on its own wrapper, in px, never rem', async () => {
    const widget = await mount(API);
    const css = shadowCss(widget.shadow);
    const hostRule = /:host\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    for (const property of ['color', 'font-family', 'font-size', 'line-height', 'letter-spacing', 'text-transform', 'font-style', 'word-spacing', 'text-wrap']) {
      expect(hostRule, property).toMatch(new RegExp(`${property}:[^;]+!important`));
    }
    const wrapper = widget.shadow.querySelector('section[data-view]');
    expect(wrapper).not.toBeNull();
    const wrapperClass = [...(wrapper?.classList ?? [])].at(-1) ?? '';
    const wrapperRule = new RegExp(`\\.${wrapperClass}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    for (const property of ['color', 'font-family', 'line-height', 'letter-spacing', 'text-transform', 'font-style', 'text-wrap']) {
      expect(wrapperRule, property).toMatch(new RegExp(`(^|;)${property}:`));
    }
    expect(wrapperRule).toMatch(/font-size:\s*16px/);
    expect(css).not.toMatch(/\d\s*rem\b/);
    await widget.unmount();
  });

  it('reuses the shadow root on remount (attachShadow twice would throw)', async () => {
    const first = await mount(API);
    const shadow = first.shadow;
    await first.unmount();
    expect(shadow.childNodes).toHaveLength(0);
    const second = await mount(API, undefined, first.host);
    expect(second.shadow).toBe(shadow);
    expect(text(second.shadow)).toContain('Discover the climate impact of your groceries');
    // Mounting again over a live widget replaces it instead of stacking a second copy.
    const third = await mount(API, undefined, first.host);
    expect(third.shadow.querySelectorAll('section[data-view]')).toHaveLength(1);
    await third.unmount();
  });

  it('unmount removes its DOM and styles, stops every timer and aborts a pending request', async () => {
    fetch.on('/api/process-text', () => new Promise<Response>(() => {}));
    const widget = await mount(API);
    await settle();
    await click(button(widget.shadow, 'Scan Your Receipt'));
    await click(button(widget.shadow, 'Try Sample'));
    await nextFrame();
    const uploadSignal = fetch.callsTo('/api/process-text')[0]?.signal;
    expect(uploadSignal?.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);

    await click(button(widget.shadow, 'Back to Home'));
    expect(vi.getTimerCount()).toBeGreaterThan(0); // the 30 s stats refresh runs again

    await widget.unmount();
    expect(uploadSignal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(widget.shadow.childNodes).toHaveLength(0);
    expect(widget.shadow.querySelectorAll('style')).toHaveLength(0);

    const callsBefore = fetch.calls.length;
    await advance(120_000);
    expect(fetch.calls.length).toBe(callsBefore);
  });

  it('unmount during the result delays stops the 0.5 s and 1 s timers', async () => {
    fetch.on('/api/process-text', json(analysis()));
    const widget = await mount(API);
    await click(button(widget.shadow, 'Scan Your Receipt'));
    await click(button(widget.shadow, 'Try Sample'));
    await nextFrame();
    await settle();
    expect(vi.getTimerCount()).toBe(2);
    await widget.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs two widgets on one page independently', async () => {
    const a = await mount(API);
    const b = await mount('https://other.example.test');
    await settle();
    await click(button(a.shadow, 'Scan Your Receipt'));
    expect(text(a.shadow)).toContain('Calculate your receipt’s footprint');
    expect(text(b.shadow)).toContain('Discover the climate impact of your groceries');
    expect(fetch.calls.some((call) => call.url === 'https://other.example.test/stats')).toBe(true);

    await a.unmount();
    expect(text(b.shadow)).toContain('Discover the climate impact of your groceries');
    // b keeps its own refresh running and its own styles.
    const before = fetch.callsTo('/stats').length;
    await advance(30_000);
    expect(fetch.callsTo('/stats').length).toBe(before + 1);
    expect(shadowCss(b.shadow)).toMatch(/:host/);
    await b.unmount();
  });

  it('refuses something that is not an element', async () => {
    const { mountReceiptCalculator } = await import('../../../src/widget/index.ts');
    expect(() => mountReceiptCalculator(null as unknown as HTMLElement)).toThrow(TypeError);
  });
});
