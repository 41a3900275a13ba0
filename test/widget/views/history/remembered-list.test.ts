// The remembered corrections in My receipts: what each one changes, Forget and Forget all with
// focus kept, and the switch, all written to this browser's storage only.
import { describe, expect, it } from 'vitest';
import { REMEMBERED_KEY } from '../../../../src/widget/state/remembered.ts';
import { API } from '../../support/fixtures.ts';
import { useFakeBackend } from '../../support/environment.ts';
import { button, click, mount, settle, text } from '../../support/widget.ts';

const fetch = useFakeBackend();

const KEPT = {
  version: 1,
  enabled: true,
  corrections: [
    { key: 'oatly kaurajuoma 1l', name: 'Oatly kaurajuoma 1L', amount: { unit: 'kg', value: 2.2, per: 2 }, date: '2025-11-02' },
    { key: 'pirkka banaani', name: 'Pirkka banaani', category: 'Other', date: '2025-11-01' },
    { key: 'kananmuna', name: 'Kananmuna', category: 'Eggs', amount: { unit: 'pcs', value: 6, per: 1 }, date: '2025-10-01' },
  ],
};

const stored = () => JSON.parse(localStorage.getItem(REMEMBERED_KEY)!) as { enabled: boolean; corrections: Array<{ key: string }> };

describe('remembered corrections in My receipts', () => {
  it('lists each with what it changes, forgets one or all, and turns remembering off', async () => {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify(KEPT));
    const { shadow, unmount } = await mount(API);
    await settle();
    const requests = fetch.calls.length;
    await click(button(shadow, 'My receipts'));
    await settle();
    const card = shadow.querySelector('[data-testid="remembered-corrections"]')!;
    const rows = () => [...card.querySelectorAll('[data-testid="remembered-list"] li')].map(text);
    expect(rows()).toEqual([
      'Oatly kaurajuoma 1LAmount: 2.2 kg for 2 packs on a lineForget',
      'Pirkka banaaniCategory: OtherForget',
      'KananmunaCategory: Eggs · Amount: 6 piecesForget',
    ]);

    await click(card.querySelectorAll('[data-testid="remembered-list"] button')[1]!);
    expect(rows().map((row) => row.split(/\s|Amount|Category/)[0])).toEqual(['Oatly', 'Kananmuna']);
    expect(text(card.querySelector('[role="status"]')!)).toBe('The correction of Pirkka banaani is forgotten.');
    expect(shadow.activeElement).toBe(card.querySelector('h2'));
    expect(stored().corrections.map((entry) => entry.key)).toEqual(['oatly kaurajuoma 1l', 'kananmuna']);

    const toggle = card.querySelector<HTMLButtonElement>('[role="switch"]')!;
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(stored().enabled).toBe(false);
    expect(text(card.querySelector('[role="status"]')!)).toContain('no longer remembered');

    await click(button(card, 'Forget all'));
    expect(rows()).toEqual([]);
    expect(text(card)).toContain('No corrections remembered yet.');
    // The switch stays off, so it is kept; nothing else is.
    expect(stored()).toEqual({ version: 1, enabled: false, corrections: [] });
    await click(toggle);
    expect(localStorage.getItem(REMEMBERED_KEY)).toBeNull();
    // None of it went to the backend.
    expect(fetch.calls.slice(requests).filter((call) => call.method !== 'GET')).toEqual([]);
    await unmount();
  });
});
