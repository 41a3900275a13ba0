// A PNG's image data is held to what its header says: a real PNG passes, data that inflates past
// the header's image is refused before any decoder sees it.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { png } from '../../../../scripts/hostile/images.ts';
import { checkPngData, pngLayout } from '../../../../src/server/pipeline/decode/png.ts';
import { refusal, renderReceiptPng } from '../extract/helpers.ts';

describe('PNG image data against its header', () => {
  it('knows the inflated size of a plain and an interlaced PNG', async () => {
    const plain = await sharp({ create: { width: 301, height: 17, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(pngLayout(plain)?.expected).toBe(17 * (1 + 301 * 3));
    const interlaced = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#fff' } }).png({ progressive: true }).toBuffer();
    // Adam7 on 10 × 10: passes of 2×2, 1×2, 3×1, 2×3, 5×2, 5×5 and 10×5 pixels, each row with its filter byte.
    const rows = [
      [2, 2],
      [1, 2],
      [3, 1],
      [2, 3],
      [5, 2],
      [5, 5],
      [10, 5],
    ].reduce((sum, [width = 0, height = 0]) => sum + height * (1 + width * 4), 0);
    expect(pngLayout(interlaced)?.expected).toBe(rows);
  });

  it('lets a real PNG through', async () => {
    await expect(checkPngData(await renderReceiptPng())).resolves.toBeUndefined();
  });

  it('refuses image data that inflates past the image, as unreadable (422)', async () => {
    const answer = await refusal(checkPngData(png(1000, 1000, 64 * 1024 * 1024)));
    expect(answer).toMatchObject({ code: 'unreadable-image', status: 422 });
    await expect(checkPngData(png(1024, 1024, 3 * 1024 * 1024))).resolves.toBeUndefined();
  });
});
