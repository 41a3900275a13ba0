// A receipt read after a correction was remembered: the line carries "Your correction", a note
// says how many lines changed, and one tap on Undo puts that line back as read (through the
// backend), while the device keeps remembering it.
import { describe, expect, it } from 'vitest';
import type { RecalculateRequest } from '../../../src/contract.ts';
import { REMEMBERED_KEY } from '../../../src/widget/state/remembered.ts';
import { analysis } from '../support/fixtures.ts';
import { json } from '../support/fake-fetch.ts';
import { useFakeBackend } from '../support/environment.ts';
import { click, settle, showResult, text } from '../support/widget.ts';

const fetch = useFakeBackend();

const READ = analysis();
const KEPT = {
  version: 1,
  enabled: true,
  corrections: [{ key: 'fazer puikula', name: 'FAZER PUIKULA', category: 'Processed Food', date: '2025-11-01' }],
};

describe('a remembered correction on a new receipt', () => {
  it('is put in, marked, announced, and undone for this receipt with one tap', async () => {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify(KEPT));
    const corrected = READ.items.map((item, i) => (i === 4 ? { ...item, category: 'Processed Food' as const, emissions: 2.4 } : item));
    fetch.once('/api/recalculate', json(analysis({ items: corrected, total_emissions: 13.24 })));
    fetch.once('/api/recalculate', json(READ));
    const { shadow, unmount } = await showResult(fetch, READ);
    await settle();

    const sent = (index: number) => JSON.parse(fetch.callsTo('/api/recalculate')[index]!.body as string) as RecalculateRequest;
    expect(sent(0).items[4]).toEqual({ name: 'Fazer Puikula', category: 'Processed Food', price: 2.19, weight: 0.4 });
    expect(text(shadow.querySelector('[data-testid="total-emissions"]')!)).toBe('13.2 kg CO2e');
    const marks = shadow.querySelectorAll('[data-testid="remembered-mark"]');
    expect([...marks].map(text)).toEqual(['Your correction']);
    expect(text(shadow.querySelector('[data-testid="remembered-note"]')!)).toBe('A correction you made before changed 1 line of this receipt.');

    const undo = shadow.querySelector<HTMLButtonElement>('button[aria-label="Undo your correction of Fazer Puikula on this receipt"]')!;
    expect(text(undo)).toBe('Undo');
    await click(undo);
    await settle();
    expect(sent(1).items[4]).toEqual({ name: 'Fazer Puikula', category: 'Grains', price: 2.19, weight: 0.4 });
    expect(text(shadow.querySelector('[data-testid="total-emissions"]')!)).toBe('12.3 kg CO2e');
    expect(shadow.querySelectorAll('[data-testid="remembered-mark"]')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_KEY)!)).toEqual(KEPT);
    await unmount();
  });
});
