// The app's behaviour as plain TypeScript: actions the views call, the timers and requests
// they start, and `dispose()` that stops every one of them. No React here.
import type { AnalysisResult } from '../../contract.ts';
import { createApiClient, type ApiClient, type CallOptions } from '../api/client.ts';
import { ApiFailure, isAbort, type FailureReason } from '../api/errors.ts';
import type { Locale } from '../i18n/locale.ts';
import { preparePhoto } from '../api/prepare-photo.ts';
import { fileTypeOf } from '../rules/file-type.ts';
import type { ShownResult } from '../rules/remembered.ts';
import { afterPaint } from './after-paint.ts';
import { createCorrections, rowKeys, untouched, type CorrectionActions, type Corrections } from './corrections.ts';
import { apiStatusFromHealth, IDLE, INITIAL_STATE, type AppState, type View } from './app-state.ts';
import type { Remembered } from './remembered.ts';
import {
  CLEAR_PROCESSING_AFTER_MS,
  COMPLETE,
  SAMPLE_SEQUENCE,
  SHOW_RESULT_AFTER_MS,
  STATS_REFRESH_MS,
  UPLOAD_SEQUENCE,
  type ProcessingSequence,
} from './sequences.ts';
import { createStore, type Store } from './store.ts';

export interface ControllerOptions {
  /** Read at every call, so a base URL saved while the widget is open is used from then on. */
  baseUrl: () => string | null;
  /** Whether to check the backend's health on start (only for a saved or embedder-given URL). */
  checkHealth: boolean;
  sampleText: string;
  createApi?: (baseUrl: string) => ApiClient;
  /** The language to start in. */
  locale?: Locale;
  /** Keeps the visitor's choice of language for the next visit (the embedding's storage edge). */
  saveLocale?: (locale: Locale) => void;
  /** The corrections this device remembers: put into every receipt read, and learnt from each change. */
  remembered?: Remembered;
}

/** A receipt as it is shown: with the remembered corrections in it, or as read and why not. */
interface Shown {
  result: ShownResult;
  corrections: Corrections | null;
  failure: FailureReason | null;
}

export interface Controller {
  store: Store<AppState>;
  start: () => void;
  navigate: (view: View) => void;
  /** Back from the privacy view to where it was opened. */
  leavePrivacy: () => void;
  /** Back from "My receipts" to home or the result it was opened from. */
  leaveHistory: () => void;
  setLocale: (locale: Locale) => void;
  setConsent: (consent: boolean) => void;
  upload: (file: File) => void;
  trySample: () => void;
  scanAnother: () => void;
  retryStats: () => void;
  /** Correcting the result: change, undo, reset (see corrections.ts). */
  corrections: CorrectionActions;
  /**
   * Reads one receipt file as an upload does (prepared, sent, the remembered corrections put in),
   * without touching the processing view: for many receipts at once (batch.ts). Rejects with
   * ApiFailure, or an AbortError when `signal` or dispose stops it.
   */
  readReceiptFile: (file: File, signal: AbortSignal) => Promise<ShownResult>;
  /** Runs `cleanup` on dispose (what a later-loaded part of the widget started). */
  onDispose: (cleanup: () => void) => void;
  dispose: () => void;
}

export function createController(options: ControllerOptions): Controller {
  const store = createStore<AppState>({ ...INITIAL_STATE, locale: options.locale ?? INITIAL_STATE.locale });
  const createApi = options.createApi ?? createApiClient;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const requests = new Set<AbortController>();
  const paints = new Set<() => void>();
  let statsInterval: ReturnType<typeof setInterval> | null = null;
  let statsRequest: AbortController | null = null;
  let disposed = false;

  const set: Store<AppState>['setState'] = (update) => {
    if (!disposed) store.setState(update);
  };

  function later(ms: number, run: () => void): void {
    const id = setTimeout(() => {
      timers.delete(id);
      run();
    }, ms);
    timers.add(id);
  }

  /** Resolves once the state just set has been painted (never, if the controller is disposed first). */
  function painted(): Promise<void> {
    return new Promise((resolve) => {
      const cancel = afterPaint(() => {
        paints.delete(cancel);
        resolve();
      });
      paints.add(cancel);
    });
  }

  /** Runs one request with its own AbortController (dispose aborts it), forgotten once it settles. */
  async function request<T>(run: (signal: AbortSignal) => Promise<T>, controller = new AbortController()): Promise<T> {
    if (disposed) controller.abort();
    requests.add(controller);
    try {
      return await run(controller.signal);
    } finally {
      requests.delete(controller);
    }
  }

  function api(): ApiClient | null {
    const url = options.baseUrl();
    return url === null ? null : createApi(url);
  }

  async function checkHealth(): Promise<void> {
    const client = api();
    if (client === null) return;
    try {
      const health = await request((signal) => client.health({ signal }));
      set({ apiStatus: apiStatusFromHealth(health) });
    } catch (error) {
      if (!isAbort(error)) set({ apiStatus: apiStatusFromHealth(null) });
    }
  }

  async function loadStats(): Promise<void> {
    statsRequest?.abort();
    const client = api();
    if (client === null) {
      set({ stats: { phase: 'error' } });
      return;
    }
    // Kept apart as well, so leaving home or a newer refresh can abort this one alone.
    const controller = new AbortController();
    statsRequest = controller;
    try {
      const stats = await request((signal) => client.stats({ signal }), controller);
      set({ stats: { phase: 'ready', stats } });
    } catch (error) {
      if (!isAbort(error)) set({ stats: { phase: 'error' } });
    } finally {
      if (statsRequest === controller) statsRequest = null;
    }
  }

  function startStats(): void {
    if (statsInterval !== null) return;
    void loadStats();
    statsInterval = setInterval(() => void loadStats(), STATS_REFRESH_MS);
  }

  function stopStats(): void {
    if (statsInterval !== null) clearInterval(statsInterval);
    statsInterval = null;
    statsRequest?.abort();
  }

  /**
   * The receipt just read with the corrections this device remembers put in by the backend's
   * recalculation; as read (and why) when that fails. Undo returns to the receipt as read.
   */
  async function withRemembered(client: ApiClient, read: AnalysisResult, signal?: AbortSignal): Promise<Shown> {
    const planned = options.remembered?.requestFor(read) ?? null;
    if (planned === null) return { result: read, corrections: null, failure: null };
    try {
      const answer = await request((own) => client.recalculate(planned.request, { signal: own }), follow(signal));
      // What the reading noticed (a total that does not add up, pages left out) still holds: a
      // recalculation says nothing of the reading, and the visitor did not ask for this one.
      const { notices, warnings } = read.metadata;
      return {
        result: {
          ...answer,
          metadata: { ...answer.metadata, ...(notices ? { notices } : {}), ...(warnings ? { warnings } : {}) },
          rememberedFrom: planned.asRead,
        },
        corrections: { ...untouched(read), history: [{ result: read, keys: rowKeys(read, null), remembered: null }] },
        failure: null,
      };
    } catch (error) {
      if (isAbort(error)) throw error;
      return { result: read, corrections: null, failure: error instanceof ApiFailure ? error.reason : { kind: 'unreadable' } };
    }
  }

  /** A controller that aborts when `signal` does (a batch's Cancel), or a fresh one. */
  function follow(signal?: AbortSignal): AbortController {
    const controller = new AbortController();
    if (signal?.aborted) controller.abort();
    else signal?.addEventListener('abort', () => controller.abort(), { once: true });
    return controller;
  }

  async function readReceiptFile(file: File, signal: AbortSignal): Promise<ShownResult> {
    const client = api();
    if (client === null) throw new ApiFailure({ kind: 'no-answer' });
    const prepared = await preparePhoto(file);
    if (signal.aborted) throw new DOMException('Cancelled.', 'AbortError');
    const read = await request((own) => client.processReceipt(prepared, fileTypeOf(file), { signal: own }), follow(signal));
    return (await withRemembered(client, read, signal)).result;
  }

  const cleanups = new Set<() => void>();

  async function process(
    sequence: ProcessingSequence,
    onFailure: (error: ApiFailure) => AppState['error'],
    send: (client: ApiClient, call: CallOptions) => Promise<AnalysisResult>,
    fileName: string | null,
    /** Runs while the first step shows (a large photo is scaled down here); never throws. */
    prepare?: () => Promise<void>,
  ): Promise<void> {
    const { processing } = store.getState();
    if (processing.phase !== 'idle') return;
    set({ error: null, result: null, corrections: null, rememberedFailure: null, fileName });
    const client = api();
    if (client === null) {
      set({ error: { kind: 'no-base-url' } });
      return;
    }
    set({ processing: sequence.start });
    // The first step would otherwise be replaced before the browser ever showed it.
    await painted();
    await prepare?.();
    if (disposed) return;
    set({ processing: sequence.sending });
    try {
      const read = await request((signal) =>
        send(client, { signal, onAnswer: () => set({ processing: sequence.answered }) }),
      );
      const shown = await withRemembered(client, read);
      set({ processing: sequence.done });
      later(SHOW_RESULT_AFTER_MS, () =>
        set({ result: shown.result, corrections: shown.corrections, rememberedFailure: shown.failure, processing: COMPLETE }),
      );
      later(CLEAR_PROCESSING_AFTER_MS, () => set({ processing: IDLE }));
    } catch (error) {
      if (isAbort(error)) return;
      const failure = error instanceof ApiFailure ? error : new ApiFailure({ kind: 'unreadable' });
      set({ error: onFailure(failure), processing: IDLE });
    }
  }

  function navigate(view: View): void {
    const from = store.getState().view;
    if (disposed || from === view) return;
    // The privacy view remembers where it was opened from, to return there; "My receipts"
    // remembers the last of home or the calculator (its way in), even across a privacy detour.
    set({
      view,
      hasNavigated: true,
      ...(from === 'privacy' ? {} : { privacyReturn: from }),
      ...(from === 'home' || from === 'calculator' ? { historyReturn: from } : {}),
    });
    // The saved history compares with the community average, so it keeps the figures fresh too.
    if (view === 'home' || view === 'history') startStats();
    else stopStats();
  }

  const corrections = createCorrections({
    getResult: () => store.getState().result,
    getCorrections: () => store.getState().corrections,
    set,
    recalculate(body) {
      const client = api();
      return client === null ? null : request((signal) => client.recalculate(body, { signal }));
    },
    remember: (item, action) => options.remembered?.remember(item, action) ?? null,
    takeBack: (change) => options.remembered?.takeBack(change),
  });

  return {
    store,
    corrections,
    readReceiptFile,
    onDispose(cleanup) {
      if (disposed) cleanup();
      else cleanups.add(cleanup);
    },
    start() {
      if (options.checkHealth) void checkHealth();
      if (store.getState().view === 'home') startStats();
    },
    navigate,
    leavePrivacy() {
      navigate(store.getState().privacyReturn);
    },
    leaveHistory() {
      navigate(store.getState().historyReturn);
    },
    setLocale(locale) {
      if (disposed || store.getState().locale === locale) return;
      set({ locale });
      options.saveLocale?.(locale);
    },
    setConsent(consent) {
      set({ consent });
    },
    upload(file) {
      if (!store.getState().consent) return;
      let sent = file;
      void process(
        UPLOAD_SEQUENCE,
        (failure) => ({ kind: 'upload', reason: failure.reason }),
        (client, call) => client.processReceipt(sent, fileTypeOf(file), call),
        file.name,
        async () => {
          sent = await preparePhoto(file);
        },
      );
    },
    trySample() {
      void process(
        SAMPLE_SEQUENCE,
        (failure) => ({ kind: 'sample', reason: failure.reason }),
        (client, call) => client.processText(options.sampleText, call),
        null,
      );
    },
    scanAnother() {
      set({ result: null, corrections: null, rememberedFailure: null, fileName: null, error: null });
    },
    retryStats() {
      set({ stats: { phase: 'loading' } });
      void loadStats();
    },
    dispose() {
      disposed = true;
      for (const cleanup of cleanups) cleanup();
      cleanups.clear();
      stopStats();
      for (const id of timers) clearTimeout(id);
      timers.clear();
      for (const cancel of paints) cancel();
      paints.clear();
      for (const controller of requests) controller.abort();
      requests.clear();
    },
  };
}
