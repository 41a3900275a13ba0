// What the server and a PDF reader process (reader-process.ts) say to each other over the IPC
// channel (structured clone: buffers and pixel arrays cross as they are). One job at a time.
import type { ErrorCode, MessageParams } from '../../../contract.ts';
import type { PdfBudget } from './budget.ts';

/** The work of one call on an upload's PDF. */
export type PdfRequest =
  /** Pre-scan (unless done), open, and the text layers of the first `pages` pages. */
  | { op: 'open'; pages: number }
  | { op: 'text'; page: number }
  /** A page without a text layer as OCR should read it (PdfFile.scannedPage). */
  | { op: 'scan'; page: number }
  | { op: 'render'; page: number };

export interface PdfJob {
  id: number;
  /** The upload this job belongs to; the process keeps the last one's document open. */
  doc: number;
  /** The PDF's bytes, sent when the process does not hold the upload's document already. */
  bytes?: Uint8Array;
  /** Pre-scan before opening (the first call of an upload). */
  prescan: boolean;
  budget: PdfBudget;
  request: PdfRequest;
}

/**
 * Closes the upload's document, if the process holds it. When the process is then above
 * `collectAbove` bytes resident, it collects its garbage before it says how much it holds.
 */
export interface PdfForget {
  forget: number;
  collectAbove: number;
}

export interface PdfFailure {
  /** A refusal's code and sentence; without a code, an unexpected failure (logged by its name only). */
  code?: ErrorCode;
  message: string;
  params?: MessageParams;
  name?: string;
}

export type PdfReply =
  | { ready: true }
  | { forgotten: number; rss: number }
  | { id: number; ok: true; value: unknown; cpuMs: number; rss: number }
  | { id: number; ok: false; error: PdfFailure; cpuMs: number; rss: number };
