// What goes as it is, decided before any pixel work: PDFs and other non-images, images the
// browser cannot decode and images already small. (The scaling itself runs in real Chromium:
// test/e2e/photo-upload.test.ts.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_SHORT_SIDE, preparePhoto } from '../../../src/widget/api/prepare-photo.ts';

const file = (name: string, type: string) => new File([new Uint8Array(4096)], name, { type });

describe('preparePhoto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a PDF and a file of no image type as they are, without decoding them', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    for (const original of [file('receipt.pdf', 'application/pdf'), file('receipt.heic', '')]) {
      expect(await preparePhoto(original)).toBe(original);
    }
    expect(decode).not.toHaveBeenCalled();
  });

  it('sends the original when the browser cannot decode the image', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))));
    const original = file('IMG_0001.heic', 'image/heic');
    expect(await preparePhoto(original)).toBe(original);
  });

  it('sends an image whose short side is already small as it is, and frees its pixels', async () => {
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: PHOTO_SHORT_SIDE, height: 3 * PHOTO_SHORT_SIDE, close })));
    const original = file('scan.png', 'image/png');
    expect(await preparePhoto(original)).toBe(original);
    expect(close).toHaveBeenCalledOnce();
  });

  it('sends the original when drawing fails after decoding (no OffscreenCanvas here)', async () => {
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 3000, height: 4000, close })));
    vi.stubGlobal('OffscreenCanvas', undefined);
    const original = file('photo.jpg', 'image/jpeg');
    expect(await preparePhoto(original)).toBe(original);
    expect(close).toHaveBeenCalledOnce();
  });
});
