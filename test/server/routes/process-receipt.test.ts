// POST /api/process-receipt-ai: a multipart upload (file + fileType) → the analysis result.
// The bytes decide how the file is read; fileType is only the client's guess.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../src/contract.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { multipart } from '../../support/multipart.ts';
import { makeImagePdf, makeTextPdf, renderReceiptPng } from '../../support/receipt-files.ts';
import { COUNTED_RECEIPT_TEXT, expectConsistentAnalysis } from '../helpers.ts';
import { FIXTURE_RECEIPTS } from '../../../scripts/paths.ts';

const pdfDir = join(FIXTURE_RECEIPTS, 'pdf');

describe('POST /api/process-receipt-ai', () => {
  let testApp: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    testApp = await buildTestApp();
    png = await renderReceiptPng(COUNTED_RECEIPT_TEXT, 22);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const upload = async (bytes: Buffer, name: string, type: string, fileType?: string) => {
    const fields = { file: { bytes, name, type }, ...(fileType ? { fileType } : {}) };
    return testApp.app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...(await multipart(fields)) });
  };

  it('reads a receipt photo with OCR, counts it, and trusts the bytes over fileType', async () => {
    const before = (await testApp.app.inject({ method: 'GET', url: '/stats' })).json<{ total_receipts_processed: number }>();
    // Sent as "pdf" with a PDF name: the PNG bytes still decide.
    const response = await upload(png, 'receipt.pdf', 'application/pdf', 'pdf');
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expectConsistentAnalysis(result);
    expect(result.metadata.processing_method).toBe('ocr');
    const after = (await testApp.app.inject({ method: 'GET', url: '/stats' })).json<{ total_receipts_processed: number }>();
    expect(after.total_receipts_processed).toBe(before.total_receipts_processed + 1);
  });

  it('reads a text-layer PDF from its text, without OCR', async () => {
    const textLayerPdf = readdirSync(pdfDir).find((name) => name.endsWith('.pdf') && !/scan/.test(name));
    expect(textLayerPdf, 'a committed text-layer PDF in test/fixtures/receipts/pdf').toBeDefined();
    const bytes = readFileSync(join(pdfDir, textLayerPdf ?? ''));
    const response = await upload(bytes, 'receipt.pdf', 'application/pdf', 'image');
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expectConsistentAnalysis(result);
    expect(result.metadata.processing_method).toBe('pdf-text');
  });

  it('reads a PDF whose page is only a picture with OCR, and finds its items', async () => {
    const response = await upload(await makeImagePdf(png), 'scan.pdf', 'application/pdf', 'pdf');
    expect(response.statusCode).toBe(200);
    const result = response.json<AnalysisResult>();
    expectConsistentAnalysis(result);
    expect(result.metadata.processing_method).toBe('pdf-ocr');
    // Every item of the receipt's own text, at its price (OCR may slip a letter in a name).
    const typed = await testApp.app.inject({ method: 'POST', url: '/api/process-text', payload: { text: COUNTED_RECEIPT_TEXT } });
    const prices = (analysis: AnalysisResult) => analysis.items.map((item) => item.price).sort((x, y) => x - y);
    expect(prices(result)).toEqual(prices(typed.json<AnalysisResult>()));
  });

  it('tells the visitor when PDF pages beyond MAX_PDF_PAGES were left unread', async () => {
    const pdf = await makeTextPdf(COUNTED_RECEIPT_TEXT, 2);
    const limited = await buildTestApp({ MAX_PDF_PAGES: '1' });
    try {
      const form = await multipart({ file: { bytes: pdf, name: 'r.pdf', type: 'application/pdf' }, fileType: 'pdf' });
      const response = await limited.app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form });
      expect(response.statusCode).toBe(200);
      const result = response.json<AnalysisResult>();
      expectConsistentAnalysis(result);
      expect(result.metadata.warnings?.some((warning) => /\b1\b.*\b2\b|page/i.test(warning))).toBe(true);
      expect(result.metadata.notices).toContainEqual({
        code: 'pdf-pages-skipped',
        params: { read: 1, total: 2 },
        message: "Only the first 1 of the PDF's 2 pages were read.",
      });
    } finally {
      await limited.close();
    }
  });

  it('accepts an upload without fileType, and fields in either order', async () => {
    const form = await multipart({ fileType: 'image', file: { bytes: png, name: 'receipt.png', type: 'image/png' } });
    const fieldFirst = await testApp.app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form });
    expect(fieldFirst.statusCode).toBe(200);
    expect((await upload(png, 'receipt.png', 'image/png')).statusCode).toBe(200);
  });
});
