// The OCR languages and their trained data: read once from the npm packages installed with
// the product (`@tesseract.js-data/<code>`), checked, and handed to the workers in memory.
// Nothing is fetched and nothing is written: the workers never see a path or a URL.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/** The languages whose trained data is installed (package.json depends on both packages). */
export const OCR_LANGUAGES = ['fin', 'eng'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/**
 * Finnish only. Measured on the 14 real receipt photos (see README.md in this folder): adding
 * English finds no more items and takes about twice as long, since both models read every
 * uncertain word, which breaks the 2 s budget of a phone photo.
 */
export const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ['fin'];

/** One language's trained data as its package ships it (gzip-compressed). */
export interface TrainedData {
  code: OcrLanguage;
  data: Uint8Array;
}

/**
 * OCR cannot run: trained data missing or broken, or a worker that fails to start. Its message
 * names the cause in words, so a start that fails on it prints it as it is (../../startup-error.ts).
 */
export class OcrStartError extends Error {
  override name = 'OcrStartError';
}

/** "fin", "fin+eng" → the languages in Tesseract's order (the first leads); null when not a list of installed ones. */
export function parseOcrLanguages(value: string): OcrLanguage[] | null {
  const codes = value.trim().toLowerCase().split('+').map((code) => code.trim());
  const known = (code: string): code is OcrLanguage => (OCR_LANGUAGES as readonly string[]).includes(code);
  if (!codes.every(known) || new Set(codes).size !== codes.length) return null;
  return codes;
}

const require = createRequire(import.meta.url);

/**
 * The LSTM-only "best_int" data of a language's package: the same recognition as its 4.0.0
 * folder (identical results on the real photos) at 40 % of the size, so workers start faster.
 */
export function packageDataFolder(code: OcrLanguage): string {
  let packageJson: string;
  try {
    packageJson = require.resolve(`@tesseract.js-data/${code}/package.json`);
  } catch {
    throw new OcrStartError(`the OCR trained data for "${code}" is not installed (the npm package @tesseract.js-data/${code}; run npm install)`);
  }
  return join(dirname(packageJson), '4.0.0_best_int');
}

/** Index of the LSTM recogniser among a traineddata file's components (tesseract's TESSDATA_LSTM). */
const LSTM_COMPONENT = 17;

/**
 * Whether bytes look like a Tesseract traineddata file: a component count, then a table of
 * 64-bit offsets that are absent (-1) or ascending inside the file, with the LSTM model present.
 */
export function isTrainedData(data: Buffer): boolean {
  if (data.length < 4) return false;
  const count = data.readInt32LE(0);
  const tableEnd = 4 + 8 * count;
  if (count <= LSTM_COMPONENT || count > 64 || tableEnd > data.length) return false;
  let previous = tableEnd;
  for (let index = 0; index < count; index++) {
    const offset = Number(data.readBigInt64LE(4 + 8 * index));
    if (offset === -1) {
      if (index === LSTM_COMPONENT) return false;
      continue;
    }
    if (offset < previous || offset >= data.length) return false;
    previous = offset;
  }
  return true;
}

/**
 * Reads and checks one language's `<code>.traineddata.gz`. A worker is never given data that
 * fails the check: tesseract.js sends a stray message after a failed initialisation that
 * throws inside its own message listener and takes the process down.
 */
async function loadOne(code: OcrLanguage, folder: string): Promise<TrainedData> {
  const file = join(folder, `${code}.traineddata.gz`);
  let packed: Buffer;
  try {
    packed = await readFile(file);
  } catch {
    throw new OcrStartError(`OCR trained data not found at ${file}`);
  }
  let data: Buffer;
  try {
    data = await promisify(gunzip)(packed);
  } catch {
    throw new OcrStartError(`OCR worker cannot start: ${file} is not gzip-compressed trained data`);
  }
  if (!isTrainedData(data)) throw new OcrStartError(`OCR worker cannot start: ${file} is not Tesseract trained data`);
  return { code, data: packed };
}

/** Each language's data from its own package, or every language's from `folder` when given. */
export function loadTrainedData(languages: readonly OcrLanguage[], folder?: string): Promise<TrainedData[]> {
  return Promise.all(languages.map(async (code) => loadOne(code, folder ?? packageDataFolder(code))));
}
