// Uploads with an OpenAI key: images go to the vision model, a PDF's text layer to the text
// model, and a failing model leaves the answer to the offline reader with a warning. The
// OpenAI service is a local server speaking its wire protocol.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../src/contract.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { errorReply, jsonReply, startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai.ts';
import { receiptReply, SAMPLE_REPLY_ITEMS } from '../../support/model-reply.ts';
import { multipart } from '../../support/multipart.ts';
import { makeTextPdf, renderReceiptPng } from '../../support/receipt-files.ts';
import { COUNTED_RECEIPT_TEXT, expectConsistentAnalysis } from '../helpers.ts';

const API_KEY = 'sk-files-test';
const modelReply = receiptReply(SAMPLE_REPLY_ITEMS.slice(0, 3), {
  store_name: 'K-Citymarket Helsinki Itäkeskus',
  chain: 'K-Citymarket',
  printed_total: 8.12,
});

describe('uploads with the OpenAI reader configured', () => {
  let fake: FakeOpenAi;
  let testApp: TestApp;
  let png: Buffer;
  let pdf: Buffer;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY });
    testApp = await buildTestApp({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseURL, OPENAI_TIMEOUT_MS: '2000' });
    png = await renderReceiptPng(COUNTED_RECEIPT_TEXT, 22);
    pdf = await makeTextPdf(COUNTED_RECEIPT_TEXT);
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });
  afterEach(() => fake.reset());

  const upload = async (bytes: Buffer, name: string, type: string, fileType: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...(await multipart({ file: { bytes, name, type }, fileType })) });

  it('sends a photo to the vision model and computes the numbers itself', async () => {
    fake.enqueue(jsonReply(modelReply));
    const response = await upload(png, 'receipt.png', 'image/png', 'image');
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expectConsistentAnalysis(result);
    expect(result.metadata.processing_method).toBe('openai-vision');
    expect(result.items.map((item) => item.name)).toEqual(modelReply.items.map((item) => item.name));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.rawBody).toContain('data:image/jpeg;base64,');
  });

  it('sends a PDF text layer to the text model, without images', async () => {
    fake.enqueue(jsonReply(modelReply));
    const response = await upload(pdf, 'receipt.pdf', 'application/pdf', 'pdf');
    expect(response.statusCode).toBe(200);
    expect(response.json<AnalysisResult>().metadata.processing_method).toBe('openai-text');
    expect(fake.requests[0]?.rawBody).toContain('jauheliha');
    expect(fake.requests[0]?.rawBody).not.toContain('data:image/');
  });

  it('falls back to OCR with a warning when the model fails', async () => {
    fake.setFallback(errorReply(500));
    const response = await upload(png, 'receipt.png', 'image/png', 'image');
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expectConsistentAnalysis(result);
    expect(result.metadata.processing_method).toBe('ocr');
    expect(result.metadata.warnings).toContain('The AI reader was unavailable, so the receipt was read with the built-in reader.');
  });
});
