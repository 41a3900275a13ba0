// Remembered corrections end to end without React: a change is kept in storage, the next
// receipt read gets it through the backend's recalculation with a mark, one line can be put back
// for this receipt only, undo takes a remembered change back, the switch and Forget work, and
// blocked storage changes nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisResult, RecalculateRequest } from '../../../src/contract.ts';
import type { ApiClient } from '../../../src/widget/api/client.ts';
import { ApiFailure } from '../../../src/widget/api/errors.ts';
import { createController } from '../../../src/widget/state/controller.ts';
import { createRemembered, REMEMBERED_KEY } from '../../../src/widget/state/remembered.ts';
import { analysis, STATS } from '../support/fixtures.ts';
import { QuotaStorage } from '../support/memory-storage.ts';

/** A backend stand-in whose recalculation answers with the request's lines as they were sent. */
function backend(read: () => AnalysisResult) {
  const recalculations: RecalculateRequest[] = [];
  let refuse = false;
  const api: ApiClient = {
    health: async () => ({ status: 'ok', openai_configured: false }),
    stats: async () => STATS,
    processReceipt: async () => read(),
    processText: async () => read(),
    recalculate: async (request) => {
      recalculations.push(request);
      if (refuse) throw new ApiFailure({ kind: 'no-answer' });
      return analysis({
        items: request.items.map((item) => ({
          name: item.name,
          category: item.category ?? 'Other',
          weight: item.weight ?? item.quantity ?? 1,
          emissions: 1,
          price: item.price ?? 0,
          ...(item.quantity !== undefined ? { quantity: item.quantity, piece_weight: 1 } : {}),
          ...(item.edited ? { edited: true } : {}),
        })),
      });
    },
  };
  return { api, recalculations, refuseRecalculation: () => (refuse = true) };
}

const sample = () =>
  analysis({
    metadata: {
      processed_at: '2025-11-14T17:42:00Z',
      processing_method: 'text',
      items_found: 2,
      warnings: ['The items found add up to 2,87 € but the receipt total is 46,90 €.'],
      notices: [{ code: 'total-mismatch', params: { items_total: 2.87, printed_total: 46.9 }, message: 'The items found add up to 2,87 € but the receipt total is 46,90 €.' }],
    },
    items: [
      { name: 'Elovena kaurahiutale 1kg', category: 'Grains', weight: 1, emissions: 0.8, price: 1.89, quantity: 1, piece_weight: 1 },
      { name: 'Pirkka banaani', category: 'Fruits', weight: 0.52, emissions: 0.4, price: 0.98, quantity: 1 },
    ],
  });

/** What storage keeps under the remembered corrections' key. */
const kept = (storage: Storage) => JSON.parse(storage.getItem(REMEMBERED_KEY)!) as { corrections: Array<{ amount?: unknown; category?: string }> };

function setUp(storage: Storage = new QuotaStorage()) {
  const remembered = createRemembered({ storage: () => storage, now: () => new Date(2025, 10, 4, 12) });
  const server = backend(sample);
  const controller = createController({ baseUrl: () => 'https://api.example.test', checkHealth: false, sampleText: 'S', createApi: () => server.api, remembered });
  async function readSample() {
    controller.scanAnother();
    controller.trySample();
    await vi.advanceTimersByTimeAsync(2000);
    return controller.store.getState();
  }
  return { storage, remembered, server, controller, readSample };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('remembered corrections', () => {
  it('a category fixed on one receipt is put into the next receipt of the same line, marked, and can be put back there', async () => {
    const { storage, controller, server, readSample } = setUp();
    const first = await readSample();
    expect(server.recalculations).toHaveLength(0);
    expect(first.result!.rememberedFrom).toBeUndefined();

    await controller.corrections.edit({ type: 'category', index: 0, category: 'Processed Food' });
    expect(JSON.parse(storage.getItem(REMEMBERED_KEY)!)).toEqual({
      version: 1,
      enabled: true,
      corrections: [{ key: 'elovena kaurahiutale 1kg', name: 'Elovena kaurahiutale 1kg', category: 'Processed Food', date: '2025-11-04' }],
    });

    const second = await readSample();
    expect(server.recalculations.at(-1)!.items[0]).toEqual({ name: 'Elovena kaurahiutale 1kg', category: 'Processed Food', price: 1.89, quantity: 1 });
    // What the reading noticed is still said.
    expect(second.result!.metadata.notices).toEqual(sample().metadata.notices);
    expect(second.result!.metadata.warnings).toEqual(['The items found add up to 2,87 € but the receipt total is 46,90 €.']);
    expect(second.result!.items.map((item) => item.category)).toEqual(['Processed Food', 'Fruits']);
    expect(second.result!.rememberedFrom).toEqual([{ name: 'Elovena kaurahiutale 1kg', category: 'Grains', price: 1.89, quantity: 1 }, null]);
    // Undo and reset return to the receipt as read.
    expect(second.corrections!.original.items[0]!.category).toBe('Grains');

    // One tap puts the line back as read on this receipt; the device still remembers it.
    await controller.corrections.edit({ type: 'as-read', index: 0, item: second.result!.rememberedFrom![0]! });
    const after = controller.store.getState().result!;
    expect(after.items[0]!.category).toBe('Grains');
    expect(after.rememberedFrom).toBeUndefined();
    expect(kept(storage).corrections).toHaveLength(1);
  });

  it('undoing a change takes back what it remembered', async () => {
    const { storage, controller, readSample } = setUp();
    await readSample();
    await controller.corrections.edit({ type: 'amount', index: 0, amount: { unit: 'g', value: 750 } });
    expect(kept(storage).corrections[0]!.amount).toEqual({ unit: 'g', value: 750, per: 1 });
    controller.corrections.undo();
    expect(storage.getItem(REMEMBERED_KEY)).toBeNull();

    await controller.corrections.edit({ type: 'category', index: 1, category: 'Vegetables' });
    await controller.corrections.edit({ type: 'category', index: 1, category: 'Other' });
    controller.corrections.undo();
    expect(kept(storage).corrections[0]!.category).toBe('Vegetables');
    controller.corrections.reset();
    expect(storage.getItem(REMEMBERED_KEY)).toBeNull();
  });

  it('with the switch off nothing is remembered or put in; Forget and Forget all remove entries', async () => {
    const { remembered, controller, server, readSample } = setUp();
    await readSample();
    await controller.corrections.edit({ type: 'category', index: 0, category: 'Other' });
    await controller.corrections.edit({ type: 'category', index: 1, category: 'Other' });
    remembered.setEnabled(false);
    await controller.corrections.edit({ type: 'amount', index: 0, amount: { unit: 'kg', value: 2 } });
    expect(remembered.store.getState().corrections.map((entry) => entry.amount)).toEqual([undefined, undefined]);
    const calls = server.recalculations.length;
    expect((await readSample()).result!.rememberedFrom).toBeUndefined();
    expect(server.recalculations).toHaveLength(calls);

    remembered.setEnabled(true);
    remembered.forget('pirkka banaani');
    expect(remembered.store.getState()).toMatchObject({ outcome: { kind: 'forgotten', name: 'Pirkka banaani' } });
    expect(remembered.store.getState().corrections.map((entry) => entry.key)).toEqual(['elovena kaurahiutale 1kg']);
    remembered.forgetAll();
    expect(remembered.store.getState().corrections).toEqual([]);
  });

  it('shows the receipt as read, and why, when the remembered corrections cannot be put in', async () => {
    const { controller, server, readSample } = setUp();
    await readSample();
    await controller.corrections.edit({ type: 'category', index: 0, category: 'Other' });
    server.refuseRecalculation();
    const state = await readSample();
    expect(state.result!.items[0]!.category).toBe('Grains');
    expect(state.rememberedFailure).toEqual({ kind: 'no-answer' });
    controller.scanAnother();
    expect(controller.store.getState().rememberedFailure).toBeNull();
  });

  it('where storage is blocked, corrections still work on the receipt and nothing is remembered', async () => {
    const blocked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    const { remembered, controller, readSample } = setUp(blocked);
    await readSample();
    await controller.corrections.edit({ type: 'category', index: 0, category: 'Other' });
    expect(controller.store.getState().result!.items[0]!.category).toBe('Other');
    expect(remembered.store.getState()).toMatchObject({ blocked: true, corrections: [] });
  });
});
