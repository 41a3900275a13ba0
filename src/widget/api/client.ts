// The backend's four calls (spec §7). `fetch` is looked up at call time so a page (or a test)
// that replaces it later is honoured. Every call takes an AbortSignal so unmount can stop it.
import {
  API_PATHS,
  type AnalysisResult,
  type HealthResponse,
  type RecalculateRequest,
  type StatsResponse,
  type UploadFileType,
} from '../../contract.ts';
import { ApiFailure, failureFromResponse, isAbort } from './errors.ts';
import { readAnalysis, readHealth, readStats } from './read.ts';

export interface CallOptions {
  signal: AbortSignal;
  /** Called once the HTTP answer has arrived, before its body is read. */
  onAnswer?: () => void;
}

export interface ApiClient {
  health: (options: CallOptions) => Promise<HealthResponse>;
  stats: (options: CallOptions) => Promise<StatsResponse>;
  processReceipt: (file: File, fileType: UploadFileType, options: CallOptions) => Promise<AnalysisResult>;
  processText: (text: string, options: CallOptions) => Promise<AnalysisResult>;
  recalculate: (request: RecalculateRequest, options: CallOptions) => Promise<AnalysisResult>;
}

export function createApiClient(baseUrl: string): ApiClient {
  async function call<T>(path: string, init: RequestInit, options: CallOptions, read: (body: unknown) => T): Promise<T> {
    let response: Response;
    try {
      response = await globalThis.fetch(`${baseUrl}${path}`, { ...init, signal: options.signal });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiFailure({ kind: 'no-answer' });
    }
    options.onAnswer?.();
    if (!response.ok) throw await failureFromResponse(response);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiFailure({ kind: 'unreadable' });
    }
    return read(body);
  }

  return {
    health: (options) => call(API_PATHS.health, { method: 'GET' }, options, readHealth),
    stats: (options) => call(API_PATHS.stats, { method: 'GET' }, options, readStats),
    processReceipt(file, fileType, options) {
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('fileType', fileType);
      return call(API_PATHS.processReceipt, { method: 'POST', body: form }, options, readAnalysis);
    },
    processText(text, options) {
      return call(
        API_PATHS.processText,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) },
        options,
        readAnalysis,
      );
    },
    recalculate(request, options) {
      return call(
        API_PATHS.recalculate,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) },
        options,
        readAnalysis,
      );
    },
  };
}
