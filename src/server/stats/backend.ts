// The one interface both statistics stores speak (embedded SQLite, shared PostgreSQL). The
// statistics are best effort: a store that cannot be reached never fails a visitor's analysis;
// it only makes /stats answer 503 until it is back.
import type { AnalysisResult, ProcessingMethod, StatsResponse } from '../../contract.ts';
import { roundKg } from '../pipeline/money.ts';

export interface ReceiptRecord {
  totalKg: number;
  itemCount: number;
  method: ProcessingMethod;
}

export type StatsStoreKind = 'sqlite' | 'postgres';

/** Operational lines only (outages, schema versions): never a receipt. Pino's logger fits. */
export interface StatsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}


export interface StatsBackend {
  readonly kind: StatsStoreKind;
  /** Counts one receipt; resolves false (after logging) when the store could not take it. */
  record(receipt: ReceiptRecord): Promise<boolean>;
  /** Counts a finished analysis: only its total, item count and method are kept. */
  recordAnalysis(result: AnalysisResult): Promise<boolean>;
  /** The four figures of /stats; rejects with StatsUnavailableError while the store is away. */
  summary(): Promise<StatsResponse>;
  /** Whether the last contact with the store went well (for readiness in /health). */
  readonly ready: boolean;
  /** Waits for records still being written, then lets go of the store. */
  close(): Promise<void>;
}

/** Seconds a client should wait before asking /stats again after a 503. */
export const STATS_RETRY_AFTER_S = 10;

export class StatsUnavailableError extends Error {
  override name = 'StatsUnavailableError';
}

export function checkRecord({ totalKg, itemCount }: ReceiptRecord): void {
  if (!Number.isFinite(totalKg) || totalKg < 0) {
    throw new RangeError('A receipt total must be a finite, non-negative number of kg.');
  }
  if (!Number.isInteger(itemCount) || itemCount < 0) {
    throw new RangeError('An item count must be a whole, non-negative number.');
  }
}

export function recordOf(result: AnalysisResult): ReceiptRecord {
  return { totalKg: result.total_emissions, itemCount: result.items.length, method: result.metadata.processing_method };
}

/** The four figures from the running totals and the day rollups. */
export function toSummary(row: { receipts: number; totalKg: number; today: number; week: number }): StatsResponse {
  return {
    total_receipts_processed: row.receipts,
    receipts_today: row.today,
    receipts_this_week: row.week,
    average_emissions_per_receipt: row.receipts > 0 ? roundKg(row.totalKg / row.receipts, 2) : 0, // the widget shows one or two decimals
  };
}

/** A short reason for a log line: the driver's code (ECONNREFUSED, 57P01) or its sentence. */
export function failureReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && code !== '' ? `${code}: ${message}` : message;
}
