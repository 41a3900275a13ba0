// What goes as it is, decided before any pixel work: PDFs and other non-images, images the
// browser cannot decode and images already small. (The scaling itself runs in real Chromium:
// test/e2e/photo-upload.test.ts.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_JPEG_QUALITIES, PHOTO_SHORT_SIDE, preparePhoto } from '../../../src/widget/api/prepare-photo.ts';

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

  /**
   * A photo (12 megapixels unless `size` says) of `bytes` bytes, and a canvas whose JPEG at each quality is
   * `jpegBytes(quality)` long: what the module chooses among the qualities it tries.
   */
  function photoWithEncoder(bytes: number, jpegBytes: (quality: number) => number, size = { width: 3000, height: 4000 }) {
    const tried: number[] = [];
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ ...size, close: vi.fn() })));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return { fillRect: vi.fn(), drawImage: vi.fn() };
        }
        async convertToBlob({ quality }: { quality: number }) {
          tried.push(quality);
          return new Blob([new Uint8Array(jpegBytes(quality))], { type: 'image/jpeg' });
        }
      },
    );
    return { original: new File([new Uint8Array(bytes)], 'IMG_0001.jpeg', { type: 'image/jpeg' }), tried };
  }

  it('sends the best quality that has at most 30 % of the original bytes, trying no lower one', async () => {
    // Bytes fall with quality: 0.7 → 48 %, 0.5 → 35 %, 0.4 → 29 %, 0.3 → 24 % of 100,000.
    const sizes = new Map([[0.7, 48_000], [0.5, 35_000], [0.4, 29_000], [0.3, 24_000]]);
    const { original, tried } = photoWithEncoder(100_000, (quality) => sizes.get(quality) ?? 0);
    const sent = await preparePhoto(original);
    expect(sent).not.toBe(original);
    expect(sent.size).toBe(29_000);
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('IMG_0001.jpg');
    expect(tried).toEqual([0.7, 0.5, 0.4]);
  });

  it('sends the first quality when it already has at most 30 % of the bytes', async () => {
    const { original, tried } = photoWithEncoder(1_000_000, (quality) => Math.round(quality * 200_000));
    expect((await preparePhoto(original)).size).toBe(140_000);
    expect(tried).toEqual([PHOTO_JPEG_QUALITIES[0]]);
  });

  it('sends the lowest quality when none reaches 30 %, if it at least halves the bytes; else the original', async () => {
    const halved = photoWithEncoder(100_000, (quality) => Math.round(40_000 + quality * 10_000));
    expect((await preparePhoto(halved.original)).size).toBe(43_000);
    expect(halved.tried).toEqual([...PHOTO_JPEG_QUALITIES]);

    const notHalved = photoWithEncoder(100_000, () => 60_000);
    expect(await preparePhoto(notHalved.original)).toBe(notHalved.original);
  });

  it('sends a photo of at most 4 MP as it is, however many bytes a JPEG would save', async () => {
    const { original, tried } = photoWithEncoder(100_000, (quality) => Math.round(quality * 20_000), { width: 1350, height: 2400 });
    expect(await preparePhoto(original)).toBe(original);
    expect(tried).toEqual([]);
    // Just above 4 MP it is prepared.
    const large = photoWithEncoder(100_000, (quality) => Math.round(quality * 20_000), { width: 1700, height: 2400 });
    expect((await preparePhoto(large.original)).size).toBe(14_000);
  });
});
