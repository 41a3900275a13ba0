// A large photo is scaled down in the browser before it is uploaded: the server reads the paper
// at about 1,000 px wide, so the rest of a phone camera's 3–12 MB is bytes the visitor waits
// for and nobody uses. Whatever cannot be prepared (a PDF, an image of at most 4 MP, a format
// this browser cannot decode, any failure on the way) is sent as it is: this step can only help.

/**
 * Short side, in pixels, a photo is scaled down to. The receipt's width lies along the short
 * side, and the server scales the paper to 1,000 px. Measured with `bench/photo-size.ts` (both
 * corpora read by the server's pipeline): at 800 px the 12-megapixel photo lost items.
 */
export const PHOTO_SHORT_SIDE = 1000;
/**
 * JPEG qualities tried in turn, best first, until the photo is at most TARGET_SHARE of the
 * original's bytes. A camera JPEG that was already compressed hard holds no
 * more of the print than a low quality keeps, and re-encoding it at 0.7 spends the bytes on its
 * noise and blocks: the blurry 4.8 MP photos kept 48 % of their bytes at 0.7, 29 % at 0.4.
 * Measured with `bench/photo-size.ts` on the degraded photos: item F1 and price accuracy at
 * 0.5, 0.4 and 0.3 alone are those at 0.7 or better.
 */
export const PHOTO_JPEG_QUALITIES: readonly number[] = [0.7, 0.5, 0.4, 0.3];
/** The share of the original's bytes a large photo aims at: at least 70 % fewer. */
const TARGET_SHARE = 0.3;
/**
 * Photos of at most this many pixels go as they are. Scaled to the short side they keep more
 * than a third of their pixels (a 3.2 MP photo 55 %), so the bytes saved are few, and a new
 * encoding moves their reading by an item either way: of the five real photos of 3.0–3.2 MP,
 * one lost an item and one gained one at 0.7 (price accuracy 0.939 → 0.932 over the 14), and at
 * 0.5 one read KASSLERPALA as KASSI.ERPALA, and the item lost its category. A phone camera's
 * photo is above this.
 */
const LARGE_PIXELS = 4_000_000;
/**
 * The prepared photo is sent only when it is at most this share of the original's bytes. Any
 * new encoding moves a reading by an item either way, so a small saving is not worth it (a
 * clean PNG scan's JPEG, say, is hardly smaller).
 */
const MAX_SHARE = 0.5;

export interface PhotoLimits {
  shortSide: number;
  qualities: readonly number[];
}

const DEFAULT_LIMITS: PhotoLimits = { shortSide: PHOTO_SHORT_SIDE, qualities: PHOTO_JPEG_QUALITIES };

/**
 * `file` itself unless it is an image this browser decodes, above LARGE_PIXELS with a short side
 * above the limit, and at least halved once prepared; prepared, at the best quality that reaches
 * TARGET_SHARE (or the last).
 */
export async function preparePhoto(file: File, limits: PhotoLimits = DEFAULT_LIMITS): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap | undefined;
  try {
    // The EXIF orientation is applied here, so the JPEG out (which has no EXIF) stands upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = limits.shortSide / Math.min(bitmap.width, bitmap.height);
    if (!(scale < 1) || bitmap.width * bitmap.height <= LARGE_PIXELS) return file;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context === null) return file;
    // JPEG has no transparency: a transparent PNG would otherwise turn black, paper and all.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    let jpeg: Blob | undefined;
    for (const quality of limits.qualities) {
      jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (jpeg.size <= file.size * TARGET_SHARE) break;
    }
    if (!jpeg || jpeg.size > file.size * MAX_SHARE) return file;
    return new File([jpeg], file.name.replace(/(\.[^./]*)?$/, '.jpg'), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
