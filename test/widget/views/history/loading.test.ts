// My receipts' body is loaded on first use: the heading shows at once with a line while the body
// loads, and a load that fails (the chunk beside the bundle unreachable) says so and offers Retry.
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { API } from '../../support/fixtures.ts';
import { useFakeBackend } from '../../support/environment.ts';
import { button, click, settle, text } from '../../support/widget.ts';

useFakeBackend();

describe('loading My receipts', () => {
  it('shows the heading and a loading line, then the body; a failed load offers Retry', async () => {
    let answer: { resolve(body: unknown): void; reject(error: unknown): void } | undefined;
    const loadBody = vi.fn(() => new Promise((resolve, reject) => (answer = { resolve, reject })));
    vi.resetModules();
    vi.doMock('../../../../src/widget/views/history/load.ts', () => ({ loadBody, loadedBody: () => null }));
    const { mountReceiptCalculator } = await import('../../../../src/widget/index.ts');
    const { HistoryBody } = await import('../../../../src/widget/views/history/HistoryBody.tsx');

    const host = document.body.appendChild(document.createElement('div'));
    let handle!: { unmount(): void };
    await act(async () => {
      handle = mountReceiptCalculator(host, API);
    });
    const shadow = host.shadowRoot!;
    await settle();
    await click(button(shadow, 'My receipts'));
    expect(text(shadow.querySelector('h1')!)).toBe('My receipts');
    expect(shadow.activeElement).toBe(shadow.querySelector('h1'));
    expect(text(shadow.querySelector('[role="status"]')!)).toBe('Loading My receipts…');

    await act(async () => answer!.reject(new TypeError('Failed to fetch dynamically imported module')));
    await settle();
    expect(text(shadow.querySelector('[role="alert"]')!)).toContain('My receipts could not be loaded.');
    await click(button(shadow, 'Retry'));
    expect(loadBody).toHaveBeenCalledTimes(2);
    await act(async () => answer!.resolve({ HistoryBody }));
    await settle();
    expect(shadow.querySelector('[data-testid="history-list"]')).not.toBeNull();
    await act(async () => handle.unmount());
    vi.doUnmock('../../../../src/widget/views/history/load.ts');
  });
});
