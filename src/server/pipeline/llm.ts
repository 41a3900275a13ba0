// Optional OpenAI reader: a vision model reads receipt images, a text model reads receipt
// text; both return structured JSON (validated with zod) as a ParsedReceipt with category
// hints. Our own factor table still computes every number.
//
// Every failure (HTTP error, timeout, refusal, invalid or off-schema JSON) throws an
// LlmError; the pipeline then answers with the offline reader instead.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ParsedReceipt } from './types.ts';
import { LlmError, toLlmError } from './llm/errors.ts';
import { imageMessages, textMessages } from './llm/prompt.ts';
import { receiptReplyFrom } from './llm/reply.ts';
import { RECEIPT_RESPONSE_FORMAT } from './llm/schema.ts';
import { toParsedReceipt } from './llm/to-parsed-receipt.ts';

export { LlmError } from './llm/errors.ts';
export type { LlmFailure } from './llm/errors.ts';

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

/** One retry rides out a blip (429, 5xx, dropped connection) without doubling a slow failure. */
const MAX_RETRIES = 1;
/** Room for a long receipt (~60 lines) in JSON; a cut-off reply is a failure, not a partial receipt. */
const MAX_COMPLETION_TOKENS = 8_000;

export function createLlmReader(options: LlmOptions): LlmReader {
  const client = new OpenAI({
    apiKey: options.apiKey,
    // Explicit, so the SDK never falls back to OPENAI_BASE_URL behind the caller's back.
    baseURL: options.baseURL ?? 'https://api.openai.com/v1',
    timeout: options.timeoutMs,
    maxRetries: MAX_RETRIES,
    // The SDK's debug log prints request bodies, i.e. the receipt; OPENAI_LOG must not turn it on.
    logLevel: 'off',
  });

  const read = async (messages: ChatCompletionMessageParam[], signal: AbortSignal | undefined): Promise<ParsedReceipt> => {
    // `timeout` bounds each attempt; the deadline bounds the call, retries and body included.
    const deadline = AbortSignal.timeout(options.timeoutMs);
    try {
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          messages,
          response_format: RECEIPT_RESPONSE_FORMAT,
          max_completion_tokens: MAX_COMPLETION_TOKENS,
        },
        { signal: signal ? AbortSignal.any([deadline, signal]) : deadline },
      );
      // A receipt with no usable lines is still an answer: the caller decides what it is worth.
      return toParsedReceipt(receiptReplyFrom(completion));
    } catch (error) {
      throw toLlmError(error, deadline, options.timeoutMs);
    }
  };

  return {
    readText: (text, signal) => read(textMessages(text), signal),
    readImages: (images, signal) => {
      if (images.length === 0) return Promise.reject(new LlmError('empty', 'no images to read'));
      return read(imageMessages(images), signal);
    },
  };
}
