// The state machines driven without React: every processing step in order, the view and
// API status machines, and dispose().
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/widget/api/client.ts';
import { ApiFailure } from '../../../src/widget/api/errors.ts';
import type { AppState } from '../../../src/widget/state/app-state.ts';
import { NO_FRAME_FALLBACK_MS } from '../../../src/widget/state/after-paint.ts';
import { createController, type Controller } from '../../../src/widget/state/controller.ts';
import { analysis, STATS } from '../support/fixtures.ts';
import { FRAME_MS } from '../support/frames.ts';

function fakeApi(overrides: Partial<ApiClient> = {}): ApiClient {
  return {
    health: async () => ({ status: 'ok', openai_configured: true }),
    stats: async () => STATS,
    processReceipt: async (_file, _type, call) => {
      call.onAnswer?.();
      return analysis();
    },
    processText: async (_text, call) => {
      call.onAnswer?.();
      return analysis();
    },
    ...overrides,
  };
}

function record(controller: Controller): Array<string> {
  const seen: string[] = [];
  controller.store.subscribe(() => {
    const { processing, result } = controller.store.getState();
    const entry = processing.phase === 'idle' ? `idle${result ? ' +result' : ''}` : `${processing.step} ${processing.percent}${result ? ' +result' : ''}`;
    if (seen.at(-1) !== entry) seen.push(entry);
  });
  return seen;
}

function create(api: ApiClient | null, checkHealth = true): Controller {
  return createController({
    baseUrl: () => (api ? 'https://api.example.test' : null),
    checkHealth,
    sampleText: 'SAMPLE',
    createApi: () => api!,
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('processing machine', () => {
  it('walks the whole upload sequence, then shows the result after 0.5 s and idles after 1 s', async () => {
    const controller = create(fakeApi());
    controller.setConsent(true);
    const seen = record(controller);
    controller.upload(new File(['x'], 'kuitti.jpg', { type: 'image/jpeg' }));
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(seen).toEqual([
      'idle',
      'uploadStart 0',
      'uploadSending 20',
      'uploadAnalyzing 70',
      'uploadDone 100',
    ]);
    await vi.advanceTimersByTimeAsync(500);
    expect(seen.at(-1)).toBe('complete 100 +result');
    await vi.advanceTimersByTimeAsync(500);
    expect(seen.at(-1)).toBe('idle +result');
  });

  it('walks the sample sequence', async () => {
    const controller = create(fakeApi());
    const seen = record(controller);
    controller.trySample();
    await vi.advanceTimersByTimeAsync(FRAME_MS + 1000);
    expect(seen).toEqual([
      'idle',
      'sampleStart 0',
      'sampleProcessing 50',
      'sampleDone 100',
      'complete 100 +result',
      'idle +result',
    ]);
  });

  it('ignores uploads without consent and while a run is in progress', async () => {
    const processReceipt = vi.fn(fakeApi().processReceipt);
    const controller = create(fakeApi({ processReceipt }));
    controller.upload(new File(['x'], 'a.jpg'));
    expect(processReceipt).not.toHaveBeenCalled();
    controller.setConsent(true);
    controller.upload(new File(['x'], 'a.jpg'));
    controller.upload(new File(['x'], 'b.jpg'));
    controller.trySample();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(processReceipt).toHaveBeenCalledTimes(1);
  });

  it('shows the first step until a frame has been painted, and only then sends', async () => {
    const processReceipt = vi.fn(fakeApi().processReceipt);
    const controller = create(fakeApi({ processReceipt }));
    controller.setConsent(true);
    controller.upload(new File(['x'], 'kuitti.jpg'));
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.store.getState().processing).toEqual({ phase: 'processing', step: 'uploadStart', percent: 0 });
    expect(processReceipt).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(processReceipt).toHaveBeenCalledTimes(1);
  });

  it('sends anyway on a page that paints no frames (a background tab)', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    try {
      const processText = vi.fn(fakeApi().processText);
      const controller = create(fakeApi({ processText }));
      controller.trySample();
      await vi.advanceTimersByTimeAsync(NO_FRAME_FALLBACK_MS - 1);
      expect(processText).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(processText).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends nothing when disposed while the first step is on screen', async () => {
    const processText = vi.fn(fakeApi().processText);
    const controller = create(fakeApi({ processText }));
    controller.trySample();
    controller.dispose();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(processText).not.toHaveBeenCalled();
  });

  it('turns failures into error states and idles at once', async () => {
    const controller = create(
      fakeApi({
        processText: async () => {
          throw new ApiFailure({ kind: 'status', status: 500 });
        },
      }),
    );
    controller.trySample();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(controller.store.getState()).toMatchObject<Partial<AppState>>({
      processing: { phase: 'idle' },
      error: { kind: 'sample', reason: { kind: 'status', status: 500 } },
      result: null,
    });
  });

  it('reports a missing base URL without starting a run', () => {
    const controller = create(null);
    const seen = record(controller);
    controller.trySample();
    expect(controller.store.getState().error).toEqual({ kind: 'no-base-url' });
    expect(seen).toEqual(['idle']);
  });
});

describe('view and API status machines', () => {
  it('moves between views and remembers that the visitor navigated', () => {
    const controller = create(fakeApi());
    expect(controller.store.getState()).toMatchObject({ view: 'home', hasNavigated: false });
    controller.navigate('privacy');
    expect(controller.store.getState()).toMatchObject({ view: 'privacy', hasNavigated: true });
    controller.navigate('calculator');
    expect(controller.store.getState().view).toBe('calculator');
  });

  it('keeps where My receipts returns to in the store: home or the calculator, even across the privacy view', () => {
    const controller = create(fakeApi());
    controller.navigate('calculator');
    controller.navigate('history');
    expect(controller.store.getState()).toMatchObject({ view: 'history', historyReturn: 'calculator' });
    controller.navigate('privacy');
    controller.leavePrivacy();
    expect(controller.store.getState().view).toBe('history');
    controller.leaveHistory();
    expect(controller.store.getState().view).toBe('calculator');
    controller.navigate('home');
    controller.navigate('history');
    controller.leaveHistory();
    expect(controller.store.getState()).toMatchObject({ view: 'home', historyReturn: 'home' });
    controller.dispose();
  });

  it.each([
    [async () => ({ status: 'ok' as const, openai_configured: true }), 'ready'],
    [async () => ({ status: 'ok' as const, openai_configured: false }), 'no-openai'],
    [
      async () => {
        throw new ApiFailure({ kind: 'no-answer' });
      },
      'offline',
    ],
  ])('health check → %#', async (health, status) => {
    const controller = create(fakeApi({ health }));
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.store.getState().apiStatus).toBe(status);
    controller.dispose();
  });

  it('skips the health check when not asked to', async () => {
    const health = vi.fn(fakeApi().health);
    const controller = create(fakeApi({ health }), false);
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(health).not.toHaveBeenCalled();
    expect(controller.store.getState().apiStatus).toBe('unknown');
    controller.dispose();
  });

  it('stops changing state once disposed', async () => {
    const controller = create(fakeApi());
    controller.start();
    controller.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(controller.store.getState().stats).toEqual({ phase: 'loading' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
