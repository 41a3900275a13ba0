// Light checks on the backend's answers: enough that the views can rely on the fields they
// draw, lenient about everything additive. A body that fails them counts as unreadable.
import type { AnalysisResult, HealthResponse, StatsResponse } from '../../contract.ts';
import { ApiFailure } from './errors.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finite(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function unreadable(): ApiFailure {
  return new ApiFailure({ kind: 'unreadable' });
}

export function readHealth(body: unknown): HealthResponse {
  if (!isRecord(body)) throw unreadable();
  return { status: 'ok', openai_configured: body.openai_configured === true };
}

export function readStats(body: unknown): StatsResponse {
  if (!isRecord(body) || typeof body.total_receipts_processed !== 'number') throw unreadable();
  return {
    total_receipts_processed: finite(body.total_receipts_processed),
    receipts_today: finite(body.receipts_today),
    receipts_this_week: finite(body.receipts_this_week),
    average_emissions_per_receipt: finite(body.average_emissions_per_receipt),
  };
}

export function readAnalysis(body: unknown): AnalysisResult {
  if (!isRecord(body) || typeof body.total_emissions !== 'number' || !Array.isArray(body.items)) {
    throw unreadable();
  }
  const result = body as unknown as AnalysisResult;
  return {
    ...result,
    store_info: isRecord(body.store_info) ? result.store_info : { name: null, total: null },
    categories: isRecord(body.categories) ? result.categories : {},
    metadata: isRecord(body.metadata)
      ? result.metadata
      : { processed_at: '', processing_method: 'text', items_found: result.items.length },
  };
}
