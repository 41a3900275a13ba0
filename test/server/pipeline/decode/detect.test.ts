import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { detectKind } from '../../../../src/server/pipeline/decode/detect.ts';
import { makeTextPdf, readFile, refusal, testExtractor } from '../extract/helpers.ts';

const extractor = testExtractor();
afterAll(() => extractor.close());

const pixel = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } });

/** The first bytes of a HEIF file from an iPhone: an `ftyp` box naming HEVC brands. */
function heicHeader(major = 'heic', compatible = ['mif1', 'heic']): Buffer {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brands, 8, 'latin1');
  return Buffer.concat([box, Buffer.alloc(64, 0x11)]);
}


describe('detect', () => {
  it.each([
    ['jpeg', () => pixel().jpeg().toBuffer()],
    ['png', () => pixel().png().toBuffer()],
    ['webp', () => pixel().webp().toBuffer()],
    ['gif', () => pixel().gif().toBuffer()],
    ['tiff', () => pixel().tiff().toBuffer()],
    ['avif', () => pixel().avif().toBuffer()],
    ['pdf', () => makeTextPdf()],
  ] as const)('recognises %s from bytes sharp or pdf-lib wrote', async (kind, make) => {
    expect(detectKind(await make())).toBe(kind);
  });

  it('tells HEIC from AVIF by the ftyp brands', () => {
    expect(detectKind(heicHeader())).toBe('heic');
    expect(detectKind(heicHeader('mif1', ['heic']))).toBe('heic');
    expect(detectKind(heicHeader('mif1', ['avif', 'miaf']))).toBe('avif');
    expect(detectKind(heicHeader('isom', ['mp41']))).toBeNull();
  });

  it('finds a PDF header within the first kilobyte, not beyond it', async () => {
    const pdf = await makeTextPdf();
    expect(detectKind(Buffer.concat([Buffer.alloc(500, 0x20), pdf]))).toBe('pdf');
    expect(detectKind(Buffer.concat([Buffer.alloc(1100, 0x20), pdf]))).toBeNull();
  });

  it('trusts bytes, not names: text, HTML and empty input are unknown', () => {
    expect(detectKind(Buffer.from('MAITO 1,29\nYHTEENSÄ 1,29\n'))).toBeNull();
    expect(detectKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectKind(new Uint8Array(0))).toBeNull();
    expect(detectKind(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('unsupported bytes', () => {
  it('answers 415 with a sentence for a text file sent as a photo', async () => {
    // What a browser uploads for "receipt.jpg" that is really a text file.
    const answer = await refusal(readFile(extractor, Buffer.from('K-MARKET\nMAITO 1,29\n')));
    expect(answer.status).toBe(415);
    expect(answer.code).toBe('unsupported-type');
    expect(answer.message).toMatch(/not supported.*JPEG/);
  });

  it('answers 415 for unknown binary bytes, in extract and visionInput alike', async () => {
    const bytes = Buffer.from([0x00, 0x01, 0x02, 0x03, 0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]);
    expect((await refusal(readFile(extractor, bytes))).status).toBe(415);
    expect((await refusal(extractor.visionInput(bytes))).status).toBe(415);
  });

  it('answers 415 suggesting JPEG for a HEIC photo this server cannot decode', async () => {
    const answer = await refusal(readFile(extractor, heicHeader()));
    expect(answer.status).toBe(415);
    expect(answer.code).toBe('heic-unsupported');
    expect(answer.message).toMatch(/HEIC.*JPEG/);
  });
});
