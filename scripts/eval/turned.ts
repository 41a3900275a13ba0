// Every photo and scan of a corpus turned each way, read beside its upright twin: the reader
// must find the turn itself (no orientation metadata), so a turned input should read as its
// upright twin does. Each picture is decoded once and written again in the same way for every
// turn, its upright twin included, so the twins differ by the turn alone: as a lossless PNG (a
// photo), and as a scanner app's PDF (the JPEG on an A4 page, landscape when turned a quarter).
// Everything stays in memory.
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { soleEmbeddedJpeg } from '../../src/server/pipeline/pdf/embedded-jpeg.ts';
import { renderScanPdf } from '../fixtures/render-pdf.ts';
import type { CorpusEntry } from './corpus.ts';
import { inReceiptFold } from './receipt-fold.ts';
import { runEntry, runFile, type EntryResult, type EvalPipeline } from './run.ts';
import { summarize } from './score.ts';
import { formatTable, percent, type Cell } from './table.ts';

export const TURNS = [90, 180, 270] as const;
/**
 * Tilts as a receipt photographed by hand may lean (degrees clockwise), measured on request
 * (`--turns=-15,15`); and a quarter turn ten degrees off, as a receipt photographed sideways by
 * hand lies (`--turns=80,100,260,280`).
 */
export const TILTS = [-15, -10, -5, 5, 10, 15, 80, 100, 260, 280] as const;
/**
 * Not turned: a scan PDF's picture written again as a JPEG of another quality (CONTROL_QUALITY),
 * measured on request (`--turns 0,90,180,270`). It reads as its twin only as often as the JPEG's
 * own noise allows, the floor against which the PDF rows' turns are read.
 */
export const CONTROL = 0;
const CONTROL_QUALITY = 90;
const SCAN_QUALITY = 92;
export type Turn = typeof CONTROL | (typeof TURNS)[number] | (typeof TILTS)[number];

/** A tilted picture's corners, as a table under the receipt: neither paper nor print. */
const TILT_BACKGROUND = '#6b6b6b';
/**
 * How a turned picture is written: a lossless image; a scanner app's PDF of the picture taken
 * turned (a JPEG of the turned pixels on a page turned to it); a scanner app's PDF of the upright
 * picture drawn turned by the page's drawing (its JPEG the upright twin's, byte for byte).
 */
export type TurnedAs = 'image' | 'pdf' | 'pdf-drawn';
export const TURNED_AS: readonly TurnedAs[] = ['image', 'pdf', 'pdf-drawn'];

/** A turned input's item F1 may fall this far below its upright twin's (the issue's promise). */
export const TURNED_F1_TOLERANCE = 0.02;

export interface TurnedResult {
  entry: CorpusEntry;
  as: TurnedAs;
  turn: Turn;
  /**
   * A tilt's control (`--tilt-control`): the picture tilted by `turn` and turned back by it, so
   * its print stands upright but is resampled twice, as a tilted picture and its levelling
   * resample it, and the reader has no lean to find. It reads as its twin only as often as the
   * two resamplings allow: the floor against which the tilted rows are read.
   */
  back: boolean;
  turned: EntryResult;
  /** The same picture written upright in the same way: a lossless PNG, or the same app's PDF of it (a JPEG of the same quality). */
  upright: EntryResult;
  /** The corpus file itself (the photo, or the one-page scan), as the product reads it. */
  original: EntryResult;
}

/** The picture of a photo, or of a scanned PDF's one page; null for a PDF with a text layer or several pictures. */
async function pictureOf(entry: CorpusEntry): Promise<Buffer | null> {
  const bytes = await readFile(entry.path);
  if (entry.kind === 'image') return bytes;
  // A scan of several pages is one receipt in parts, not one picture of it.
  if (entry.kind === 'pdf') return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount() === 1 ? soleEmbeddedJpeg(bytes, 0) : null;
  return null;
}

/** The entries whose picture can be turned: photos and one-page scans. */
export async function turnable(entries: readonly CorpusEntry[]): Promise<CorpusEntry[]> {
  const out: CorpusEntry[] = [];
  for (const entry of entries) if ((entry.kind === 'image' || entry.kind === 'pdf') && (await pictureOf(entry))) out.push(entry);
  return out;
}

async function encode(picture: Buffer, turn: Turn, as: TurnedAs, quality = SCAN_QUALITY, back: boolean = false): Promise<Buffer> {
  // EXIF orientation applied once, then dropped (sharp writes none): the turn is in the pixels
  // only. A photo is written losslessly; a scan as the apps write it, a JPEG on a page. A JPEG
  // written after turning holds other compression noise than its twin's, and OCR of real photos
  // reads a digit differently for less (a 14-item photo written again at quality 90, not turned,
  // fell to 12 items), so the PDF rows measure the turn with that noise. (A lossless picture in
  // the PDF is worse: pdfjs's decoded pixels, resampled from full size, read the real photos'
  // upright twins at 0.594 and refused 4 of 14, against 0.926 as JPEGs.)
  // Drawn turned, the picture is the upright one and the page's drawing turns it.
  const drawn = as === 'pdf-drawn' && isQuarterTurn(turn) ? turn : 0;
  let pixels = sharp(picture).autoOrient().rotate(drawn === 0 ? turn : 0, { background: TILT_BACKGROUND });
  // sharp takes one rotation after the EXIF one, so the turn back reads the tilted pixels again.
  if (back) pixels = sharp(await pixels.png({ compressionLevel: 0 }).toBuffer()).rotate(-turn, { background: TILT_BACKGROUND });
  if (as === 'image') return pixels.png({ compressionLevel: 3 }).toBuffer();
  const jpeg = await pixels.jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
  return Buffer.from(await renderScanPdf([jpeg], 'Scanned receipt', drawn));
}

function isTilt(turn: Turn): turn is (typeof TILTS)[number] {
  return (TILTS as readonly number[]).includes(turn);
}

function isQuarterTurn(turn: Turn): turn is (typeof TURNS)[number] {
  return (TURNS as readonly number[]).includes(turn);
}

/**
 * Whether a turn is written that way: a lossless picture written again is its twin itself (no
 * control), and only a quarter or a half turn can be drawn.
 */
export function writable(turn: Turn, as: TurnedAs, back: boolean = false): boolean {
  if (back) return isTilt(turn) && as !== 'pdf-drawn';
  if (as === 'image') return turn !== CONTROL;
  if (as === 'pdf-drawn') return isQuarterTurn(turn);
  return true;
}

/** The ways a picture is written as `as`: each turn that can be, and with `tiltControl` each tilt's control after it. */
export function turnedWays(turns: readonly Turn[], as: TurnedAs, tiltControl: boolean): { turn: Turn; back: boolean }[] {
  return turns.flatMap((turn) => [false, ...(tiltControl ? [true] : [])].map((back) => ({ turn, back }))).filter(({ turn, back }) => writable(turn, as, back));
}

/** Reads each turnable entry upright and turned each way, as an image and as a scanner app's PDF. */
export async function runTurned(
  pipeline: EvalPipeline,
  entries: readonly CorpusEntry[],
  options: { turns?: readonly Turn[]; as?: readonly TurnedAs[]; tiltControl?: boolean } = {},
  onDone?: (result: TurnedResult) => void,
): Promise<TurnedResult[]> {
  const results: TurnedResult[] = [];
  for (const entry of entries) {
    const picture = await pictureOf(entry);
    if (!picture) continue;
    const original = await runEntry(pipeline, entry);
    const uprights = new Map<string, EntryResult>();
    for (const as of options.as ?? TURNED_AS) {
      const claimed = as === 'image' ? 'image' : 'pdf';
      // Both kinds of PDF have one upright twin: the same bytes.
      const uprightBytes = await encode(picture, 0, as);
      const key = uprightBytes.toString('base64');
      const upright = uprights.get(key) ?? (await runFile(pipeline, entry, uprightBytes, claimed));
      uprights.set(key, upright);
      for (const { turn, back } of turnedWays(options.turns ?? TURNS, as, options.tiltControl ?? false)) {
        const bytes = await encode(picture, turn, as, turn === CONTROL ? CONTROL_QUALITY : SCAN_QUALITY, back);
        const result = { entry, as, turn, back, upright, original, turned: await runFile(pipeline, entry, bytes, claimed) };
        results.push(result);
        onDone?.(result);
      }
    }
  }
  return results;
}

const f1 = (result: EntryResult): number => summarize([result.score]).f1;
const refused = (result: EntryResult): boolean => result.score.error !== null;

/**
 * The turned input reads as its upright twin (or, with `against` 'original', as the corpus file
 * itself): F1 within the tolerance and the same printed total.
 */
export function readsAsTwin(result: Pick<TurnedResult, 'turned' | 'upright'> & Partial<Pick<TurnedResult, 'original'>>, against: 'upright' | 'original' = 'upright'): boolean {
  const twin = against === 'original' ? result.original : result.upright;
  if (!twin) throw new Error('No original read beside the turned input');
  const sameTotal = result.turned.score.totalFound === twin.score.totalFound;
  return !refused(result.turned) && f1(result.turned) >= f1(twin) - TURNED_F1_TOLERANCE && sameTotal;
}

/**
 * The turned input reads no worse than its upright twin: refused only where the twin is, item F1
 * at most the tolerance below the twin's, and the total found wherever the twin found it. A
 * turned input that reads better than its twin (a total the twin missed, more items) is no
 * loss to the visitor, though it does not read as its twin.
 */
export function readsNoWorse(result: Pick<TurnedResult, 'turned' | 'upright'>): boolean {
  const { turned, upright } = result;
  if (refused(turned) && !refused(upright)) return false;
  return f1(turned) >= f1(upright) - TURNED_F1_TOLERANCE && (upright.score.totalFound !== true || turned.score.totalFound === true);
}

/**
 * One row per way of turning: F1 beside the twins', how many read as their twin (in all, and of
 * the receipts of the locked fold: receipt-fold.ts), and how many were refused.
 */
export function turnedTable(results: readonly TurnedResult[]): string {
  const rows: Cell[][] = [];
  const turns = [CONTROL, ...TURNS, ...TILTS].filter((turn) => results.some((r) => r.turn === turn));
  for (const as of TURNED_AS) {
    for (const { turn, back } of turns.flatMap((turn) => [false, true].map((back) => ({ turn, back })))) {
      const group = results.filter((r) => r.as === as && r.turn === turn && r.back === back);
      if (group.length === 0) continue;
      const turned = summarize(group.map((r) => r.turned.score));
      const upright = summarize(group.map((r) => r.upright.score));
      const original = summarize(group.map((r) => r.original.score));
      const fold = group.filter((r) => inReceiptFold(r.entry.name));
      rows.push([
        turn === CONTROL
          ? `scan PDF upright, JPEG q${CONTROL_QUALITY} (control)`
          : `${{ image: 'image', pdf: 'scan PDF', 'pdf-drawn': 'scan PDF drawn' }[as]} ${turn % 90 === 0 || Math.abs(turn) > 45 ? 'turned' : 'tilted'} ${turn}°${back ? ' and back (control)' : ''}`,
        group.length,
        turned.f1.toFixed(3),
        upright.f1.toFixed(3),
        `${group.filter((r) => readsAsTwin(r)).length}/${group.length}`,
        `${fold.filter((r) => readsAsTwin(r)).length}/${fold.length}`,
        `${group.filter((r) => readsNoWorse(r)).length}/${group.length}`,
        original.f1.toFixed(3),
        `${group.filter((r) => readsAsTwin(r, 'original')).length}/${group.length}`,
        percent(turned.totalFound),
        group.filter((r) => refused(r.turned)).length,
        group.filter((r) => refused(r.turned) && !refused(r.upright)).length,
        group.filter((r) => refused(r.upright)).length,
        turned.medianMs === null ? '–' : `${(turned.medianMs / 1000).toFixed(2)} s`,
      ]);
    }
  }
  return formatTable(
    ['input', 'inputs', 'F1 turned', 'F1 upright twins', 'read as twin', 'of the fold', 'no worse than twin', 'F1 originals', 'read as original', 'total found', 'refused', 'of them read upright', 'twins refused', 'median time'],
    rows,
  );
}

/** The turned inputs of the open part that did not read as their twins, one line each; the locked fold's are counted. */
export function turnedMisses(results: readonly TurnedResult[]): string {
  const misses = results.filter((r) => !readsAsTwin(r));
  const unlisted = misses.filter((r) => inReceiptFold(r.entry.name)).length;
  const listed = misses
    .filter((r) => !inReceiptFold(r.entry.name))
    .map((r) => `${r.entry.name} ${r.as} ${r.turn}°${r.back ? ' and back' : ''}${readsNoWorse(r) ? ' (no worse)' : ''}: F1 ${f1(r.turned).toFixed(3)} (upright ${f1(r.upright).toFixed(3)}, original ${f1(r.original).toFixed(3)}), total ${r.turned.score.totalFound ? 'found' : 'missed'} (upright ${r.upright.score.totalFound ? 'found' : 'missed'}, original ${r.original.score.totalFound ? 'found' : 'missed'})${r.turned.score.error ? `, ${r.turned.score.error}` : ''}`);
  if (unlisted > 0) listed.push(`(${unlisted} ${unlisted === 1 ? 'input' : 'inputs'} of the locked fold's receipts, not listed)`);
  return listed.join('\n');
}
