// Where the browser tests write their screenshots (gitignored), and the byte-for-byte
// comparison of two of them with a diff image when they differ.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server.ts';

export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? join(REPO_ROOT, 'test-results/screenshots');

export function saveScreenshot(name: string, png: Buffer): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, name);
  writeFileSync(path, png);
  return path;
}

/**
 * A PNG of the pixels that differ between two screenshots (red), drawn by the browser's own
 * canvas so no image library is needed; null when the sizes differ (nothing to overlay).
 */
export async function diffImage(page: Page, a: Buffer, b: Buffer): Promise<{ png: Buffer | null; differing: number }> {
  const outcome = await page.evaluate(
    async ([first, second]) => {
      const load = async (base64: string) => createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const [imageA, imageB] = await Promise.all([load(first), load(second)]);
      if (imageA.width !== imageB.width || imageA.height !== imageB.height) {
        return { dataUrl: null, differing: -1 };
      }
      const pixels = (image: ImageBitmap) => {
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height);
      };
      const dataA = pixels(imageA);
      const dataB = pixels(imageB);
      const out = new ImageData(imageA.width, imageA.height);
      let differing = 0;
      for (let i = 0; i < dataA.data.length; i += 4) {
        const same = [0, 1, 2, 3].every((k) => dataA.data[i + k] === dataB.data[i + k]);
        if (!same) differing += 1;
        out.data.set(same ? [dataA.data[i]!, dataA.data[i + 1]!, dataA.data[i + 2]!, 60] : [255, 0, 0, 255], i);
      }
      const canvas = document.createElement('canvas');
      canvas.width = out.width;
      canvas.height = out.height;
      canvas.getContext('2d')?.putImageData(out, 0, 0);
      return { dataUrl: canvas.toDataURL('image/png'), differing };
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
  return {
    png: outcome.dataUrl ? Buffer.from(outcome.dataUrl.split(',')[1] ?? '', 'base64') : null,
    differing: outcome.differing,
  };
}
