// The pre-scan reads a PDF's bytes before any PDF library does: real receipt PDFs pass with what
// they hold counted, and each limit of the budget refuses with its own code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deflatedRepeat } from '../../../../scripts/hostile/deflate.ts';
import { jbig2Stream, jpegClaiming, jpxCodestream } from '../../../../scripts/hostile/images.ts';
import * as hostile from '../../../../scripts/hostile/pdfs.ts';
import { onePagePdf } from '../../../../scripts/hostile/pdf-writer.ts';
import { FIXTURE_RECEIPTS } from '../../../../scripts/paths.ts';
import { DEFAULT_PDF_BUDGET, type PdfBudget } from '../../../../src/server/pipeline/pdf/budget.ts';
import { countLzw, countRunLength, decodeAscii85, decodeAsciiHex } from '../../../../src/server/pipeline/pdf/filters.ts';
import { jbig2Size, jpegSize, jpxSize } from '../../../../src/server/pipeline/pdf/image-headers.ts';
import { prescanPdf } from '../../../../src/server/pipeline/pdf/prescan.ts';
import { makeImagePdf, makeTextPdf, refusal, renderReceiptPng } from '../extract/helpers.ts';

const MiB = 1024 * 1024;
const budget = (overrides: Partial<PdfBudget> = {}): PdfBudget => ({ ...DEFAULT_PDF_BUDGET, ...overrides });

/** LZW as PDF writes it (7.4.4: 9 to 12 bits, early change, a clear code when the table fills), to check the counter against. */
function lzwEncode(data: Buffer): Buffer {
  let bits = '';
  let width = 9;
  const emit = (code: number) => {
    bits += code.toString(2).padStart(width, '0');
  };
  let table = new Map<string, number>();
  let next = 258;
  const codeOf = (sequence: string) => (sequence.length === 1 ? sequence.charCodeAt(0) : (table.get(sequence) ?? 0));
  emit(256);
  let current = '';
  for (const byte of data) {
    const extended = current + String.fromCharCode(byte);
    if (current === '' || table.has(extended)) {
      current = extended;
      continue;
    }
    emit(codeOf(current));
    if (next < 4093) {
      table.set(extended, next++);
      if (next >= 1 << width && width < 12) width++;
    } else {
      emit(256);
      table = new Map();
      next = 258;
      width = 9;
    }
    current = String.fromCharCode(byte);
  }
  emit(codeOf(current));
  emit(257);
  bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
}

describe('real receipt PDFs pass', () => {
  const folder = join(FIXTURE_RECEIPTS, 'pdf');
  it.each(readdirSync(folder).filter((name) => name.endsWith('.pdf')))('%s', async (name) => {
    const report = await prescanPdf(readFileSync(join(folder, name)), budget());
    // A long receipt scanned in parts (`--scan-3-pages`) has a page, and a picture, per part.
    const pages = Number(/--scan-(\d)-pages\.pdf$/.exec(name)?.[1] ?? 1);
    expect(report.pages).toBe(pages);
    expect(report.images).toBe(name.includes('scan') ? pages : 0);
    expect(report.decodedBytes).toBeGreaterThan(1000);
    expect(report.decodedBytes).toBeLessThan(16 * MiB * pages);
  });

  it('walks a page tree kept in object streams', async () => {
    // pdf-lib keeps its objects in object streams unless told otherwise.
    const report = await prescanPdf(await makeTextPdf(undefined, 3), budget());
    expect(report.pages).toBe(3);
    expect(report.objects).toBeGreaterThan(5);
  });

  it('counts a scanned page by its picture', async () => {
    const report = await prescanPdf(await makeImagePdf(await renderReceiptPng()), budget());
    expect(report).toMatchObject({ pages: 1, images: 1 });
    expect(report.largestImagePixels).toBeGreaterThan(100_000);
  });
});

describe('each limit refuses with its own code', () => {
  it('a stream that decodes past its limit: pdf-too-much-data, the limit in MB', async () => {
    const answer = await refusal(prescanPdf(hostile.deflateBomb(64), budget()));
    expect(answer).toMatchObject({ code: 'pdf-too-much-data', status: 413, params: { max_mb: 32 } });
  });

  it('streams that together decode past the document limit', async () => {
    const answer = await refusal(prescanPdf(hostile.manyDeflateBombs(8, 4), budget({ maxDocumentBytes: 20 * MiB })));
    expect(answer).toMatchObject({ code: 'pdf-too-much-data', params: { max_mb: 20 } });
    await expect(prescanPdf(hostile.manyDeflateBombs(4, 4), budget({ maxDocumentBytes: 20 * MiB }))).resolves.toMatchObject({ decodedBytes: 16 * MiB });
  });

  it('counts run-length and LZW streams by their own rules', async () => {
    const lzw = lzwEncode(Buffer.alloc(300_000, 0x41));
    await expect(prescanPdf(onePagePdf(lzw, { filter: '/LZWDecode' }), budget({ maxStreamBytes: 256 * 1024 }))).rejects.toMatchObject({ code: 'pdf-too-much-data' });
    await expect(prescanPdf(onePagePdf(lzw, { filter: '/LZWDecode' }), budget({ maxStreamBytes: 512 * 1024 }))).resolves.toMatchObject({ decodedBytes: 300_000 });
    const runs = Buffer.concat(Array.from({ length: 20_000 }, () => Buffer.from([129, 0x20])));
    await expect(prescanPdf(onePagePdf(runs, { filter: '/RunLengthDecode' }), budget({ maxStreamBytes: 2 * MiB }))).rejects.toMatchObject({
      code: 'pdf-too-much-data',
    });
    await expect(prescanPdf(onePagePdf(runs, { filter: '/RunLengthDecode' }), budget())).resolves.toMatchObject({ decodedBytes: 20_000 * 128 });
  });

  it('follows ASCII filters in front of Flate', async () => {
    const hex = Buffer.from(`${deflatedRepeat(64 * MiB).toString('hex')}>`);
    await expect(prescanPdf(onePagePdf(hex, { filter: '[/AHx /Fl]' }), budget())).rejects.toMatchObject({ code: 'pdf-too-much-data' });
  });

  it.each([
    ['its dictionary', () => hostile.hugeImage(5000, 5000)],
    ['its JPEG header', () => hostile.lyingJpegImage()],
    ['its JPEG 2000 header', () => hostile.jpxImage()],
    ['its JBIG2 page', () => hostile.jbig2Image()],
  ])('an image over the pixel limit by %s: pdf-image-too-large', async (_by, make) => {
    const answer = await refusal(prescanPdf(await make(), budget()));
    expect(answer).toMatchObject({ code: 'pdf-image-too-large', status: 413, params: { megapixels: 16 } });
  });

  it('more pages than the limit, counted or claimed: pdf-too-many-pages', async () => {
    expect(await refusal(prescanPdf(hostile.manyPages(120), budget()))).toMatchObject({ code: 'pdf-too-many-pages', status: 413, params: { max_pages: 100 } });
    await expect(prescanPdf(hostile.manyPages(100), budget())).resolves.toMatchObject({ pages: 100 });
  });

  it('a page tree that loops: unreadable-pdf', async () => {
    expect(await refusal(prescanPdf(hostile.pageTreeLoop(), budget()))).toMatchObject({ code: 'unreadable-pdf', status: 422 });
  });

  it('too many objects, or nesting too deep: pdf-too-complex', async () => {
    expect(await refusal(prescanPdf(hostile.manyObjects(2000), budget({ maxObjects: 1000 })))).toMatchObject({ code: 'pdf-too-complex', status: 422 });
    expect(await refusal(prescanPdf(hostile.deepNesting(65), budget()))).toMatchObject({ code: 'pdf-too-complex' });
    await expect(prescanPdf(hostile.deepNesting(60), budget())).resolves.toMatchObject({ pages: 1 });
  });

  it('leaves to the reader what it cannot count: an encrypted stream, a page that is only expensive to draw', async () => {
    await expect(prescanPdf(hostile.encryptedDeflateBomb(64), budget())).resolves.toMatchObject({ streams: 1 });
    await expect(prescanPdf(hostile.manyOperators(8), budget())).resolves.toMatchObject({ decodedBytes: 8 * MiB });
  });
});

describe('filters and codec headers', () => {
  it('counts LZW exactly, also past the 12-bit table', () => {
    const data = Buffer.from(Array.from({ length: 200_000 }, (_, index) => (index * 7919) % 251));
    expect(countLzw(lzwEncode(data), Number.POSITIVE_INFINITY)).toMatchObject({ bytes: data.length, over: false });
  });

  it('counts run-length runs and literals', () => {
    const data = Buffer.from([2, 0x61, 0x62, 0x63, 254, 0x64, 128]);
    expect(countRunLength(data, 100)).toMatchObject({ bytes: 6, over: false });
  });

  it('decodes the ASCII filters', () => {
    expect(decodeAsciiHex(Buffer.from('4d 61 6E 7>'))).toEqual(Buffer.from([0x4d, 0x61, 0x6e, 0x70]));
    expect(decodeAscii85(Buffer.from('9jqo^BlbD-BleB1DJ+*+F(f,q~>')).toString('latin1')).toBe('Man is distinguished');
    expect(decodeAscii85(Buffer.from('z~>'))).toEqual(Buffer.alloc(4));
  });

  it('reads the size each codec will decode to', async () => {
    expect(jpegSize(await jpegClaiming(4000, 3000))).toEqual({ width: 4000, height: 3000, components: 3 });
    expect(jpxSize(jpxCodestream(1234, 567))).toEqual({ width: 1234, height: 567, components: 3 });
    expect(jbig2Size(jbig2Stream(800, 0xffffffff), 1200)).toEqual({ width: 800, height: 1200, components: 1 });
    expect(jpegSize(Buffer.from('not a jpeg'))).toBeNull();
  });
});
