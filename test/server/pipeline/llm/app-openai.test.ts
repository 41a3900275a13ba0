// The AI path end to end: the real app, configured only through its environment, talks over
// HTTP to the local chat-completions server. A good model reply becomes the analysis; any
// model failure still answers, through the built-in reader, with a warning.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult, HealthResponse } from '../../../../src/contract.ts';
import { SAMPLE_RECEIPT_TEXT } from '../../../../src/sample-receipt.ts';
import { buildTestApp } from '../../../support/build-app.ts';
import type { TestApp } from '../../../support/build-app.ts';
import { completionReply, errorReply, jsonReply, refusalReply, startFakeOpenAi } from '../../../support/fake-openai.ts';
import type { FakeOpenAi, FakeReply } from '../../../support/fake-openai.ts';
import { receiptReply, SAMPLE_REPLY_ITEMS } from '../../../support/model-reply.ts';
import { expectConsistentAnalysis } from '../../helpers.ts';

const API_KEY = 'sk-e2e-0a11ce';
const TIMEOUT_MS = 1_000;

const modelReply = receiptReply([...SAMPLE_REPLY_ITEMS], {
  store_name: 'K-Citymarket Helsinki Ruoholahti',
  chain: 'K-Citymarket',
  printed_total: 46.9,
  deposits: 0.4,
  vat_table_total: 46.65,
});

let fake: FakeOpenAi;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
  testApp = await buildTestApp({
    OPENAI_API_KEY: API_KEY,
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL: 'gpt-e2e',
    OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
  });
});
afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});
afterEach(() => {
  fake.reset();
});

const processText = (text: string) => testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text } });

describe('the app with OPENAI_API_KEY and OPENAI_BASE_URL set', () => {
  it('reports openai_configured: true on /health', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json<HealthResponse>()).toMatchObject({ status: 'ok', openai_configured: true });
  });

  it('sends pasted text to the configured model with the key', async () => {
    fake.enqueue(jsonReply(modelReply));
    await processText(SAMPLE_RECEIPT_TEXT);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body).toMatchObject({ model: 'gpt-e2e', response_format: { type: 'json_schema' } });
    expect(JSON.stringify(request?.body)).toContain('Pirkka naudan jauheliha');
  });

  it('answers with the items of the model reply, method openai-text', async () => {
    fake.enqueue(jsonReply(modelReply));
    const response = await processText(SAMPLE_RECEIPT_TEXT);
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expect(result.metadata.processing_method).toBe('openai-text');
    expect(result.items.map((item) => [item.name, item.price])).toEqual(modelReply.items.map((item) => [item.name, item.price]));
    expect(result.store_info).toMatchObject({ name: modelReply.store_name, total: modelReply.printed_total });
    expect(result.metadata.warnings ?? []).not.toContainEqual(expect.stringMatching(/AI reader/));
    expectConsistentAnalysis(result);
  });

  const failures: [string, FakeReply[]][] = [
    ['HTTP 500 twice', [errorReply(500, { headers: { 'retry-after-ms': '5' } }), errorReply(500)]],
    ['a hang past OPENAI_TIMEOUT_MS', [{ kind: 'hang' }]],
    ['malformed JSON content', [completionReply('{"items": [')]],
    ['content off the schema', [jsonReply({ items: 'none' })]],
    ['a refusal', [refusalReply('No.')]],
  ];

  it.each(failures)('falls back to the built-in reader with a warning on %s', async (_name, replies) => {
    fake.enqueue(...replies);
    const response = await processText(SAMPLE_RECEIPT_TEXT);
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expect(result.metadata.processing_method).toBe('text');
    expect(result.metadata.warnings).toContainEqual(expect.stringMatching(/AI reader was unavailable/));
    expect(result.metadata.notices?.map((notice) => notice.code)).toContain('ai-unavailable');
    expectConsistentAnalysis(result);
    expect(fake.requests.length).toBeGreaterThanOrEqual(1);
  });

  it('falls back to the built-in reader, with its coded notice, when the model finds no items', async () => {
    fake.enqueue(jsonReply(receiptReply([], { store_name: 'K-Citymarket Helsinki Ruoholahti' })));
    const response = await processText(SAMPLE_RECEIPT_TEXT);
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expect(result.metadata.processing_method).toBe('text');
    expect(result.metadata.notices).toContainEqual({
      code: 'ai-found-nothing',
      message: 'The AI reader found no items, so the receipt was read with the built-in reader.',
    });
    expectConsistentAnalysis(result);
  });
});
