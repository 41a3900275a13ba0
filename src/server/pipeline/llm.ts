// Optional OpenAI reader: a vision model reads receipt images, a text model reads receipt
// text; both return structured JSON (validated with zod) as a ParsedReceipt with category
// hints. Our own factor table still computes every number.
// SCAFFOLD: signatures are final; the body is being written.
import type { ParsedReceipt } from './types.ts';

export interface LlmOptions {
  apiKey: string;
  model: string;
  /** For OpenAI-compatible endpoints and tests; default is OpenAI's. */
  baseURL?: string;
  /** Upper bound of one model call, ms. */
  timeoutMs: number;
}

export interface LlmReader {
  readText(text: string, signal?: AbortSignal): Promise<ParsedReceipt>;
  /** JPEG images of one receipt (one per page). */
  readImages(images: Buffer[], signal?: AbortSignal): Promise<ParsedReceipt>;
}

export function createLlmReader(_options: LlmOptions): LlmReader {
  return {
    readText: async () => {
      throw new Error('OpenAI reader not implemented yet');
    },
    readImages: async () => {
      throw new Error('OpenAI reader not implemented yet');
    },
  };
}
