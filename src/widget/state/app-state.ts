// The app's state and its machines (spec §4): which view shows, what the health check said,
// where a processing run stands, and the community statistics.
import type { StatsResponse } from '../../contract.ts';
import type { AppError, FailureReason } from '../api/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locale.ts';
import type { ShownResult } from '../rules/remembered.ts';
import type { Corrections } from './corrections.ts';

export type View = 'home' | 'calculator' | 'privacy' | 'history';

export type ApiStatus = 'unknown' | 'ready' | 'no-openai' | 'offline';

/** Keys of the processing messages in the catalogue's `processing` section. */
export type ProcessingStep =
  | 'uploadStart'
  | 'uploadSending'
  | 'uploadAnalyzing'
  | 'uploadDone'
  | 'sampleStart'
  | 'sampleProcessing'
  | 'sampleDone'
  | 'complete';

export type Processing = { phase: 'idle' } | { phase: 'processing'; step: ProcessingStep; percent: number };

export type StatsState =
  | { phase: 'loading' }
  | { phase: 'ready'; stats: StatsResponse }
  | { phase: 'error' };

export interface AppState {
  view: View;
  /** Where the privacy view returns to: the view it was opened from. */
  privacyReturn: Exclude<View, 'privacy'>;
  /** Where "My receipts" returns to: home or the calculator, whichever led there last. */
  historyReturn: 'home' | 'calculator';
  /** The language the widget speaks now (the switch changes it without touching anything else). */
  locale: Locale;
  apiStatus: ApiStatus;
  consent: boolean;
  processing: Processing;
  /** The receipt shown, with the corrections this device remembers already in it. */
  result: ShownResult | null;
  /** The visitor's corrections of `result`; null until the first change. */
  corrections: Corrections | null;
  /** Why the remembered corrections could not be put into `result` (it is then shown as read). */
  rememberedFailure: FailureReason | null;
  error: AppError | null;
  /** Name of the file being or last processed; cleared by Scan Another Receipt. */
  fileName: string | null;
  stats: StatsState;
  /** Set by the first navigation: from then on a new view takes focus (the first render does not). */
  hasNavigated: boolean;
}

export const INITIAL_STATE: AppState = {
  view: 'home',
  privacyReturn: 'home',
  historyReturn: 'home',
  locale: DEFAULT_LOCALE,
  apiStatus: 'unknown',
  consent: false,
  processing: { phase: 'idle' },
  result: null,
  corrections: null,
  rememberedFailure: null,
  error: null,
  fileName: null,
  stats: { phase: 'loading' },
  hasNavigated: false,
};

/** Health answer → badge: ready only when the backend also has an OpenAI key. */
export function apiStatusFromHealth(health: { openai_configured: boolean } | null): ApiStatus {
  if (health === null) return 'offline';
  return health.openai_configured ? 'ready' : 'no-openai';
}

export const IDLE: Processing = { phase: 'idle' };

export function step(name: ProcessingStep, percent: number): Processing {
  return { phase: 'processing', step: name, percent };
}
