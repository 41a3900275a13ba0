// What the widget sends for a chosen file, as the backend receives it (through a recording
// proxy): a large phone photo, sharp or already compressed hard, is scaled down in the browser
// to at most 30 % of its bytes and reads the same; a PDF, a small image and an image the browser
// cannot decode go byte for byte; and while a photo is being prepared the first progress step
// shows and nothing has been sent yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { API_PATHS, type AnalysisResult } from '../../src/contract.ts';
import { PHOTO_SHORT_SIDE } from '../../src/widget/api/prepare-photo.ts';
import { basename, join } from 'node:path';
import { loadLabel, type Label } from '../../scripts/eval/corpus.ts';
import { NAME_THRESHOLD, nameSimilarity } from '../../scripts/eval/match.ts';
import { multipart } from '../support/multipart.ts';
import { noBrowser } from './support/browser.ts';
import { startRecordingProxy, type RecordingProxy } from './support/recording-proxy.ts';
import { browserSuite } from './support/suite.ts';
import {
  chooseFile,
  expectResultShows,
  FIXTURES,
  fixtureFile,
  giveConsent,
  isAnalysisResponse,
  openCalculator,
  PDF_FIXTURE,
  PHOTO_FIXTURE,
  widgetIn,
  type FilePayload,
} from './support/widget.ts';

/** A real 12-megapixel (3000 × 4000) phone photo of a receipt, 1.1 MB. */
const PHONE_PHOTO = 'images/prisma-kaleva-2024-03-09--phone-crumpled-12mp.jpg';
/** A real 4.8-megapixel phone photo its camera already compressed hard: 250 KB, blurry. */
const COMPRESSED_PHOTO = 'images/k-citymarket-kupittaa-2023-12-22--phone-blurry.jpg';
const ONE_MB = 1024 * 1024;
/** A photo above 4 megapixels is sent with at least this many fewer bytes. */
const MIN_FALL = 0.7;

describe.skipIf(noBrowser)('photos are prepared in the browser before upload', () => {
  const suite = browserSuite();
  let proxy: RecordingProxy;

  beforeAll(async () => {
    proxy = await startRecordingProxy(suite.server.url);
  });

  afterAll(async () => {
    await proxy?.close();
  });

  /** The demo page through the proxy, on the calculator with consent given. */
  async function openThroughProxy(): Promise<Locator> {
    await suite.page.goto(`${proxy.url}/`);
    const widget = widgetIn(suite.page);
    await expect.poll(() => widget.getByRole('heading', { level: 1 }).count()).toBe(1);
    await openCalculator(widget);
    await giveConsent(widget);
    return widget;
  }

  /** Chooses the file and returns the backend's answer (status and body) once it arrives. */
  async function send(widget: Locator, file: FilePayload): Promise<{ status: number; body: unknown }> {
    const answer = suite.page.waitForResponse(isAnalysisResponse(API_PATHS.processReceipt));
    await chooseFile(widget, file);
    const response = await answer;
    return { status: response.status(), body: await response.json() };
  }

  /** The file read by the backend directly, not through the widget. */
  async function readDirectly(file: FilePayload): Promise<AnalysisResult> {
    const form = await multipart({ file: { bytes: file.buffer, name: file.name, type: file.mimeType }, fileType: 'image' });
    const response = await fetch(`${suite.server.url}${API_PATHS.processReceipt}`, {
      method: 'POST',
      headers: form.headers,
      body: new Uint8Array(form.payload),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as AnalysisResult;
  }

  /**
   * The same items, in the order printed: each with the same category, its name the same line
   * as OCR reads it (the eval's own name match: a character may read differently, e.g. "PEPSI
   * MAX 1,51" against "PEPSI MAX 1551") and the same price, except where the original's reading
   * missed the printed price (the label's), which the prepared photo may read right, never wrong.
   */
  function expectSameItems(actual: AnalysisResult, direct: AnalysisResult, label: Label): void {
    expect(actual.items.map((item) => item.category)).toEqual(direct.items.map((item) => item.category));
    actual.items.forEach((item, index) => {
      const other = direct.items[index]!;
      expect(nameSimilarity(item.name, other.name), `${item.name} / ${other.name}`).toBeGreaterThanOrEqual(NAME_THRESHOLD);
      const printed = label.items.find((labelled) => nameSimilarity(labelled.name, other.name) >= NAME_THRESHOLD)?.price;
      if (item.price !== other.price) expect([other.name, item.price]).toEqual([other.name, printed]);
    });
  }

  /** Sends a fixture photo through the widget and the proxy; the photo, what arrived, and both readings. */
  async function uploadPhoto(path: string) {
    const photo = fixtureFile(path);
    const original = await sharp(photo.buffer).metadata();
    const direct = await readDirectly(photo);
    const widget = await openThroughProxy();
    const before = proxy.uploads.length;
    const answer = await send(widget, photo);
    expect(answer.status).toBe(200);
    const result = answer.body as AnalysisResult;
    await expectResultShows(widget, result);
    const received = proxy.uploads.slice(before);
    expect(received).toHaveLength(1);
    const label = loadLabel(join(FIXTURES, 'labels', `${basename(path, '.jpg')}.json`));
    return { photo, pixels: (original.width ?? 0) * (original.height ?? 0), original, direct, result, upload: received[0]!, label };
  }

  it('a 12-megapixel photo chosen with Choose File reaches the server under 1 MB and reads as the original does', async () => {
    const { photo, pixels, original, direct, result, upload, label } = await uploadPhoto(PHONE_PHOTO);
    expect(pixels).toBeGreaterThanOrEqual(12_000_000);
    expect(upload.body.length).toBeLessThan(ONE_MB);
    expect(upload.file.bytes.length).toBeLessThanOrEqual(photo.buffer.length * (1 - MIN_FALL));
    expect(upload.fileType).toBe('image');
    // An upright JPEG with the chosen short side, the original's aspect kept.
    const sent = await sharp(upload.file.bytes).metadata();
    expect(sent.format).toBe('jpeg');
    expect(upload.file.type).toBe('image/jpeg');
    expect(Math.min(sent.width ?? 0, sent.height ?? 0)).toBe(PHOTO_SHORT_SIDE);
    expect((sent.height ?? 0) / (sent.width ?? 1)).toBeCloseTo((original.height ?? 0) / (original.width ?? 1), 2);

    expectSameItems(result, direct, label);
    expect(result.store_info).toEqual(direct.store_info);
  });

  it('a hard-compressed photo above 4 MP is sent with at least 70 % fewer bytes and reads as the original does', async () => {
    const { photo, pixels, direct, result, upload, label } = await uploadPhoto(COMPRESSED_PHOTO);
    expect(pixels).toBeGreaterThan(4_000_000);
    const sent = upload.file;
    expect(sent.type).toBe('image/jpeg');
    expect(sent.bytes.length).toBeLessThanOrEqual(photo.buffer.length * (1 - MIN_FALL));
    const size = await sharp(sent.bytes).metadata();
    expect(Math.min(size.width ?? 0, size.height ?? 0)).toBe(PHOTO_SHORT_SIDE);
    expectSameItems(result, direct, label);
  });

  it('a PDF and a small image go byte for byte', async () => {
    const pdf = fixtureFile(PDF_FIXTURE);
    // A small phone-sized image: the committed clean scan at 600 px wide.
    const small: FilePayload = {
      name: 'small-receipt.png',
      mimeType: 'image/png',
      buffer: await sharp(fixtureFile(PHOTO_FIXTURE).buffer).resize({ width: 600 }).png().toBuffer(),
    };
    for (const file of [pdf, small]) {
      const widget = await openThroughProxy();
      const before = proxy.uploads.length;
      await send(widget, file);
      const received = proxy.uploads.slice(before);
      expect(received).toHaveLength(1);
      expect(received[0]!.file.name).toBe(file.name);
      expect(received[0]!.file.bytes.equals(file.buffer)).toBe(true);
    }
  });

  it('an image the browser cannot decode goes as it is, and the server says why', async () => {
    // JPEG's first bytes and then nothing a decoder can use: large enough to be worth preparing.
    const broken: FilePayload = {
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2 * ONE_MB - 4, 0x5a)]),
    };
    const widget = await openThroughProxy();
    const before = proxy.uploads.length;
    const answer = await send(widget, broken);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const received = proxy.uploads.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]!.file.bytes.equals(broken.buffer)).toBe(true);
    await widget.getByRole('alert').filter({ hasText: /^Error/ }).waitFor();
  });

  it('while a photo is being prepared the first progress step shows and nothing is sent yet', async () => {
    // A slow phone: decoding waits until the test lets it go on.
    await suite.page.addInitScript(() => {
      const decode = createImageBitmap;
      const gate = { release: () => {} };
      const open = new Promise<void>((resolve) => (gate.release = resolve));
      (window as unknown as { releaseDecoding: () => void }).releaseDecoding = () => gate.release();
      (window as unknown as { decodingStarted: boolean }).decodingStarted = false;
      window.createImageBitmap = (async (image: ImageBitmapSource, options?: ImageBitmapOptions) => {
        (window as unknown as { decodingStarted: boolean }).decodingStarted = true;
        await open;
        return decode(image, options);
      });
    });
    const widget = await openThroughProxy();
    const uploadsBefore = proxy.uploadRequests;
    const answer = suite.page.waitForResponse(isAnalysisResponse(API_PATHS.processReceipt));
    await chooseFile(widget, fixtureFile(PHONE_PHOTO));
    await expect.poll(() => suite.page.evaluate(() => (window as unknown as { decodingStarted: boolean }).decodingStarted)).toBe(true);

    const bar = widget.getByRole('progressbar');
    await bar.waitFor();
    // Held for a while: still the first step, at 0, and the upload has not started.
    await suite.page.waitForTimeout(500);
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    expect(await widget.locator('section[data-view]').textContent()).toContain('Starting AI analysis...');
    expect(proxy.uploadRequests).toBe(uploadsBefore);

    await suite.page.evaluate(() => (window as unknown as { releaseDecoding: () => void }).releaseDecoding());
    const response = await answer;
    expect(response.status()).toBe(200);
    await expectResultShows(widget, (await response.json()) as AnalysisResult);
    expect(proxy.uploads.at(-1)!.body.length).toBeLessThan(ONE_MB);
  });
});
