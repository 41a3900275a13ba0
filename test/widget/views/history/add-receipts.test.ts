// "Add receipts" in My receipts, in the widget as mounted: consent first, several files chosen,
// a line each (saved, already saved, not read with the server's reason), a 429 that waits as long
// as the server says, the summary, and the list of saved receipts that follows.
import { describe, expect, it } from 'vitest';
import { HISTORY_KEY } from '../../../../src/widget/state/history-storage.ts';
import { analysis, API } from '../../support/fixtures.ts';
import { json } from '../../support/fake-fetch.ts';
import { useFakeBackend } from '../../support/environment.ts';
import { advance, button, chooseFiles, click, dropFiles, mount, settle, text } from '../../support/widget.ts';

const fetch = useFakeBackend();

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('Add receipts', () => {
  it('reads the chosen files in turn, saves the good ones, names the bad one, and waits as the server asks', async () => {
    const answers = [
      json(analysis({ store_info: { name: 'Prisma Olari', total: 20 } })),
      json({ error: 'Too many receipts from your address in a short time.', code: 'rate-limited' }, 429),
      json(analysis({ store_info: { name: 'Lidl Kalasatama', total: 31.5 } })),
      json({ error: 'No receipt could be read from this file.', code: 'nothing-readable' }, 422),
      json(analysis({ store_info: { name: 'Prisma Olari', total: 20 } })),
    ];
    answers[1]!.headers.set('Retry-After', '3');
    for (const answer of answers) fetch.once('/api/process-receipt-ai', answer);
    const { shadow, unmount } = await mount(API);
    await settle();
    await click(button(shadow, 'My receipts'));
    await settle();
    const card = shadow.querySelector('[data-testid="add-receipts"]')!;
    const choose = button(card, 'Choose files');
    expect(choose.disabled).toBe(true);
    expect(text(card)).toContain('Please accept the privacy terms above');
    await click(card.querySelector('input[type="checkbox"]')!);
    expect(choose.disabled).toBe(false);

    const input = card.querySelector<HTMLInputElement>('[data-testid="batch-input"]')!;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/*,application/pdf,.pdf');
    await chooseFiles(input, [pdf('a.pdf'), pdf('b.pdf'), pdf('bad.pdf'), pdf('a-again.pdf')]);
    await settle();
    const lines = () => [...card.querySelectorAll('[data-testid="batch-lines"] li')].map((li) => [li.getAttribute('data-status'), text(li)]);
    expect(lines()[1]).toEqual(['retrying', 'b.pdfThe service is busy. Trying again in 3 s.']);
    expect(text(card.querySelector('[data-testid="batch-summary"]')!)).toBe('Reading 2 of 4 receipts…');
    expect(button(card, 'Cancel')).toBeTruthy();

    await advance(3000);
    await settle();
    expect(lines()).toEqual([
      ['saved', 'a.pdfSaved: 12.3 kg CO2e, Prisma Olari'],
      ['saved', 'b.pdfSaved: 12.3 kg CO2e, Lidl Kalasatama'],
      ['failed', 'bad.pdfNot read: No receipt could be read from this file.'],
      ['duplicate', expect.stringMatching(/^a-again\.pdfAlready saved on this device \(Prisma Olari, .+\): not saved again\.$/)],
    ]);
    expect(text(card.querySelector('[data-testid="batch-summary"]')!)).toBe('Done: 2 of 4 receipts saved.');
    // Cancel goes with the run.
    expect([...card.querySelectorAll('button')].map(text)).not.toContain('Cancel');
    expect(fetch.callsTo('/api/process-receipt-ai')).toHaveLength(5);
    expect((JSON.parse(localStorage.getItem(HISTORY_KEY)!) as { receipts: unknown[] }).receipts).toHaveLength(2);
    expect([...shadow.querySelectorAll('[data-testid="history-list"] li')]).toHaveLength(2);
    await unmount();
  });

  it('takes files dropped on its area, only with consent', async () => {
    fetch.on('/api/process-receipt-ai', () => json(analysis()));
    const { shadow, unmount } = await mount(API);
    await settle();
    await click(button(shadow, 'My receipts'));
    await settle();
    const area = shadow.querySelector('[data-testid="batch-drop"]')!;
    await dropFiles(area, [pdf('early.pdf')]);
    expect(shadow.querySelector('[data-testid="batch-lines"]')).toBeNull();
    expect(fetch.callsTo('/api/process-receipt-ai')).toHaveLength(0);

    await click(shadow.querySelector('[data-testid="add-receipts"] input[type="checkbox"]')!);
    await dropFiles(area, [pdf('one.pdf'), pdf('two.pdf')]);
    await settle();
    await advance(10);
    await settle();
    const lines = [...shadow.querySelectorAll('[data-testid="batch-lines"] li')].map((li) => text(li.querySelector('strong')!));
    expect(lines).toEqual(['one.pdf', 'two.pdf']);
    expect(fetch.callsTo('/api/process-receipt-ai')).toHaveLength(2);
    await unmount();
  });
});
