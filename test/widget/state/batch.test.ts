// Many receipts at once, without React: files read in turn, each saved (or named already saved,
// or not read, with why), a 429 waits as long as Retry-After says and goes on, Cancel stops the
// rest, and through the controller: consent, photos prepared, and the remembered corrections.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisResult, RecalculateRequest } from '../../../src/contract.ts';
import type { ApiClient } from '../../../src/widget/api/client.ts';
import { ApiFailure } from '../../../src/widget/api/errors.ts';
import { batchFor, createBatch, MAX_ATTEMPTS, type BatchDeps, type LineStatus } from '../../../src/widget/state/batch.ts';
import { createController } from '../../../src/widget/state/controller.ts';
import { createHistoryStorage, HISTORY_KEY } from '../../../src/widget/state/history-storage.ts';
import { createHistory, type SaveOutcome } from '../../../src/widget/state/history.ts';
import { createRemembered } from '../../../src/widget/state/remembered.ts';
import { analysis, STATS } from '../support/fixtures.ts';
import { QuotaStorage } from '../support/memory-storage.ts';

const file = (name: string, type = 'application/pdf') => new File([name], name, { type });
const receiptOf = (name: string): AnalysisResult => analysis({ store_info: { name, total: name.length } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A batch whose reads are answered by `answer` (per file name), saving into a list. */
function harness(answer: (file: File, attempt: number, signal: AbortSignal) => Promise<AnalysisResult>) {
  const attempts = new Map<string, number>();
  const saved: string[] = [];
  const deps: BatchDeps = {
    read: (file, signal) => {
      const attempt = (attempts.get(file.name) ?? 0) + 1;
      attempts.set(file.name, attempt);
      return answer(file, attempt, signal);
    },
    save: (result): SaveOutcome => {
      const name = result.store_info.name!;
      const receipt = { id: name, date: '2025-11-04', store: name, totalKg: 1, kgByCategory: {}, itemCount: 1, priceTotal: 1 };
      if (saved.includes(name)) return { kind: 'duplicate', receipt };
      saved.push(name);
      return { kind: 'saved', receipt };
    },
    wait: (seconds, signal) =>
      new Promise((resolve, reject) => {
        const id = setTimeout(resolve, seconds * 1000);
        signal.addEventListener('abort', () => {
          clearTimeout(id);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  };
  const batch = createBatch(deps);
  const phases = () => batch.store.getState().lines.map((line) => [line.name, line.status.phase]);
  return { batch, saved, attempts, phases };
}

describe('a batch', () => {
  it('reads each file in turn, saves the good ones, names the one already saved and the one not read', async () => {
    const order: string[] = [];
    const { batch, saved, phases } = harness(async (read) => {
      order.push(read.name);
      if (read.name === 'broken.pdf') throw new ApiFailure({ kind: 'server', message: 'No receipt could be read from this file.' }, { status: 422 });
      return receiptOf(read.name === 'again.pdf' ? 'a.pdf' : read.name);
    });
    batch.add([file('a.pdf'), file('broken.pdf'), file('photo.jpg', 'image/jpeg'), file('again.pdf')]);
    expect(batch.store.getState().running).toBe(true);
    expect(phases()[0]).toEqual(['a.pdf', 'reading']);
    expect(phases().slice(1).map(([, phase]) => phase)).toEqual(['waiting', 'waiting', 'waiting']);
    await vi.runAllTimersAsync();
    expect(order).toEqual(['a.pdf', 'broken.pdf', 'photo.jpg', 'again.pdf']);
    expect(phases()).toEqual([
      ['a.pdf', 'saved'],
      ['broken.pdf', 'failed'],
      ['photo.jpg', 'saved'],
      ['again.pdf', 'duplicate'],
    ]);
    expect((batch.store.getState().lines[1]!.status as Extract<LineStatus, { phase: 'failed' }>).reason).toEqual({
      kind: 'server',
      message: 'No receipt could be read from this file.',
    });
    expect(saved).toEqual(['a.pdf', 'photo.jpg']);
    expect(batch.store.getState()).toMatchObject({ running: false, cancelled: false });
  });

  it('waits as long as Retry-After says after a 429, shows the wait, and goes on', async () => {
    const { batch, phases, attempts } = harness(async (read, attempt) => {
      if (read.name === 'b.pdf' && attempt === 1) {
        throw new ApiFailure({ kind: 'server', message: 'Too many receipts.', code: 'rate-limited' }, { status: 429, retryAfterSeconds: 12 });
      }
      return receiptOf(read.name);
    });
    batch.add([file('a.pdf'), file('b.pdf'), file('c.pdf')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(phases()).toEqual([
      ['a.pdf', 'saved'],
      ['b.pdf', 'retrying'],
      ['c.pdf', 'waiting'],
    ]);
    expect(batch.store.getState().lines[1]!.status).toEqual({ phase: 'retrying', seconds: 12 });
    await vi.advanceTimersByTimeAsync(11_900);
    expect(attempts.get('b.pdf')).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(attempts.get('b.pdf')).toBe(2);
    expect(phases().map(([, phase]) => phase)).toEqual(['saved', 'saved', 'saved']);
  });

  it('gives a file up after the server refused it again and again, and goes on with the next', async () => {
    const { batch, phases, attempts } = harness(async (read) => {
      if (read.name === 'busy.pdf') throw new ApiFailure({ kind: 'status', status: 503 }, { status: 503 });
      return receiptOf(read.name);
    });
    batch.add([file('busy.pdf'), file('next.pdf')]);
    await vi.runAllTimersAsync();
    expect(attempts.get('busy.pdf')).toBe(MAX_ATTEMPTS);
    expect(phases()).toEqual([
      ['busy.pdf', 'failed'],
      ['next.pdf', 'saved'],
    ]);
  });

  it('Cancel stops the file being read and the rest; what was saved stays saved', async () => {
    const { batch, saved, phases } = harness(
      (read, _attempt, signal) =>
        new Promise((resolve, reject) => {
          const id = setTimeout(() => resolve(receiptOf(read.name)), 1000);
          signal.addEventListener('abort', () => {
            clearTimeout(id);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    batch.add([file('a.pdf'), file('b.pdf'), file('c.pdf')]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(phases().map(([, phase]) => phase)).toEqual(['saved', 'reading', 'waiting']);
    batch.cancel();
    await vi.runAllTimersAsync();
    expect(phases().map(([, phase]) => phase)).toEqual(['saved', 'cancelled', 'cancelled']);
    expect(saved).toEqual(['a.pdf']);
    expect(batch.store.getState()).toMatchObject({ running: false, cancelled: true });

    // A new batch after a Cancel starts a fresh list, and the cancelled run changes none of it.
    batch.add([file('d.pdf')]);
    await vi.runAllTimersAsync();
    expect(phases()).toEqual([['d.pdf', 'saved']]);
  });

  it('files added while a batch runs join it', async () => {
    const { batch, phases } = harness(async (read) => receiptOf(read.name));
    batch.add([file('a.pdf')]);
    batch.add([file('b.pdf')]);
    await vi.runAllTimersAsync();
    expect(phases()).toEqual([
      ['a.pdf', 'saved'],
      ['b.pdf', 'saved'],
    ]);
  });
});

describe('a batch through the controller', () => {
  function fakeApi(recalculations: RecalculateRequest[]): ApiClient {
    return {
      health: async () => ({ status: 'ok', openai_configured: false }),
      stats: async () => STATS,
      processText: async () => analysis(),
      processReceipt: async (sent) => analysis({ store_info: { name: sent.name, total: 10 }, items: [{ name: 'Pirkka banaani', category: 'Fruits', weight: 0.5, emissions: 0.4, price: 1 }] }),
      recalculate: async (request) => {
        recalculations.push(request);
        return analysis({ store_info: request.store_info!, items: request.items.map((item) => ({ name: item.name, category: item.category!, weight: item.weight ?? 1, emissions: 9, price: item.price ?? 0 })), total_emissions: 9 });
      },
    };
  }

  it('needs consent, saves each receipt with the remembered corrections in it, and dispose stops it', async () => {
    const storage = new QuotaStorage();
    const history = createHistory({ storage: createHistoryStorage(() => storage), now: () => new Date(2025, 10, 4, 12) });
    const remembered = createRemembered({ storage: () => storage });
    storage.setItem(
      'receiptCalculator.corrections',
      JSON.stringify({ version: 1, enabled: true, corrections: [{ key: 'pirkka banaani', name: 'Pirkka banaani', category: 'Other', date: '2025-11-01' }] }),
    );
    const recalculations: RecalculateRequest[] = [];
    const controller = createController({ baseUrl: () => 'https://api.example.test', checkHealth: false, sampleText: 'S', createApi: () => fakeApi(recalculations), remembered });
    const batch = batchFor(controller, history);
    // One batch per widget, kept while it lives.
    expect(batchFor(controller, history)).toBe(batch);

    batch.add([file('a.pdf')]);
    expect(batch.store.getState().lines).toEqual([]);
    controller.setConsent(true);
    batch.add([file('a.pdf'), file('b.pdf')]);
    await vi.runAllTimersAsync();
    expect(batch.store.getState().lines.map((line) => line.status.phase)).toEqual(['saved', 'saved']);
    expect(recalculations.map((request) => request.items[0]!.category)).toEqual(['Other', 'Other']);
    const stored = (JSON.parse(storage.getItem(HISTORY_KEY)!) as { receipts: Array<{ store: string; totalKg: number }> }).receipts;
    expect(stored.map((receipt) => [receipt.store, receipt.totalKg])).toEqual([
      ['a.pdf', 9],
      ['b.pdf', 9],
    ]);
    // Saved quietly: the history's own status says nothing about each of them.
    expect(history.store.getState().outcome).toBeNull();

    batch.add([file('c.pdf')]);
    controller.dispose();
    await vi.runAllTimersAsync();
    expect((JSON.parse(storage.getItem(HISTORY_KEY)!) as { receipts: unknown[] }).receipts).toHaveLength(2);
  });

  it('prepares a photo in the browser as an upload does before it is sent', async () => {
    // A 12-megapixel camera photo that the browser scales down to a JPEG of a tenth of its bytes.
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 3000, height: 4000, close: vi.fn() })));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return { fillRect: vi.fn(), drawImage: vi.fn() };
        }
        async convertToBlob() {
          return new Blob([new Uint8Array(40_000)], { type: 'image/jpeg' });
        }
      },
    );
    const sent: File[] = [];
    const api = { ...fakeApi([]), processReceipt: async (file: File) => (sent.push(file), analysis()) };
    const controller = createController({ baseUrl: () => 'https://api.example.test', checkHealth: false, sampleText: 'S', createApi: () => api });
    controller.setConsent(true);
    const storage = new QuotaStorage();
    const batch = batchFor(controller, createHistory({ storage: createHistoryStorage(() => storage) }));
    batch.add([new File([new Uint8Array(400_000)], 'IMG_0001.png', { type: 'image/png' })]);
    await vi.runAllTimersAsync();
    expect(sent.map((file) => [file.name, file.type, file.size])).toEqual([['IMG_0001.jpg', 'image/jpeg', 40_000]]);
    expect(batch.store.getState().lines[0]!.status.phase).toBe('saved');
    vi.unstubAllGlobals();
  });
});
