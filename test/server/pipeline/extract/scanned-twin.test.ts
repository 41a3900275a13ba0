// A receipt reads the same whether it arrives as a photo or as the scanned PDF of the same
// picture. The twins are made here from the project's own rendered receipts: the picture drawn
// at a receipt's paper size (80 mm wide) in the corner of an A4 page, as a scanner or a phone's
// scanning app stores it. Read with the product's extractor and reader, without the time limit
// on reading again, so a busy machine cannot make the two differ.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS } from '../../../../scripts/paths.ts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractor, type Extractor } from '../../../../src/server/pipeline/extract/index.ts';
import { readFile } from './helpers.ts';

const IMAGES = join(FIXTURE_RECEIPTS, 'images');
const A4: [number, number] = [595, 842];
/** 80 mm in PDF points: a till roll's width. */
const RECEIPT_WIDTH = 227;
const MARGIN = 36;

async function scannedTwin(picture: Buffer, format: 'jpeg' | 'png'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const image = format === 'jpeg' ? await document.embedJpg(picture) : await document.embedPng(picture);
  const page = document.addPage(A4);
  const height = (image.height / image.width) * RECEIPT_WIDTH;
  page.drawImage(image, { x: MARGIN, y: A4[1] - MARGIN - height, width: RECEIPT_WIDTH, height });
  return Buffer.from(await document.save());
}

let extractor: Extractor;

beforeAll(async () => {
  extractor = createExtractor({
    ocrWorkers: 1,
    maxQueue: 4,
    ocrTimeoutMs: 120_000,
    maxPixels: 50_000_000,
    maxPdfPages: 5,
    ocrRereadWithinPixels: Infinity,
    log: () => {},
  });
  await extractor.ready();
});

afterAll(async () => {
  await extractor?.close();
});

async function read(bytes: Buffer) {
  const reading = await readFile(extractor, bytes);
  return { method: reading.method, parsed: reading.receipt };
}

describe('a photo and its scanned-PDF twin', () => {
  it.each([
    ['a phone photo stored as JPEG', 'k-supermarket-kamppi-2024-10-03--phone-table.jpg', 'jpeg', 14],
    ['a flatbed scan stored losslessly', 'k-market-kalevanrinne-2023-05-16--clean-scan.png', 'png', 4],
  ] as const)('read the same items: %s', { timeout: 180_000 }, async (_, file, format, labelled) => {
    const picture = readFileSync(join(IMAGES, file));
    const photo = await read(picture);
    const scan = await read(await scannedTwin(picture, format));
    expect(photo.method).toBe('ocr');
    expect(scan.method).toBe('pdf-ocr');
    // The photo itself reads well, so the comparison is between two real readings.
    expect(photo.parsed.items.length).toBeGreaterThanOrEqual(labelled - 1);
    expect(scan.parsed.items).toEqual(photo.parsed.items);
    expect(scan.parsed.printedTotal).toBe(photo.parsed.printedTotal);
  });
});
