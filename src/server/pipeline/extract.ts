// Bytes → text: file-type detection, image preparation (sharp), OCR (tesseract.js pool),
// PDF text layer (pdfjs-dist) with OCR of pages that have none.
// SCAFFOLD: signatures are final; the bodies are being written.
import type { ExtractedText } from './types.ts';
import { HttpError } from '../errors.ts';

export type FileKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'heic' | 'avif' | 'pdf';

export interface ExtractorOptions {
  /** OCR workers started once and reused. */
  ocrWorkers: number;
  /** OCR jobs allowed to wait; beyond it extractText throws HttpError 503 with retryAfter. */
  maxQueue: number;
  /** Upper bound of one OCR call, ms. */
  ocrTimeoutMs: number;
  /** Decompression-bomb limit: input images above this many pixels are refused. */
  maxPixels: number;
  /** PDFs are read up to this many pages. */
  maxPdfPages: number;
}

export interface Extractor {
  /** Starts the OCR workers; resolves when they can take work. */
  ready(): Promise<void>;
  /** The real type from the bytes (never the client's claim); null when unsupported. */
  detect(bytes: Uint8Array): FileKind | null;
  /** Text of an image or PDF. Throws HttpError 415 (unknown bytes), 413/422 (refused or unreadable), 503 (busy). */
  extractText(bytes: Buffer, signal?: AbortSignal): Promise<ExtractedText & { kind: FileKind }>;
  /**
   * Input for the OpenAI vision path: for images one JPEG (EXIF-rotated, long side ≤ 2048 px);
   * for PDFs the text layer when it has one, else one JPEG per page.
   */
  visionInput(bytes: Buffer, signal?: AbortSignal): Promise<{ kind: FileKind; text: string | null; images: Buffer[] }>;
  /** OCR jobs running plus waiting. */
  readonly load: number;
  close(): Promise<void>;
}

export function createExtractor(_options: ExtractorOptions): Extractor {
  return {
    ready: async () => {},
    detect: () => null,
    extractText: async () => {
      throw new HttpError(415, 'This file type is not supported yet.');
    },
    visionInput: async () => {
      throw new HttpError(415, 'This file type is not supported yet.');
    },
    load: 0,
    close: async () => {},
  };
}
