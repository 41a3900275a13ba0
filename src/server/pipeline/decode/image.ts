// Image decoding with sharp: refuse what cannot or must not be decoded, then prepare the
// receipt for OCR (paper crop, one text size, even paper tone) or for a vision model (JPEG).
import sharp, { type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { isCodedError, type CodedError } from '../errors.ts';
import { estimateSkew } from './deskew.ts';
import { isSideways, maybeSideways, measurePage, printLean, readsAcross, UPSIDE_DOWN_BELOW, type PageMeasure } from './orientation.ts';
import type { FileKind } from './detect.ts';
import { checkPngData } from './png.ts';
import { heicUnsupported, tooManyPixels, unreadableImage } from './refusals.ts';
import { divideByBackground, findPaper, maxFilter, type GrayImage, type PixelImage } from './paper.ts';

// Every receipt is decoded once and never again, so libvips' operation cache (50 MB by default)
// only holds memory: each cached 12-megapixel decode stays resident until it is pushed out.
sharp.cache(false);

export interface DecodeLimits {
  /** Input images above this many pixels (one frame) are refused with 413. */
  maxPixels: number;
}

/** Encoded bytes of a detected kind, or pixels already decoded (a rendered PDF page). */
export type ImageSource = { bytes: Buffer; kind: FileKind } | { pixels: PixelImage };

/**
 * Width the receipt paper is scaled to for OCR. Measured on the real receipt photos against
 * their labels (of 140 items, those whose name and price came back on one line): 900 px 95,
 * 1000 px 104, 1100 px 96, 1200 px 97; wider is also slower. A receipt is about 40 characters
 * wide, so 1000 px gives Tesseract characters about 30 px tall.
 */
export const OCR_PAPER_WIDTH = 1000;
/** Upper bound of the prepared image, so a pathological aspect ratio cannot blow up OCR time. */
const MAX_OCR_PIXELS = 16_000_000;
/** The thumbnail the paper is searched in. */
const THUMBNAIL_WIDTH = 160;
/** The paper tone is estimated at 1/6 scale: coarse enough to skip the print, fine enough to follow shadows. */
const BACKGROUND_SCALE = 6;
const BACKGROUND_RADIUS = 3;
const BACKGROUND_BLUR_SIGMA = 2;
/** Long side and quality of the JPEG sent to a vision model. */
export const VISION_MAX_SIDE = 2048;
const VISION_JPEG_QUALITY = 85;

/** Prebuilt sharp ships libheif with AV1 only; HEVC (the iPhone's HEIC) needs a custom libvips. */
export function canDecodeHeic(): boolean {
  const suffixes = sharp.format.heif?.input.fileSuffix ?? [];
  return suffixes.includes('.heic') || suffixes.includes('.heif');
}

function open(source: ImageSource, limits: DecodeLimits): Sharp {
  // failOn 'error': truncated or broken pixel data aborts, harmless warnings of phone JPEGs pass.
  const options: SharpOptions = { limitInputPixels: limits.maxPixels, failOn: 'error', sequentialRead: true };
  if ('bytes' in source) return sharp(source.bytes, options);
  const { data, width, height, channels } = source.pixels;
  if (channels !== 1 && channels !== 3 && channels !== 4) throw new Error(`Unexpected channel count ${channels}`);
  return sharp(data, { ...options, raw: { width, height, channels } });
}

/** EXIF orientation applied, then the turn (sharp allows one explicit rotation after the EXIF one). */
function oriented(pipeline: Sharp, turn: QuarterTurn): Sharp {
  return turn === 0 ? pipeline.rotate() : pipeline.autoOrient().rotate(turn);
}

/** Kinds sharp decodes smaller than they are when a smaller picture is asked for (libjpeg's and libwebp's scaled decoding). */
const SHRUNK_WHILE_DECODED: ReadonlySet<FileKind> = new Set(['jpeg', 'webp']);

/**
 * The picture at THUMBNAIL_WIDTH, turned by `turn`, scaled the way its upright twin's is. Upright,
 * a JPEG is shrunk while decoding; turned before it is scaled, sharp cannot do that and scales it
 * from the whole picture, which gives another thumbnail: a real Lidl photo's page written turned
 * came out a pixel shorter and levelled 0.1° apart, and its raised price column was no longer
 * found (item F1 0.53–0.62 turned each way, 1.000 upright). So such a picture is scaled as it came
 * and then turned; it is then its twin's thumbnail but where the JPEG's blocks, which start at its
 * top left, fall on another grid once written turned (turned-jpeg.test.ts). Any other picture is
 * turned first, which keeps its samples on its twin's grid exactly (scaled first and then turned,
 * the real photos written turned as PNGs read as their twins 12 of 14 times at 180° and at 270°,
 * not 14).
 */
async function thumbnailOf(source: ImageSource, limits: DecodeLimits, turn: QuarterTurn): Promise<PixelImage> {
  const shrunk = 'bytes' in source && SHRUNK_WHILE_DECODED.has(source.kind);
  if (turn === 0 || !shrunk) return toPixels(keepsCorners(source, oriented(open(source, limits), turn).resize({ width: THUMBNAIL_WIDTH })));
  const sideways = turn === 90 || turn === 270;
  const { data, width, height, channels } = await toPixels(
    keepsCorners(source, open(source, limits).rotate().resize(sideways ? { height: THUMBNAIL_WIDTH } : { width: THUMBNAIL_WIDTH })),
  );
  return toPixels(sharp(data, { raw: { width, height, channels } }).rotate(turn));
}

function refusalFor(error: unknown, source: ImageSource, limits: DecodeLimits): CodedError {
  if (isCodedError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooManyPixels(Math.floor(limits.maxPixels / 1e6));
  if ('bytes' in source && source.kind === 'heic') return heicUnsupported(error);
  return unreadableImage(error);
}

interface Oriented {
  width: number;
  height: number;
}

/** A turn of the picture clockwise, applied after its EXIF orientation. */
export type QuarterTurn = 0 | 90 | 180 | 270;

/** `inspectUpright`, the size of the picture once turned. */
async function inspect(source: ImageSource, limits: DecodeLimits, turn: QuarterTurn = 0): Promise<Oriented> {
  const size = await inspectUpright(source, limits);
  return turn === 90 || turn === 270 ? { width: size.height, height: size.width } : size;
}

/**
 * Reads the header only: refuses undecodable HEIC and decompression bombs before any pixel is
 * decoded (a PNG's image data is also counted against its header, never held: png.ts).
 */
async function inspectUpright(source: ImageSource, limits: DecodeLimits): Promise<Oriented> {
  if ('pixels' in source) {
    if (source.pixels.width * source.pixels.height > limits.maxPixels) {
      throw tooManyPixels(Math.floor(limits.maxPixels / 1e6));
    }
    return { width: source.pixels.width, height: source.pixels.height };
  }
  if (source.kind === 'heic' && !canDecodeHeic()) throw heicUnsupported();
  const meta = await sharp(source.bytes).metadata();
  // An animated GIF or WebP is decoded as its first frame only, so one frame is what counts.
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) throw unreadableImage();
  if (meta.width * frameHeight > limits.maxPixels) {
    throw tooManyPixels(Math.floor(limits.maxPixels / 1e6));
  }
  if (source.kind === 'png') await checkPngData(source.bytes);
  const swapped = (meta.orientation ?? 1) >= 5;
  return swapped ? { width: frameHeight, height: meta.width } : { width: meta.width, height: frameHeight };
}

/**
 * Pixels keep their alpha for finding the paper: a levelled picture's corners are transparent
 * (a PDF page's pixels are opaque). A file's own alpha is dropped, as the page it is read as is
 * flattened on white.
 */
function keepsCorners(source: ImageSource, pipeline: Sharp): Sharp {
  return 'pixels' in source && source.pixels.channels === 4 ? pipeline : pipeline.removeAlpha();
}

/** A pipeline's raw pixels, with sharp's channel count (so they can be opened raw again). */
async function toPixels(pipeline: Sharp): Promise<PixelImage & Pick<OutputInfo, 'channels'>> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function toGray(pipeline: Sharp): Promise<GrayImage> {
  // Raw output of a one-channel pipeline can come back as sRGB unless asked for gray explicitly.
  const { data, info } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`Expected one channel, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/**
 * The image divided by its paper tone (the brightest nearby, blurred): shadows and uneven light
 * become white paper.
 */
export async function evenPaperTone(image: GrayImage): Promise<GrayImage> {
  const small = await toGray(
    sharp(image.data, { raw: rawOf(image) }).resize(
      Math.max(1, Math.round(image.width / BACKGROUND_SCALE)),
      Math.max(1, Math.round(image.height / BACKGROUND_SCALE)),
      { fit: 'fill' },
    ),
  );
  const paper = { ...small, data: maxFilter(small, BACKGROUND_RADIUS) };
  const background = await toGray(
    sharp(paper.data, { raw: rawOf(paper) })
      .blur(BACKGROUND_BLUR_SIGMA)
      .resize(image.width, image.height, { fit: 'fill', kernel: 'linear' }),
  );
  return { ...image, data: divideByBackground(image.data, background.data) };
}

/**
 * The receipt as Tesseract reads it best: EXIF-rotated, cropped to the paper, the paper
 * scaled to OCR_PAPER_WIDTH, gray, with shadows divided out. The one preparation for every
 * picture of a receipt, a photo or the picture of a scanned PDF page; the other readings
 * (levelled, banded) start from it when a first reading does not add up.
 */
export async function preparePaper(source: ImageSource, limits: DecodeLimits, turn: QuarterTurn = 0): Promise<GrayImage> {
  return evenPaperTone(await cropPaper(source, limits, turn));
}

/** The paper cut out of the photo, EXIF-rotated, scaled to OCR_PAPER_WIDTH and gray; its tone not yet evened. */
export async function cropPaper(source: ImageSource, limits: DecodeLimits, turn: QuarterTurn = 0): Promise<GrayImage> {
  try {
    const size = await inspect(source, limits, turn);
    const paper = findPaper(await thumbnailOf(source, limits, turn)) ?? { left: 0, top: 0, right: 1, bottom: 1 };
    const paperWidth = Math.max(1, (paper.right - paper.left) * size.width);
    const paperHeight = Math.max(1, (paper.bottom - paper.top) * size.height);
    const scale = Math.min(OCR_PAPER_WIDTH / paperWidth, Math.sqrt(MAX_OCR_PIXELS / (paperWidth * paperHeight)));
    const width = Math.max(1, Math.round(size.width * scale));
    const height = Math.max(1, Math.round(size.height * scale));
    const left = Math.min(width - 1, Math.round(paper.left * width));
    const top = Math.min(height - 1, Math.round(paper.top * height));
    // Resize first and extract after it, so sharp can shrink a big JPEG while decoding it. A
    // turned picture is turned before it is scaled here, unlike its thumbnail: its page's pixels
    // then lie on its upright twin's grid (turned after scaling, they lay a pixel off it).
    const gray = await toGray(
      oriented(open(source, limits), turn)
        .flatten({ background: '#ffffff' })
        .resize(width, height, { fit: 'fill' })
        .extract({
          left,
          top,
          width: Math.max(1, Math.min(width - left, Math.round((paper.right - paper.left) * width))),
          height: Math.max(1, Math.min(height - top, Math.round((paper.bottom - paper.top) * height))),
        }),
    );
    return gray;
  } catch (error) {
    throw refusalFor(error, source, limits);
  }
}

/** The prepared paper turned the way its print reads, with what was measured to turn it. */
export interface OrientedPaper {
  paper: GrayImage;
  /** The turn applied to the picture, clockwise after its EXIF orientation. */
  turn: QuarterTurn;
  /** The measures of the paper as turned. */
  measure: PageMeasure;
}

/**
 * `preparePaper`, turned the way the receipt's print reads (decode/orientation.ts). An upright
 * page costs only its measures. A page whose lines run down it, or that stands upside down, is
 * prepared again from the picture turned (not the prepared page turned), so the paper is found
 * and scaled exactly as in the upright picture and reads the same. A landscape page whose
 * letters are too small to measure is measured turned a quarter too (`maybeSideways`). Where the
 * measures are unsure the page stays as it came, and the reader may turn it over when its
 * reading fails.
 */
export async function orientPaper(source: ImageSource, limits: DecodeLimits): Promise<OrientedPaper> {
  const paper = await preparePaper(source, limits);
  const measure = measurePage(paper);
  const sideways = isSideways(measure);
  if (sideways || maybeSideways(measure)) {
    const quarter = await preparePaper(source, limits, 90);
    const turned = measurePage(quarter);
    // A page that only may be sideways is turned when, turned, its lines plainly run across it.
    if (sideways || readsAcross(turned)) {
      // Nothing prefers one quarter over the other, so the sign of the uprightness decides.
      if (turned.upright >= 0) return { paper: quarter, turn: 90, measure: turned };
      const other = await preparePaper(source, limits, 270);
      return { paper: other, turn: 270, measure: measurePage(other) };
    }
  }
  if (measure.upright > UPSIDE_DOWN_BELOW) return { paper, turn: 0, measure };
  // Turned over, an upside-down page must measure upright: a page of capitals and digits only
  // has no ascenders to weigh against its commas, and measures below zero both ways round.
  const over = await preparePaper(source, limits, 180);
  const overMeasure = measurePage(over);
  if (overMeasure.upright <= 0) return { paper, turn: 0, measure };
  return { paper: over, turn: 180, measure: overMeasure };
}

/**
 * A page leaning more than this is levelled before its first reading. Tesseract's one-block
 * reading follows a lean of a few degrees (the committed photos lean up to about 7° and read
 * as they are); past it a name's price falls onto the next line. Below it the page is read as
 * it came, and levelled only for the reading line by line.
 */
const LEVEL_FIRST_READING_DEGREES = 8;

/** Pixels of a picture levelled before its paper is found: enough for a receipt's paper at the reading width. */
const LEVELLED_PICTURE_PIXELS = 4_000_000;
/**
 * The corners a levelled picture gains: transparent, outside the photo, so its paper is found
 * among its own pixels (paper.ts), and white where the page is read.
 */
const LEVELLED_CORNERS = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * The picture turned by `turn` and levelled (turned back by its `lean`), as pixels of at most
 * LEVELLED_PICTURE_PIXELS. Only one rotation fits in a sharp pipeline after the EXIF one, so the
 * turn and the lean are one.
 */
async function levelledPicture(source: ImageSource, limits: DecodeLimits, turn: QuarterTurn, lean: number): Promise<PixelImage> {
  const size = await inspect(source, limits);
  const scale = Math.min(1, Math.sqrt(LEVELLED_PICTURE_PIXELS / (size.width * size.height)));
  return toPixels(
    open(source, limits)
      .autoOrient()
      .resize(Math.max(1, Math.round(size.width * scale)), Math.max(1, Math.round(size.height * scale)), { fit: 'fill' })
      .ensureAlpha()
      .rotate(turn - lean, { background: LEVELLED_CORNERS }),
  );
}

/**
 * The paper of the picture turned by `turn`, prepared for reading: when it leans more than
 * LEVEL_FIRST_READING_DEGREES, the picture is levelled first and its paper found in the levelled
 * picture. Found in the leaning one, the paper's box holds the table beside a long receipt's
 * sides (a real photo tilted 15° read no item, levelled after it was cut out).
 */
async function paperAt(source: ImageSource, limits: DecodeLimits, turn: QuarterTurn, lean: number): Promise<GrayImage> {
  if (Math.abs(lean) <= LEVEL_FIRST_READING_DEGREES) return preparePaper(source, limits, turn);
  try {
    return await preparePaper({ pixels: await levelledPicture(source, limits, turn, lean) }, limits);
  } catch (error) {
    throw refusalFor(error, source, limits);
  }
}

/**
 * The page a photo or a scanned page is first read from: `orientPaper`'s, and when it leans more
 * than LEVEL_FIRST_READING_DEGREES, prepared again from the picture levelled (`paperAt`). The
 * measures are those of the page before levelling.
 */
export async function uprightPaper(source: ImageSource, limits: DecodeLimits): Promise<OrientedPaper> {
  const oriented = await orientPaper(source, limits);
  if (Math.abs(oriented.measure.lean) <= LEVEL_FIRST_READING_DEGREES) return oriented;
  return { ...oriented, paper: await paperAt(source, limits, oriented.turn, oriented.measure.lean) };
}

/**
 * The page of `uprightPaper` turned over, for when its reading shows it upside down. Prepared
 * again from the picture turned half a turn more, as `orientPaper` turns a page, so its paper is
 * found and scaled as in a picture taken that way up: a prepared page turned over is resampled
 * on another grid and reads some digits differently (a real Lidl photo's total 8,32 as 6,32).
 * A half turn keeps the lean, so it is levelled as the page was.
 */
export async function turnedOverPaper(source: ImageSource, limits: DecodeLimits, page: Pick<OrientedPaper, 'turn' | 'measure'>): Promise<GrayImage> {
  return paperAt(source, limits, ((page.turn + 180) % 360) as QuarterTurn, page.measure.lean);
}

/** Width the lean is measured at: enough to resolve a tenth of a degree, cheap to shear. */
const SKEW_SAMPLE_WIDTH = 500;
/** Leans smaller than this are left alone: turning the page costs a little sharpness. */
const MIN_SKEW_DEGREES = 0.3;

/**
 * The page's ink as a whole levels it best: the price column at its right edge counts, and a
 * column of prices printed between the names' lines stands level only then (a real Lidl photo's
 * page levelled by its print's middle alone was no longer found so). But where the whole and the
 * print's middle (`printLean`) disagree by more than this, the whole was led by lines that are
 * not print: a paper edge, or the grain of a table beside the paper, slanting at the angle the
 * photo was taken at (a real photo tilted 10° and levelled measured 5.5° on its whole ink,
 * 0.2° on its print, and read a line less turned by 5.5°).
 */
const TABLE_LINES_DEGREES = 2;

/** A prepared page turned so its text lines lie level, on white. */
export async function levelPaper(image: GrayImage, skew?: number): Promise<GrayImage> {
  const lean = skew ?? (await paperLean(image));
  if (Math.abs(lean) < MIN_SKEW_DEGREES) return image;
  return toGray(sharp(image.data, { raw: rawOf(image) }).rotate(-lean, { background: '#ffffff' }));
}

/** How far a prepared page's text lines lean, in degrees clockwise: what `levelPaper` turns it back by. */
export async function paperLean(image: GrayImage): Promise<number> {
  const scale = Math.min(1, SKEW_SAMPLE_WIDTH / image.width);
  const sample = await toGray(
    sharp(image.data, { raw: rawOf(image) }).resize(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)), {
      fit: 'fill',
    }),
  );
  const whole = estimateSkew(sample);
  const print = printLean(sample);
  return Math.abs(whole - print) > TABLE_LINES_DEGREES ? print : whole;
}

/** A gray page's pixels as sharp reads raw input. */
function rawOf(image: GrayImage): { width: number; height: number; channels: 1 } {
  return { width: image.width, height: image.height, channels: 1 };
}

/** One JPEG for a vision model: EXIF-rotated, long side at most VISION_MAX_SIDE, on white. */
export async function toVisionJpeg(source: ImageSource, limits: DecodeLimits): Promise<Buffer> {
  try {
    await inspect(source, limits);
    return await open(source, limits)
      .rotate()
      .resize({ width: VISION_MAX_SIDE, height: VISION_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: VISION_JPEG_QUALITY })
      .toBuffer();
  } catch (error) {
    throw refusalFor(error, source, limits);
  }
}
