// PDFs made in the test: a text layer is read as printed lines; a scanned page is rendered and OCR'd.
import { PDFDocument, PDFHexString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../../../src/server/pipeline/extract/index.ts';
import { detectKind } from '../../../../src/server/pipeline/decode/detect.ts';
import { makeImagePdf, makeTextPdf, readFile, refusal, renderReceiptPng, squash, testExtractor } from '../extract/helpers.ts';


/** A PDF locked with a user password (standard security handler, RC4 40-bit). */
async function makeEncryptedPdf(): Promise<Buffer> {
  const document = await PDFDocument.load(await makeTextPdf());
  const { context } = document;
  const filler = (byte: string) => PDFHexString.of(byte.repeat(64));
  const encrypt = context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, O: filler('a1'), U: filler('b2'), P: -44 });
  context.trailerInfo.Encrypt = context.register(encrypt);
  context.trailerInfo.ID = context.obj([filler('c3'), filler('c3')]);
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

let extractor: Extractor;
beforeAll(() => {
  extractor = testExtractor({ maxPdfPages: 2 });
});
afterAll(() => extractor.close());

describe('PDFs with a text layer', () => {
  it('keeps each product name and its price on one line, in reading order (method pdf-text)', async () => {
    const result = await readFile(extractor, await makeTextPdf());
    expect(result).toMatchObject({ kind: 'pdf', method: 'pdf-text' });
    expect(result.ocrConfidence).toBeUndefined();
    const lines = result.text.split('\n').map((line) => squash(line.trim()));
    expect(lines).toContain('MAITO 1L 1,29');
    expect(lines).toContain('RUISLEIPÄ 500G 2,49');
    expect(lines).toContain('0,650 KG x 1,77 €/KG');
    expect(lines).toContain('YHTEENSÄ 9,92');
    expect(lines.indexOf('MAITO 1L 1,29')).toBeLessThan(lines.indexOf('YHTEENSÄ 9,92'));
    // The price column stays a column: both prices start at the same character.
    const raw = result.text.split('\n');
    const column = (name: string) => raw.find((line) => line.startsWith(name))?.search(/\d+,\d\d$/);
    expect(column('MAITO')).toBe(column('JAUHELIHA'));
    expect(result.notices).toEqual([]);
  });

  it('reads at most maxPdfPages pages and says so', async () => {
    const result = await readFile(extractor, await makeTextPdf(undefined, 3));
    expect(result.text.match(/YHTEENSÄ/g)).toHaveLength(2);
    expect(result.notices.map((notice) => notice.message)).toEqual(["Only the first 2 of the PDF's 3 pages were read."]);
  });

  it('gives the text layer, not images, to the vision path', async () => {
    const result = await extractor.visionInput(await makeTextPdf());
    expect(result.kind).toBe('pdf');
    expect(result.images).toEqual([]);
    expect(squash(result.text ?? '')).toMatch(/YHTEENSÄ 9,92/);
  });
});

describe('PDFs without a text layer', () => {
  it('renders the scanned page and reads it with OCR (method pdf-ocr)', async () => {
    const result = await readFile(extractor, await makeImagePdf(await renderReceiptPng()));
    expect(result).toMatchObject({ kind: 'pdf', method: 'pdf-ocr' });
    expect(result.ocrConfidence).toBeGreaterThan(50);
    const text = squash(result.text);
    expect(text).toMatch(/MAITO 1L 1,29/);
    expect(text).toMatch(/YHTEENSÄ 9,92/);
    expect(extractor.load).toBe(0);
  });

  it('gives the vision path one JPEG per page, long side at most 2048 px', async () => {
    const result = await extractor.visionInput(await makeImagePdf(await renderReceiptPng()));
    expect(result.text).toBeNull();
    expect(result.images).toHaveLength(1);
    const meta = await sharp(result.images[0]).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(2048);
  });
});

describe('PDFs that cannot be read', () => {
  it('answers 422 for a password-protected PDF', async () => {
    const bytes = await makeEncryptedPdf();
    expect(detectKind(bytes)).toBe('pdf');
    const answer = await refusal(readFile(extractor, bytes));
    expect(answer).toEqual({ code: 'encrypted-pdf', status: 422, message: expect.stringMatching(/password-protected/) });
  });

  it('answers 422 for a corrupt PDF', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x41)]);
    const answer = await refusal(readFile(extractor, bytes));
    expect(answer).toEqual({ code: 'unreadable-pdf', status: 422, message: expect.stringMatching(/PDF could not be read/) });
    expect((await refusal(extractor.visionInput(bytes))).status).toBe(422);
  });

  it('answers 422 for a PDF with empty pages', async () => {
    const document = await PDFDocument.create();
    document.addPage([200, 300]);
    const answer = await refusal(readFile(extractor, Buffer.from(await document.save())));
    expect(answer).toEqual({ code: 'no-text-in-pdf', status: 422, message: expect.stringMatching(/No text could be read from this PDF/) });
  });
});
