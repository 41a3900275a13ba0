// The OpenAI reader against a local server speaking the chat-completions protocol: what it
// sends, how a good reply becomes a ParsedReceipt, and that every failure becomes an LlmError.
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATEGORY_NAMES } from '../../../../src/contract.ts';
import { createLlmReader, LlmError } from '../../../../src/server/pipeline/llm.ts';
import type { LlmOptions } from '../../../../src/server/pipeline/llm.ts';
import { completionReply, errorReply, jsonReply, refusalReply, startFakeOpenAi } from '../../../support/fake-openai.ts';
import type { FakeOpenAi } from '../../../support/fake-openai.ts';
import { receiptReply, replyItem } from '../../../support/model-reply.ts';

const API_KEY = 'sk-test-5f1c0ffee';
const RECEIPT_TEXT = 'K-SUPERMARKET KAMPPI\nMAITO 1L 1,29\nBROILERIN FILEE 400G 5,49\nYHTEENSÄ 6,78';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
  vi.restoreAllMocks();
});

const reader = (options: Partial<LlmOptions> = {}) =>
  createLlmReader({ apiKey: API_KEY, model: 'gpt-test-mini', baseURL: fake.baseURL, timeoutMs: 3_000, ...options });

const goodReply = receiptReply(
  [
    replyItem('MAITO 1L', 1.29, { category: 'Dairy' }),
    replyItem('BROILERIN FILEE 400G', 5.49, { discount: 1, category: 'Poultry' }),
    replyItem('BANAANI', 0.84, { quantity: null, weight_kg: 0.512, unit_price: 1.64, category: 'Fruits' }),
    replyItem('COCA-COLA 1,5L', 4.18, { quantity: 2, unit_price: 2.09, category: 'Beverages' }),
  ],
  { store_name: 'K-Supermarket Kamppi', chain: 'K-Supermarket', deposits: 0.8, returns: 0.4, printed_total: 12.2, vat_table_total: 12.2 },
);

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the reader to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmError);
  const llmError = error as LlmError;
  // The caller logs this error whole: message and properties stay free of the key and of
  // receipt content, and no SDK error (with the upstream's own message) hangs on as cause.
  const logged = JSON.stringify({ ...llmError, message: llmError.message });
  expect(logged).not.toContain(API_KEY);
  expect(logged).not.toMatch(/MAITO|BROILERI|KAMPPI/i);
  expect(llmError.cause).toBeUndefined();
  return llmError;
}

describe('request sent to the chat-completions endpoint', () => {
  it('readText sends model, system prompt, the receipt text, a strict JSON schema and the key', async () => {
    fake.enqueue(jsonReply(goodReply));
    await reader().readText(RECEIPT_TEXT);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = request?.body as {
      model: string;
      messages: { role: string; content: unknown }[];
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
    };
    expect(body.model).toBe('gpt-test-mini');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);

    const system = String(body.messages[0]?.content);
    for (const name of CATEGORY_NAMES) expect(system).toContain(name);
    expect(system).toMatch(/YHTEENSÄ/);
    expect(system).toMatch(/PANTTI/);
    expect(system).toMatch(/ALV/);
    expect(String(body.messages[1]?.content)).toContain(RECEIPT_TEXT);

    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.name).toMatch(/^[a-zA-Z0-9_-]+$/);
    const schema = body.response_format.json_schema.schema as {
      required: string[];
      additionalProperties: boolean;
      properties: { items: { items: { required: string[]; properties: { category: { enum: string[] } } } } };
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(['store_name', 'chain', 'printed_total', 'items', 'deposits', 'returns', 'fees']));
    const itemSchema = schema.properties.items.items;
    expect(itemSchema.required).toEqual(expect.arrayContaining(['name', 'price', 'quantity', 'weight_kg', 'category']));
    expect(itemSchema.properties.category.enum).toEqual([...CATEGORY_NAMES]);
  });

  it('readImages sends each JPEG as a high-detail data URL, in order', async () => {
    const page = (shade: number) =>
      sharp({ create: { width: 40, height: 80, channels: 3, background: { r: shade, g: shade, b: shade } } }).jpeg().toBuffer();
    const jpegs = [await page(250), await page(200)];
    fake.enqueue(jsonReply(goodReply));
    await reader().readImages(jpegs);

    const body = fake.requests[0]?.body as { model: string; messages: { role: string; content: unknown }[] };
    expect(body.model).toBe('gpt-test-mini');
    expect(body.messages[0]?.role).toBe('system');
    const parts = body.messages[1]?.content as { type: string; text?: string; image_url?: { url: string; detail: string } }[];
    const images = parts.filter((part) => part.type === 'image_url');
    expect(images.map((part) => part.image_url)).toEqual(
      jpegs.map((jpeg) => ({ url: `data:image/jpeg;base64,${jpeg.toString('base64')}`, detail: 'high' })),
    );
    expect(parts.some((part) => part.type === 'text' && /2 pages/.test(part.text ?? ''))).toBe(true);
  });
});

describe('a good reply', () => {
  it('becomes a ParsedReceipt with category hints', async () => {
    fake.enqueue(jsonReply(goodReply));
    const parsed = await reader().readText(RECEIPT_TEXT);

    expect(parsed.store).toEqual({ name: 'K-Supermarket Kamppi', chain: 'K-Supermarket' });
    expect(parsed.printedTotal).toBe(12.2);
    expect({ deposits: parsed.deposits, returns: parsed.returns, fees: parsed.fees }).toEqual({ deposits: 0.8, returns: 0.4, fees: 0 });
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
    expect(parsed.items).toEqual([
      { name: 'MAITO 1L', price: 1.29, quantity: 1, weightKg: null, unitPrice: null, discount: 0, categoryHint: 'Dairy' },
      { name: 'BROILERIN FILEE 400G', price: 5.49, quantity: 1, weightKg: null, unitPrice: null, discount: 1, categoryHint: 'Poultry' },
      { name: 'BANAANI', price: 0.84, quantity: null, weightKg: 0.512, unitPrice: 1.64, discount: 0, categoryHint: 'Fruits' },
      { name: 'COCA-COLA 1,5L', price: 4.18, quantity: 2, weightKg: null, unitPrice: 2.09, discount: 0, categoryHint: 'Beverages' },
    ]);
  });

  it('drops negative and absurd values with a warning, and keeps the rest of the receipt', async () => {
    fake.enqueue(
      jsonReply(
        receiptReply(
          [
            replyItem('RUISLEIPÄ', 2.19, { category: 'Grains' }),
            replyItem('PULLOPALAUTUS', -0.4),
            replyItem('KAHVI', 9_999_999, { category: 'Beverages' }),
            replyItem('PERUNA', 1.5, { quantity: null, weight_kg: 4_000, category: 'Vegetables' }),
            replyItem('JUUSTO', 4.99, { quantity: -3, discount: -0.5, category: 'Dairy' }),
            replyItem('   ', 1),
          ],
          { printed_total: -8.68, deposits: -0.2 },
        ),
      ),
    );
    const parsed = await reader().readText(RECEIPT_TEXT);

    expect(parsed.items.map((i) => i.name)).toEqual(['RUISLEIPÄ', 'PERUNA', 'JUUSTO']);
    expect(parsed.items[1]).toMatchObject({ weightKg: null, quantity: 1 });
    expect(parsed.items[2]).toMatchObject({ quantity: 1, discount: 0 });
    expect(parsed.printedTotal).toBeNull();
    expect(parsed.deposits).toBe(0);
    expect(parsed.notices.map((notice) => notice.message).join(' ')).toMatch(/2 lines were left out \(negative or implausible\)/);
    expect(parsed.notices.map((notice) => notice.message).join(' ')).toMatch(/missed a product name: a line was left out/);
    expect(parsed.notices.map((notice) => notice.message).join(' ')).toMatch(/3 implausible quantities, weights, unit prices or discounts were ignored/);
    expect(parsed.notices.map((notice) => notice.message).join(' ')).toMatch(/2 implausible totals, deposits or fees were ignored/);
    expect(parsed.notices.map((notice) => [notice.code, notice.params])).toEqual([
      ['ai-dropped-prices', { count: 2 }],
      ['ai-dropped-names', { count: 1 }],
      ['ai-dropped-values', { count: 3 }],
      ['ai-dropped-amounts', { count: 2 }],
    ]);
  });

  it('says so when the items read do not add up to the printed total, as the offline parser does', async () => {
    fake.enqueue(jsonReply(receiptReply([replyItem('MAITO 1L', 1.29), replyItem('RUISLEIPÄ', 2.19)], { printed_total: 5.98, deposits: 0.4 })));
    const parsed = await reader().readText(RECEIPT_TEXT);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([
      'The items found add up to 3,88 € but the receipt total is 5,98 €; some lines may not have been read.',
    ]);
    // The same check, tolerance and notice as the offline parser's.
    expect(parsed.notices).toEqual([
      {
        code: 'total-mismatch',
        params: { items_total: 3.88, printed_total: 5.98 },
        message: 'The items found add up to 3,88 € but the receipt total is 5,98 €; some lines may not have been read.',
      },
    ]);
    expect(parsed.reconciliation.status).toBe('mismatch');

    fake.enqueue(jsonReply(receiptReply([replyItem('MAITO 1L', 1.29), replyItem('RUISLEIPÄ', 2.19)], { printed_total: 3.88, deposits: 0.4 })));
    expect((await reader().readText(RECEIPT_TEXT)).notices).toEqual([]);
  });

  it('with no usable product line is still a receipt (the caller decides), with the warning', async () => {
    fake.enqueue(jsonReply(receiptReply([replyItem('PULLOPALAUTUS', -0.4)], { returns: 0.4 })));
    const parsed = await reader().readText(RECEIPT_TEXT);
    expect(parsed.items).toEqual([]);
    expect(parsed.returns).toBe(0.4);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([expect.stringMatching(/a line was left out \(negative or implausible\)/)]);
  });

  it('gives a hint only for one of the 13 categories, tolerating case and spacing', async () => {
    fake.enqueue(
      jsonReply(
        receiptReply([
          replyItem('JAUHELIHA', 4.5, { category: 'red  meat' }),
          replyItem('KUKKA', 3, { category: 'Flowers' }),
          replyItem('TUNTEMATON', 1, { category: null }),
        ]),
      ),
    );
    const parsed = await reader().readText(RECEIPT_TEXT);
    expect(parsed.items.map((i) => i.categoryHint)).toEqual(['Red Meat', undefined, undefined]);
    expect(parsed.items.every((i) => 'categoryHint' in i === (i.categoryHint !== undefined))).toBe(true);
  });

  it('rounds money to cents and weights to grams', async () => {
    fake.enqueue(jsonReply(receiptReply([replyItem('LOHI', 7.456_000_1, { quantity: null, weight_kg: 0.345_67, category: 'Fish' })])));
    const [lohi] = (await reader().readText(RECEIPT_TEXT)).items;
    expect(lohi).toMatchObject({ price: 7.46, weightKg: 0.346 });
  });
});

describe('every failure throws an LlmError', () => {
  it('HTTP 500: retried once, then fails', async () => {
    fake.enqueue(errorReply(500, { headers: { 'retry-after-ms': '5' } }), errorReply(500, { headers: { 'retry-after-ms': '5' } }));
    const error = await failure(reader().readText(RECEIPT_TEXT));
    expect(error).toMatchObject({ reason: 'http', status: 500 });
    expect(error.message).toMatch(/HTTP 500/);
    expect(fake.requests).toHaveLength(2);
  });

  it('HTTP 429: retried once, then fails', async () => {
    const limited = errorReply(429, { code: 'rate_limit_exceeded', headers: { 'retry-after-ms': '5' } });
    fake.enqueue(limited, limited);
    const error = await failure(reader().readText(RECEIPT_TEXT));
    expect(error).toMatchObject({ reason: 'http', status: 429 });
    expect(error.message).toMatch(/429 \(rate_limit_exceeded\)/);
    expect(fake.requests).toHaveLength(2);
  });

  it('HTTP 429 once: the retry succeeds', async () => {
    fake.enqueue(errorReply(429, { headers: { 'retry-after-ms': '5' } }), jsonReply(goodReply));
    const parsed = await reader().readText(RECEIPT_TEXT);
    expect(parsed.items).toHaveLength(4);
    expect(fake.requests).toHaveLength(2);
  });

  it('HTTP 401 is not retried and does not echo the key', async () => {
    fake.enqueue(errorReply(401, { code: 'invalid_api_key', message: `Incorrect API key provided: ${API_KEY}.` }));
    const error = await failure(reader().readText(RECEIPT_TEXT));
    expect(error).toMatchObject({ reason: 'http', status: 401 });
    expect(fake.requests).toHaveLength(1);
  });

  it('malformed JSON content', async () => {
    fake.enqueue(completionReply('{"store_name": "K-Supermarket Kamppi", "items": [ {"name": "MAITO'));
    expect(await failure(reader().readText(RECEIPT_TEXT))).toMatchObject({ reason: 'invalid-json' });
  });

  it('a response body that is not JSON', async () => {
    fake.enqueue({ kind: 'raw', body: '{"id": "chatcmpl-1", "choices": [' });
    expect(await failure(reader().readText(RECEIPT_TEXT))).toMatchObject({ reason: 'invalid-json' });
  });

  it('content that does not match the schema names the place, not the value', async () => {
    fake.enqueue(jsonReply(receiptReply([{ ...replyItem('MAITO', 1), price: '1,29' as unknown as number }])));
    const error = await failure(reader().readText(RECEIPT_TEXT));
    expect(error.reason).toBe('schema');
    expect(error.message).toMatch(/items\.0\.price: invalid_type \(expected number\)/);
    expect(error.message).not.toContain('1,29');
  });

  it('a reply missing required fields', async () => {
    fake.enqueue(jsonReply({ items: [] }));
    expect(await failure(reader().readText(RECEIPT_TEXT))).toMatchObject({ reason: 'schema' });
  });

  it('a refusal, without repeating the model’s words', async () => {
    fake.enqueue(refusalReply('I cannot help with MAITO.'));
    expect(await failure(reader().readText(RECEIPT_TEXT))).toMatchObject({ reason: 'refusal' });
  });

  it('a content-filter stop', async () => {
    fake.enqueue(completionReply(null, { finishReason: 'content_filter' }));
    expect(await failure(reader().readText(RECEIPT_TEXT))).toMatchObject({ reason: 'refusal' });
  });

  it('a reply cut off at the token limit', async () => {
    fake.enqueue(completionReply('{"store_name": null, "items": [', { finishReason: 'length' }));
    expect(await failure(reader().readText(RECEIPT_TEXT))).toMatchObject({ reason: 'truncated' });
  });

  it('no choices, or no content', async () => {
    fake.enqueue(completionReply(null, { choices: 0 }), completionReply(''));
    expect(await failure(reader().readText(RECEIPT_TEXT))).toMatchObject({ reason: 'empty' });
    expect(await failure(reader().readText(RECEIPT_TEXT))).toMatchObject({ reason: 'empty' });
  });

  it('no images', async () => {
    expect(await failure(reader().readImages([]))).toMatchObject({ reason: 'empty' });
    expect(fake.requests).toHaveLength(0);
  });

  it('a server that never answers: timeout within timeoutMs', async () => {
    fake.enqueue({ kind: 'hang' }, { kind: 'hang' });
    const started = performance.now();
    const error = await failure(reader({ timeoutMs: 300 }).readText(RECEIPT_TEXT));
    expect(error.reason).toBe('timeout');
    expect(error.message).toMatch(/300 ms/);
    // The limit covers the whole call, retries included (generous margin for a busy machine).
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it('a server that stalls in the middle of the body: timeout', async () => {
    fake.enqueue({ kind: 'stall-body' }, { kind: 'stall-body' });
    expect(await failure(reader({ timeoutMs: 300 }).readText(RECEIPT_TEXT))).toMatchObject({ reason: 'timeout' });
  });

  it('a slow reply beyond timeoutMs', async () => {
    fake.enqueue(jsonReply(goodReply, { delayMs: 1_000 }), jsonReply(goodReply, { delayMs: 1_000 }));
    expect(await failure(reader({ timeoutMs: 200 }).readText(RECEIPT_TEXT))).toMatchObject({ reason: 'timeout' });
  });

  it('the caller aborting', async () => {
    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = reader().readText(RECEIPT_TEXT, controller.signal);
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    expect(await failure(pending)).toMatchObject({ reason: 'aborted' });
  });

  it('an endpoint nobody listens on', async () => {
    const gone = await startFakeOpenAi();
    const baseURL = gone.baseURL;
    await gone.close();
    expect(await failure(reader({ baseURL }).readText(RECEIPT_TEXT))).toMatchObject({ reason: 'connection' });
  });
});

describe('privacy', () => {
  it('logs nothing, even when OPENAI_LOG asks the SDK for debug output', async () => {
    vi.stubEnv('OPENAI_LOG', 'debug');
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
    try {
      fake.enqueue(errorReply(500, { headers: { 'retry-after-ms': '5' } }), jsonReply(goodReply));
      await reader().readText(RECEIPT_TEXT);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
