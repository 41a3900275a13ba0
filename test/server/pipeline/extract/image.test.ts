// Image refusals and the vision JPEG: no OCR worker is needed for any of these.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readFile, refusal, renderReceiptPng, testExtractor } from './helpers.ts';

const extractor = testExtractor();
const tiny = testExtractor({ maxPixels: 10_000 });
afterAll(() => Promise.all([extractor.close(), tiny.close()]));


describe('decompression bombs', () => {
  it('refuses an image above maxPixels with 413 before decoding it', async () => {
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' } }).png().toBuffer();
    const answer = await refusal(readFile(tiny, png));
    expect(answer.status).toBe(413);
    expect(answer.code).toBe('too-many-pixels');
    expect(answer.params).toEqual({ megapixels: expect.any(Number) });
    expect(answer.message).toMatch(/too large/);
    expect((await refusal(tiny.visionInput(png))).status).toBe(413);
    expect(tiny.load).toBe(0);
  });

  it('counts one frame of an animated GIF, which is all that is decoded', async () => {
    const frame = (colour: string) => sharp({ create: { width: 90, height: 90, channels: 3, background: colour } }).png().toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } }).gif().toBuffer();
    const [jpeg] = (await tiny.visionInput(gif)).images;
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([90, 90]);
  });
});

describe('unreadable images', () => {
  it('answers 422 for a JPEG whose data is cut off and garbled', async () => {
    const jpeg = await renderReceiptPng().then((png) => sharp(png).jpeg().toBuffer());
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(400, 0x5a)]);
    const answer = await refusal(readFile(extractor, broken));
    expect(answer.status).toBe(422);
    expect(answer.code).toBe('unreadable-image');
    expect(answer.message).toMatch(/^The image could not be read/);
    expect(extractor.load).toBe(0);
  });

  it('answers 422 for PNG magic followed by nothing usable', async () => {
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(50, 1)]);
    expect((await refusal(extractor.visionInput(bytes))).status).toBe(422);
  });
});

describe('visionInput for images', () => {
  it('applies EXIF orientation 6 so the JPEG is upright', async () => {
    const upright = await renderReceiptPng();
    const { width, height } = await sharp(upright).metadata();
    // Stored on its side, with the tag that tells viewers to turn it back.
    const sideways = await sharp(upright).rotate(-90).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: height, height: width, orientation: 6 });
    const [jpeg] = (await extractor.visionInput(sideways)).images;
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('sends one JPEG with its long side at most 2048 px, never enlarged', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#eee' } }).png().toBuffer();
    const result = await extractor.visionInput(wide);
    expect(result).toMatchObject({ kind: 'png', text: null });
    expect(result.images).toHaveLength(1);
    const big = await sharp(result.images[0]).metadata();
    expect([big.format, big.width, big.height]).toEqual(['jpeg', 2048, 683]);

    const small = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#eee' } }).webp().toBuffer();
    const [jpeg] = (await extractor.visionInput(small)).images;
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 300, height: 500 });
  });

  it('puts transparent areas on white, not black', async () => {
    const clear = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const [jpeg] = (await extractor.visionInput(clear)).images;
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });
});
