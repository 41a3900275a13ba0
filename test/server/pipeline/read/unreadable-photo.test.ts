// A photo the reader could not read answers 422 with advice on taking it again (flatter, closer,
// more light), not an empty result and not a few items invented from noise. The photos are the
// project's own rendered receipt, degraded here: blurred beyond reading and shrunk to a
// thumbnail. A readable photo of the same receipt still answers 200.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS } from '../../../../scripts/paths.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../../src/contract.ts';
import { isUnreadablePhoto, UNREAD_CONFIDENCE } from '../../../../src/server/pipeline/read/unreadable-photo.ts';
import { buildTestApp, type TestApp } from '../../../support/build-app.ts';
import { multipart } from '../../../support/multipart.ts';

const PHOTO = join(FIXTURE_RECEIPTS, 'images/k-supermarket-kamppi-2024-10-03--phone-table.jpg');
const ADVICE = /flat.*closer.*light/;

describe('whether a reading is worth showing', () => {
  it('refuses an unsure OCR reading that nothing checks: no items, or items without a printed total', () => {
    const unsure = UNREAD_CONFIDENCE - 10;
    expect(isUnreadablePhoto({ method: 'ocr', ocrConfidence: unsure, items: 0, printedTotal: null })).toBe(true);
    expect(isUnreadablePhoto({ method: 'pdf-ocr', ocrConfidence: unsure, items: 3, printedTotal: null })).toBe(true);
    expect(isUnreadablePhoto({ method: 'ocr', ocrConfidence: unsure, items: 3, printedTotal: 12.5 })).toBe(false);
    expect(isUnreadablePhoto({ method: 'ocr', ocrConfidence: UNREAD_CONFIDENCE + 10, items: 0, printedTotal: null })).toBe(false);
    expect(isUnreadablePhoto({ method: 'pdf-text', items: 0, printedTotal: null })).toBe(false);
  });
});

describe('POST /api/process-receipt-ai with a photo that cannot be read', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const upload = async (bytes: Buffer) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/process-receipt-ai',
      ...(await multipart({ file: { bytes, name: 'receipt.jpg', type: 'image/jpeg' }, fileType: 'image' })),
    });

  it.each([
    ['blurred beyond reading', (photo: Buffer) => sharp(photo).blur(8).jpeg().toBuffer()],
    ['shrunk to a thumbnail', (photo: Buffer) => sharp(photo).resize(160).jpeg().toBuffer()],
  ])('answers 422 with what to try when the photo is %s', { timeout: 120_000 }, async (_, degrade) => {
    const response = await upload(await degrade(readFileSync(PHOTO)));
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: string }>().error).toMatch(ADVICE);
    expect(response.json<{ code: string }>().code).toBe('no-text-in-image');
  });

  it('still reads the same receipt photographed well', { timeout: 120_000 }, async () => {
    const response = await upload(readFileSync(PHOTO));
    expect(response.statusCode).toBe(200);
    expect(response.json<AnalysisResult>().items.length).toBeGreaterThanOrEqual(12);
  });
});
