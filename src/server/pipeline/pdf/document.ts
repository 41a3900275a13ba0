// PDF access with pdfjs-dist (legacy build, the one made for Node): the bytes stay in memory,
// fonts and decoders come from the installed package, nothing is fetched from the network.
// It runs in a PDF reader process (reader-process.ts), never in the server itself.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ImageSource } from '../decode/image.ts';
import { isCodedError, type CodedError } from '../errors.ts';
import type { PixelImage } from '../decode/paper.ts';
import { soleEmbeddedJpeg } from './embedded-jpeg.ts';
import { layoutLines, type PlacedText } from './lines.ts';
import { encryptedPdf, unreadablePdf } from './refusals.ts';
import { nativeScale, pageImages, soleScanImage, type OperatorCodes } from './scan-image.ts';

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

const require = createRequire(import.meta.url);
const PDFJS_ROOT = dirname(require.resolve('pdfjs-dist/package.json'));
/** pdfjs joins a file name to these, so they end with a separator. */
const ASSETS = {
  standardFontDataUrl: join(PDFJS_ROOT, 'standard_fonts') + '/',
  cMapUrl: join(PDFJS_ROOT, 'cmaps') + '/',
  iccUrl: join(PDFJS_ROOT, 'iccs') + '/',
  wasmUrl: join(PDFJS_ROOT, 'wasm') + '/',
};

/** A page with fewer letters and digits than this is treated as a scan (its text layer, if any, is noise). */
const MIN_TEXT_LAYER_CHARACTERS = 12;
/** Pages are rendered so the page width is about this many pixels (a receipt's paper width for OCR). */
const RENDER_WIDTH = 2000;
const MAX_RENDER_SCALE = 6;

let pdfjsModule: Promise<Pdfjs> | null = null;

/** Loads pdfjs once; the first load costs ~100 ms, so the extractor warms it up at start. */
export function loadPdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsModule;
}

export interface PdfLimits {
  /** Embedded images and rendered pages above this many pixels are not decoded. */
  maxPixels: number;
}

export interface PdfFile {
  readonly pageCount: number;
  /** The page's text layer as printed lines, or null when the page has no usable text layer. */
  pageText(pageNumber: number): Promise<string | null>;
  /** The page drawn on white at about RENDER_WIDTH pixels wide, as RGBA pixels. */
  renderPage(pageNumber: number): Promise<PixelImage>;
  /**
   * A page without a text layer as OCR should see it. When the page is one picture (drawn
   * upright or turned a quarter or a half, unmirrored, on a page turned or not): the picture
   * itself as stored, as its JPEG bytes when stored as a JPEG (read exactly like a photo), else
   * its decoded pixels. Otherwise the page drawn on white at the resolution of its largest
   * picture (RENDER_WIDTH without pictures).
   */
  scannedPage(pageNumber: number): Promise<ImageSource>;
  close(): Promise<void>;
}

function refusalFor(error: unknown): CodedError {
  if (isCodedError(error)) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return encryptedPdf(error);
  return unreadablePdf(error);
}

/** pdfjs's ImageKind: bytes per pixel of decoded image data (1-bit images are packed, so not read here). */
const IMAGE_CHANNELS: Record<number, 3 | 4> = { 2: 3, 3: 4 };

/** The decoded pixels of one of the page's images, or null when pdfjs holds them in another form. */
function decodedImage(page: PdfPage, id: string, limits: PdfLimits): PixelImage | null {
  let image: unknown;
  try {
    image = page.objs.get(id);
  } catch {
    return null;
  }
  if (typeof image !== 'object' || image === null) return null;
  const { width, height, kind, data } = image as { width?: unknown; height?: unknown; kind?: unknown; data?: unknown };
  if (typeof width !== 'number' || typeof height !== 'number' || typeof kind !== 'number' || !(data instanceof Uint8ClampedArray)) return null;
  const channels = IMAGE_CHANNELS[kind];
  if (!channels || data.length !== width * height * channels || width * height > limits.maxPixels) return null;
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height, channels };
}

function countAlphanumerics(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

async function placedRuns(pdfjs: Pdfjs, page: PdfPage): Promise<PlacedText[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: PlacedText[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.length === 0) continue;
    // Into viewport space: page rotation applied, y growing downwards.
    // pdf.js types its matrices as any[]: they are six numbers.
    const matrix = item.transform as number[];
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = pdfjs.Util.transform(viewport.transform, matrix) as number[];
    const size = Math.hypot(c, d) || Math.hypot(a, b);
    // item.width is in text space along the run; scale it like the run's x axis.
    const scaleX = Math.hypot(matrix[0] ?? 0, matrix[1] ?? 0) || 1;
    runs.push({ text: item.str, x, y, width: (item.width * Math.hypot(a, b)) / scaleX, size });
  }
  return runs;
}

export async function openPdf(bytes: Buffer, limits: PdfLimits): Promise<PdfFile> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    // A copy: pdfjs may detach the buffer it is given.
    data: new Uint8Array(bytes),
    ...ASSETS,
    useSystemFonts: false,
    disableFontFace: true,
    maxImageSize: limits.maxPixels,
    // Decoded pixels (not browser bitmaps), so a scanned picture can be read as it was scanned.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // Errors only: pdfjs warns about every quirk of real-world PDFs.
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let document: PdfDocument;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    throw refusalFor(error);
  }

  async function withPage<T>(pageNumber: number, use: (page: PdfPage) => Promise<T>): Promise<T> {
    try {
      const page = await document.getPage(pageNumber);
      try {
        return await use(page);
      } finally {
        page.cleanup();
      }
    } catch (error) {
      throw refusalFor(error);
    }
  }

  async function render(page: PdfPage, chosenScale: number | null): Promise<PixelImage> {
    const base = page.getViewport({ scale: 1 });
    let scale = Math.min(MAX_RENDER_SCALE, chosenScale ?? RENDER_WIDTH / Math.max(base.width, 1));
    scale = Math.min(scale, Math.sqrt(limits.maxPixels / Math.max(base.width * base.height, 1)));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(width, height);
    // @napi-rs/canvas is the canvas pdfjs itself uses in Node; its types differ from the DOM's.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise;
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height);
    return { data: new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), width, height, channels: 4 };
  }

  return {
    pageCount: document.numPages,
    pageText: (pageNumber) =>
      withPage(pageNumber, async (page) => {
        const text = layoutLines(await placedRuns(pdfjs, page));
        return countAlphanumerics(text) >= MIN_TEXT_LAYER_CHARACTERS ? text : null;
      }),
    renderPage: (pageNumber) => withPage(pageNumber, (page) => render(page, null)),
    scannedPage: (pageNumber) =>
      withPage(pageNumber, async (page) => {
        const list = await page.getOperatorList();
        const ops = pdfjs.OPS as unknown as OperatorCodes;
        // The picture's own pixels however the page or its drawing turns it: the reader finds
        // the turn from the print, as in a photo, and rendered turned it is resampled (a
        // receipt placed a quarter turned read a line and a digit otherwise than upright).
        const sole = soleScanImage(list, ops);
        if (sole) {
          const jpeg = await soleEmbeddedJpeg(bytes, pageNumber - 1);
          // A PDF viewer ignores a JPEG's EXIF orientation; the photo path would apply it.
          const sharp = jpeg ? (await import('sharp')).default : null;
          const orientation = jpeg && sharp ? ((await sharp(jpeg).metadata().catch(() => null))?.orientation ?? 1) : null;
          if (jpeg && orientation === 1) return { bytes: jpeg, kind: 'jpeg' as const };
          const pixels = decodedImage(page, sole.id, limits);
          if (pixels) return { pixels };
        }
        return { pixels: await render(page, nativeScale(pageImages(list, ops), RENDER_WIDTH / Math.max(page.getViewport({ scale: 1 }).width, 1))) };
      }),
    close: () => task.destroy().catch(() => {}),
  };
}
