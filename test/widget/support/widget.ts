// Mounting the public widget in a test and finding things inside its shadow root.
import { act } from 'react';
import { mountReceiptCalculator, type MountOptions } from '../../../src/widget/index.ts';
import { json, type FakeFetch } from './fake-fetch.ts';
import { API } from './fixtures.ts';
import { FRAME_MS } from './frames.ts';

export interface TestWidget {
  host: HTMLElement;
  shadow: ShadowRoot;
  unmount: () => Promise<void>;
}

export async function mount(apiBaseUrl?: string, options?: MountOptions, host?: HTMLElement): Promise<TestWidget> {
  const element = host ?? document.body.appendChild(document.createElement('div'));
  let handle!: ReturnType<typeof mountReceiptCalculator>;
  await act(async () => {
    handle = mountReceiptCalculator(element, apiBaseUrl, options);
  });
  const shadow = element.shadowRoot;
  if (!shadow) throw new Error('The widget attached no open shadow root.');
  return {
    host: element,
    shadow,
    unmount: () => act(async () => handle.unmount()),
  };
}

/** Lets pending promises (fake fetch answers) settle and React render what they changed. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

/** Advances fake timers inside act so the renders they cause are flushed. */
export async function advance(ms: number): Promise<void> {
  const { vi } = await import('vitest');
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Lets one (fake) frame be painted: a processing run shows its first step for a frame before it
 * sends its request.
 */
export async function nextFrame(): Promise<void> {
  await advance(FRAME_MS);
}

export function text(root: ParentNode): string {
  return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The element whose own text is exactly `label` (buttons, links, headings…). */
export function byText<T extends Element = HTMLElement>(root: ParentNode, label: string, selector = '*'): T {
  const found = [...root.querySelectorAll<T>(selector)].filter((el) => text(el) === label);
  const last = found.at(-1);
  if (!last) throw new Error(`No ${selector} with text "${label}" in: ${text(root).slice(0, 400)}`);
  return last;
}

export function queryByText(root: ParentNode, label: string, selector = '*'): Element | null {
  return [...root.querySelectorAll(selector)].filter((el) => text(el) === label).at(-1) ?? null;
}

export function button(root: ParentNode, label: string): HTMLButtonElement {
  return byText<HTMLButtonElement>(root, label, 'button');
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Picks files in a file input the way a browser does: set its files, fire change. */
export async function chooseFiles(input: HTMLInputElement, files: File[]): Promise<void> {
  await act(async () => {
    Object.defineProperty(input, 'files', { configurable: true, value: files });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Drops files on an element (dragover then drop). */
export async function dropFiles(target: Element, files: File[]): Promise<void> {
  const dataTransfer = { files, dropEffect: 'none', types: ['Files'] };
  await act(async () => {
    for (const type of ['dragenter', 'dragover', 'drop']) {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      target.dispatchEvent(event);
    }
  });
}

/** All CSS text the widget injected into its shadow root. */
export function shadowCss(shadow: ShadowRoot): string {
  return [...shadow.querySelectorAll('style')]
    .map((style) => {
      const rules = style.sheet ? [...style.sheet.cssRules].map((rule) => rule.cssText).join('\n') : '';
      return `${style.textContent ?? ''}\n${rules}`;
    })
    .join('\n');
}

/** Runs the sample from home (through the buttons named `scan` and `sample`) up to the result view. */
export async function runSample(widget: TestWidget, scan = 'Scan Your Receipt', sample = 'Try Sample'): Promise<void> {
  await click(button(widget.shadow, scan));
  await click(button(widget.shadow, sample));
  await nextFrame();
  await settle();
  await advance(1000);
  if (!widget.shadow.querySelector('[data-testid="result"]')) throw new Error(`no result: ${text(widget.shadow).slice(0, 300)}`);
}

/** Mounts the widget and runs the sample with `result` as the backend's answer, up to the result view. */
export async function showResult(fetch: FakeFetch, result: unknown): Promise<TestWidget> {
  fetch.on('/api/process-text', json(result));
  const widget = await mount(API);
  await settle();
  await runSample(widget);
  return widget;
}
