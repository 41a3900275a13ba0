// A scanned page is one picture on a page: the scanner's or the phone app's image, drawn at the
// paper's size, often in a corner of an A4 page. Rendering the page would resample that picture
// to whatever the page size happens to give (a receipt drawn 80 mm wide on A4 comes out a
// third as wide as the photo it was), so the picture itself is what OCR should read, exactly
// as a photo of the same receipt. These pure functions find it in the page's drawing operations.

/** The drawing operations of one page, as pdfjs lists them (`page.getOperatorList()`). */
export interface OperatorList {
  fnArray: readonly number[];
  argsArray: readonly unknown[];
}

/** The pdfjs operator codes this reads (`pdfjs.OPS`). */
export interface OperatorCodes {
  save: number;
  restore: number;
  transform: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  showText: number;
  showSpacedText: number;
  fill: number;
  eoFill: number;
  stroke: number;
  fillStroke: number;
  eoFillStroke: number;
  constructPath: number;
}

export interface PageImage {
  /** pdfjs object id of the image, for `page.objs.get`. */
  id: string;
  /** The image's own pixels. */
  width: number;
  height: number;
  /** The size it is drawn at on the page, in PDF points. */
  drawnWidth: number;
  drawnHeight: number;
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function asMatrix(args: unknown): Matrix | null {
  if (!Array.isArray(args) || args.length < 6 || !args.slice(0, 6).every((v) => typeof v === 'number')) return null;
  return args.slice(0, 6) as Matrix;
}

/**
 * The matrix draws the picture turned by a quarter turn or none and unmirrored: its rows stay rows
 * or become columns. Such a picture, read from its own pixels, is the same receipt turned, which the
 * reader turns back as it does a photo's; a skewed or mirrored one is rendered as drawn.
 */
function squarelyDrawn([a, b, c, d]: Matrix): boolean {
  const size = Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(d);
  const none = (value: number) => Math.abs(value) <= 1e-6 * size;
  return size > 0 && ((none(b) && none(c)) || (none(a) && none(d))) && a * d - b * c > 0;
}

/** Every image drawn on the page with the size it is drawn at; square tells whether it is drawn turned a quarter or none, unmirrored. */
export function pageImages(list: OperatorList, ops: OperatorCodes): (PageImage & { square: boolean })[] {
  const images: (PageImage & { square: boolean })[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  list.fnArray.forEach((fn, index) => {
    const args = list.argsArray[index];
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === ops.transform) {
      const m = asMatrix(args);
      if (m) ctm = multiply(ctm, m);
    } else if (fn === ops.paintImageXObject && Array.isArray(args)) {
      const [id, width, height] = args as [unknown, unknown, unknown];
      if (typeof id !== 'string' || typeof width !== 'number' || typeof height !== 'number') return;
      images.push({
        id,
        width,
        height,
        drawnWidth: Math.hypot(ctm[0], ctm[1]),
        drawnHeight: Math.hypot(ctm[2], ctm[3]),
        square: squarelyDrawn(ctm),
      });
    }
  });
  return images;
}

/**
 * The one picture that is the whole page's content: exactly one image, drawn upright or turned a
 * quarter or a half (as scanner apps place a picture taken sideways), unmirrored, and no text,
 * vector drawing or other image beside it. Null otherwise (then the page is rendered).
 */
export function soleScanImage(list: OperatorList, ops: OperatorCodes): PageImage | null {
  const other = new Set([
    ops.paintInlineImageXObject,
    ops.paintImageMaskXObject,
    ops.showText,
    ops.showSpacedText,
    ops.fill,
    ops.eoFill,
    ops.stroke,
    ops.fillStroke,
    ops.eoFillStroke,
    ops.constructPath,
  ]);
  if (list.fnArray.some((fn) => other.has(fn))) return null;
  const images = pageImages(list, ops);
  const [image] = images;
  if (images.length !== 1 || !image?.square) return null;
  const { square: _square, ...rest } = image;
  return rest;
}

/**
 * Scale to render a page at so its largest image keeps its own resolution (a scan is read at
 * the resolution it was scanned at); `fallback` for a page without images.
 */
export function nativeScale(images: readonly PageImage[], fallback: number): number {
  let scale = 0;
  for (const image of images) {
    if (image.drawnWidth > 0) scale = Math.max(scale, image.width / image.drawnWidth);
  }
  return scale > 0 ? scale : fallback;
}
