// The corrections slice: changes in order on the latest answer, undo, reset, failures.
import { describe, expect, it } from 'vitest';
import type { AnalysisResult, RecalculateRequest } from '../../../src/contract.ts';
import { ApiFailure } from '../../../src/widget/api/errors.ts';
import { createCorrections, rowKeys, type Corrections } from '../../../src/widget/state/corrections.ts';
import { analysis } from '../support/fixtures.ts';

function harness(answer: (request: RecalculateRequest, call: number) => Promise<AnalysisResult>) {
  const state: { result: AnalysisResult | null; corrections: Corrections | null } = { result: analysis(), corrections: null };
  const requests: RecalculateRequest[] = [];
  const actions = createCorrections({
    getResult: () => state.result,
    getCorrections: () => state.corrections,
    set: (update) => Object.assign(state, update),
    recalculate: (request) => {
      requests.push(request);
      return answer(request, requests.length);
    },
  });
  return { state, requests, actions };
}

/** A backend stand-in: the request's items with a total that counts them. */
const echo = async (request: RecalculateRequest, call: number) =>
  analysis({ total_emissions: call, items: request.items.map((item) => ({ name: item.name, category: item.category ?? 'Other', weight: item.weight ?? 1, emissions: 1, price: item.price ?? 0, ...(item.edited ? { edited: true } : {}) })) });

describe('corrections', () => {
  it('applies a change from the backend’s answer and keeps the read result for reset', async () => {
    const { state, actions } = harness(echo);
    const read = state.result!;
    await actions.edit({ type: 'remove', index: 0 });
    expect(state.result!.items).toHaveLength(read.items.length - 1);
    expect(state.corrections).toMatchObject({ original: read, history: [{ result: read, keys: [0, 1, 2, 3, 4] }], pending: false, failure: null });
    actions.reset();
    expect(state.result).toBe(read);
    expect(state.corrections!.history).toEqual([]);
  });

  it('runs quick changes one after another, each on the previous answer, and undoes them one by one', async () => {
    const { state, requests, actions } = harness(echo);
    const first = actions.edit({ type: 'remove', index: 0 });
    const second = actions.edit({ type: 'remove', index: 0 });
    await Promise.all([first, second]);
    expect(requests[0]!.items).toHaveLength(4);
    // The second removal worked on the first answer, not on the list as read.
    expect(requests[1]!.items).toHaveLength(3);
    expect(state.result!.total_emissions).toBe(2);
    actions.undo();
    expect(state.result!.total_emissions).toBe(1);
    expect(state.corrections!.last).toEqual({ kind: 'undo' });
    actions.undo();
    expect(state.result!.items).toHaveLength(5);
    actions.undo();
    expect(state.result!.items).toHaveLength(5);
  });

  it('keeps each item’s key through removals, additions, undo and reset, and never reuses one', async () => {
    const { state, actions } = harness(echo);
    const read = state.result!;
    expect(rowKeys(read, null)).toEqual([0, 1, 2, 3, 4]);
    await actions.edit({ type: 'remove', index: 1 });
    expect(rowKeys(state.result!, state.corrections)).toEqual([0, 2, 3, 4]);
    await actions.edit({ type: 'add', name: 'Kaurajuoma', amount: null });
    expect(rowKeys(state.result!, state.corrections)).toEqual([0, 2, 3, 4, 5]);
    await actions.edit({ type: 'category', index: 0, category: 'Pork' });
    expect(rowKeys(state.result!, state.corrections)).toEqual([0, 2, 3, 4, 5]);
    // The keys follow the items: each key still names the item it was given to.
    expect(state.result!.items.map((item) => item.name)).toEqual([...read.items.filter((_, i) => i !== 1).map((item) => item.name), 'Kaurajuoma']);
    actions.undo();
    actions.undo();
    expect(rowKeys(state.result!, state.corrections)).toEqual([0, 2, 3, 4]);
    actions.reset();
    expect(rowKeys(state.result!, state.corrections)).toEqual([0, 1, 2, 3, 4]);
    await actions.edit({ type: 'add', name: 'Kaurajuoma', amount: null });
    expect(rowKeys(state.result!, state.corrections)).toEqual([0, 1, 2, 3, 4, 6]);
  });

  it('keeps the result and says why when the backend refuses a change', async () => {
    const { state, actions } = harness(async () => {
      throw new ApiFailure({ kind: 'server', message: 'There are no items to recalculate. Keep or add at least one item.' });
    });
    const read = state.result;
    await actions.edit({ type: 'remove', index: 0 });
    expect(state.result).toBe(read);
    expect(state.corrections!.failure).toEqual({ kind: 'server', message: 'There are no items to recalculate. Keep or add at least one item.' });
    expect(state.corrections!.pending).toBe(false);
    expect(state.corrections!.history).toEqual([]);
  });

  it('drops an answer that arrives after the result was replaced by a new receipt', async () => {
    let release!: (result: AnalysisResult) => void;
    const { state, actions } = harness(() => new Promise((resolve) => (release = resolve)));
    const pending = actions.edit({ type: 'remove', index: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.corrections!.pending).toBe(true);
    const fresh = analysis({ total_emissions: 99 });
    state.result = fresh;
    state.corrections = null;
    release(analysis({ total_emissions: 1 }));
    await pending;
    expect(state.result).toBe(fresh);
    expect(state.corrections).toBeNull();
  });
});
