// "Save to this device" on a result and the "My receipts" view, in the widget as mounted: what
// is saved, what the view shows, deleting, a full storage, and no request for any of it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_KEY } from '../../../../src/widget/state/history-storage.ts';
import { analysis, API, STATS } from '../../support/fixtures.ts';
import { json } from '../../support/fake-fetch.ts';
import { useFakeBackend } from '../../support/environment.ts';
import { advance, button, click, mount, nextFrame, settle, text } from '../../support/widget.ts';

const fetch = useFakeBackend();

beforeEach(() => {
  // A fresh answer for every call: a Response body reads only once.
  fetch.on('/api/process-text', () => json(analysis({ total_emissions_low: 9.84, total_emissions_high: 15.2 })));
  fetch.on('/stats', () => json(STATS));
});

async function resultShown(shadow: ShadowRoot): Promise<void> {
  await click(button(shadow, 'Try Demo'));
  await click(button(shadow, 'Try Sample'));
  await nextFrame();
  await settle();
  await advance(1000);
  expect(shadow.querySelector('[data-testid="result"]')).not.toBeNull();
}

/** The sample's result saved to this device, and My receipts opened from it. */
async function savedAndOpened(shadow: ShadowRoot): Promise<void> {
  await resultShown(shadow);
  await click(button(shadow, 'Save to this device'));
  await click(button(shadow, 'My receipts'));
  await settle();
}

const rows = (shadow: ShadowRoot, id: string) => [...shadow.querySelectorAll(`[data-testid="${id}"] li`)].map(text);

describe('My receipts in the widget', () => {
  it('saves the summary on the result, without names unless asked, and sends nothing', async () => {
    vi.setSystemTime(new Date(2025, 10, 3, 12));
    const { shadow, unmount } = await mount(API);
    await settle();
    await resultShown(shadow);
    const requests = fetch.calls.length;
    const toggle = shadow.querySelector<HTMLButtonElement>('[role="switch"]')!;
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await click(button(shadow, 'Save to this device'));
    expect(text(shadow.querySelector('[data-testid="save-receipt"] [role="status"]')!)).toBe('Saved to this device.');
    expect(shadow.activeElement).toBe(button(shadow, 'My receipts'));
    const stored = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '') as { receipts: unknown[] };
    expect(stored.receipts).toHaveLength(1);
    expect(stored.receipts[0]).toMatchObject({ date: '2025-11-03', store: 'K-Citymarket Helsinki Ruoholahti', totalKg: 12.34, itemCount: 4 });
    expect(localStorage.getItem(HISTORY_KEY)).not.toContain('Oltermanni');
    expect(fetch.calls.length).toBe(requests);

    // My receipts from the result: the list, the month, the categories and both averages.
    await click(button(shadow, 'My receipts'));
    await settle();
    expect(text(shadow.querySelector('h1')!)).toBe('My receipts');
    expect(shadow.activeElement).toBe(shadow.querySelector('h1'));
    expect(rows(shadow, 'history-list')[0]).toContain('12.3 kg CO2e, about 10–15 · 4 items · €46.50');
    expect(rows(shadow, 'history-months')).toEqual([
      'November 202512.3 kg CO2e · 1 receipt',
      'Your average per receipt12.3 kg CO2e',
      'Community average per receipt8.70 kg CO2e',
    ]);
    expect(rows(shadow, 'history-categories')).toEqual([
      'Red Meat6.80 kg CO2e',
      'Dairy3.50 kg CO2e',
      'Grains1.50 kg CO2e',
      'Vegetables0.54 kg CO2e',
    ]);

    // Back goes to the result it came from; Delete removes the receipt.
    await click(button(shadow, 'Back'));
    expect(shadow.querySelector('[data-testid="result"]')).not.toBeNull();
    await click(button(shadow, 'My receipts'));
    await click(button(shadow, 'Delete'));
    expect(rows(shadow, 'history-list')).toEqual([]);
    expect(text(shadow.querySelector('[data-testid="history-status"]')!)).toBe('Deleted.');
    expect(localStorage.getItem(HISTORY_KEY)).toBeNull();
    await unmount();
  });

  it('compares with the community only once the community has counted a receipt', async () => {
    fetch.on('/stats', () => json({ total_receipts_processed: 0, receipts_today: 0, receipts_this_week: 0, average_emissions_per_receipt: 0 }));
    const { shadow, unmount } = await mount(API);
    await settle();
    await savedAndOpened(shadow);
    expect(rows(shadow, 'history-months').at(-1)).toBe('Community average per receipt' + 'No receipts yet');
    await unmount();
  });

  it('an export leaves no timer or file URL behind once the widget is unmounted', async () => {
    const revoked: string[] = [];
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    const created = vi.spyOn(URL, 'createObjectURL');
    const { shadow, unmount } = await mount(API);
    await settle();
    await savedAndOpened(shadow);
    await click(button(shadow, 'Export CSV'));
    const url = created.mock.results[0]?.value as string | undefined;
    expect(url).toBeTypeOf('string');
    expect(revoked).toEqual([]);
    await unmount();
    expect(revoked).toEqual([url]);
    expect(vi.getTimerCount()).toBe(0);
    revoke.mockRestore();
    created.mockRestore();
  });

  it('a full storage says so on the result and the result stays', async () => {
    const { shadow, unmount } = await mount(API);
    await settle();
    await resultShown(shadow);
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await click(button(shadow, 'Save to this device'));
    setItem.mockRestore();
    expect(text(shadow.querySelector('[data-testid="save-receipt"] [role="alert"]')!)).toContain('storage is full, so nothing was saved');
    expect(button(shadow, 'Save to this device')).not.toBeNull();
    expect(shadow.querySelector('[data-testid="result"]')).not.toBeNull();
    await unmount();
  });

  it('saved data that cannot be read shows a notice in the history, not an error', async () => {
    localStorage.setItem(HISTORY_KEY, '{"version":2,"receipts":[');
    const { shadow, unmount } = await mount(API);
    await settle();
    await click(button(shadow, 'My receipts'));
    expect(text(shadow.querySelector('[data-testid="history-alert"]')!)).toBe('Some saved data could not be read and is left out.');
    expect(text(shadow)).toContain('No saved receipts yet.');
    await unmount();
  });
});
