// Runs the real pipeline, in process, over corpus entries and scores each against its label.
// Receipt bytes and text stay in memory; nothing of a receipt is written or logged.
import { readFile } from 'node:fs/promises';
import type { AnalysisResult, ProcessingMethod } from '../../src/contract.ts';
import { loadConfig, type Env } from '../../src/server/config.ts';
import { isCodedError } from '../../src/server/pipeline/errors.ts';
import { STATUS_BY_CODE } from '../../src/server/plugins/app/public-error.ts';
import { DEFAULT_REREAD_WITHIN_PIXELS } from '../../src/server/pipeline/extract/index.ts';
import { createPipeline, type Pipeline } from '../../src/server/pipeline/index.ts';
import type { Reading } from '../../src/server/pipeline/read/index.ts';
import type { CorpusEntry } from './corpus.ts';
import type { ReportKind } from './floors.ts';
import { footprintError, type Recalculator } from './footprint.ts';
import { failedReceipt, scoreReceipt, type Prediction, type ReceiptScore } from './score.ts';

export interface EntryResult {
  entry: CorpusEntry;
  score: ReceiptScore;
  /** How the product read it (metadata.processing_method); null when it gave no answer. */
  method: ProcessingMethod | null;
  /** A file's text passes read and texts parsed; null for a text input or a file refused before reading. */
  reading: ReadStats | null;
}

export type ReadStats = Pick<Reading, 'passes' | 'parses'>;

/** The product's pipeline, telling how it read the last file. */
export interface EvalPipeline extends Pipeline {
  /** The passes and parses of the file read last, once (null when none was read since). */
  takeReadStats(): ReadStats | null;
}

/** PDFs are reported apart by how they were read: a text layer, or OCR of a scan. */
export function reportKind(result: EntryResult): ReportKind {
  if (result.entry.kind === 'pdf' && result.method === 'pdf-ocr') return 'pdf-scan';
  return result.entry.kind;
}

/**
 * How often a photo that does not add up is read again. `production`: as a visitor gets it,
 * only while its readings are within the product's budget of OCR work (worker CPU time), so
 * the numbers depend a little on the machine's speed, hardly on its load. `unlimited`: every
 * such photo is read in full: what the reader can do, the same numbers on any machine.
 */
export type RereadSetting = 'production' | 'unlimited';

export interface EvalPipelineOptions {
  /** Keep OPENAI_API_KEY (default: the offline reader is measured). */
  withOpenAi?: boolean;
  /** Default `production`. */
  rereads?: RereadSetting;
}

/** One line saying which setting a table was measured with. */
export function describeRereads(setting: RereadSetting): string {
  return setting === 'production'
    ? `Photos: production setting, read again only while its readings have read at most ${DEFAULT_REREAD_WITHIN_PIXELS / 1e6} megapixels of page, as a visitor gets them; --no-time-limit for the reader's full capability`
    : 'Photos: no time limit (--no-time-limit), every photo that does not add up is read again in full; the product stops at its budget of OCR work';
}

/**
 * The product's pipeline with its own configuration from the environment. The offline reader
 * is what the corpus measures, so an OpenAI key is dropped unless `withOpenAi` is set.
 */
export function createEvalPipeline(env: Env = process.env, options: EvalPipelineOptions = {}): EvalPipeline {
  const config = loadConfig(options.withOpenAi ? env : { ...env, OPENAI_API_KEY: '' });
  let last: ReadStats | null = null;
  const pipeline = createPipeline(config, {
    ...(options.rereads === 'unlimited' ? { ocrRereadWithinPixels: Number.POSITIVE_INFINITY } : {}),
    onRead: (stats) => (last = stats),
  });
  // Spread would lose the `load` getter: the pipeline itself, with one method more.
  return Object.assign(pipeline, {
    takeReadStats(): ReadStats | null {
      const stats = last;
      last = null;
      return stats;
    },
  });
}

export function toPrediction(result: AnalysisResult): Prediction {
  return {
    items: result.items.map((item) => ({ name: item.name, price: item.price, category: item.category, weight: item.weight })),
    total: result.store_info.total,
  };
}

async function analyze(pipeline: Pipeline, entry: CorpusEntry): Promise<AnalysisResult> {
  if (entry.kind === 'text' || entry.kind === 'pdf-as-text') return pipeline.analyzeText(await readFile(entry.path, 'utf8'));
  return pipeline.analyzeFile(await readFile(entry.path), entry.kind === 'pdf' ? 'pdf' : 'image');
}

/** A refusal with a 4xx status is the reader saying it found nothing; anything else is a crash. */
export function describeFailure(error: unknown): { message: string; crashed: boolean } {
  if (isCodedError(error)) {
    const status = STATUS_BY_CODE[error.code];
    return { message: `${status} ${error.message}`, crashed: status >= 500 };
  }
  return { message: error instanceof Error ? `${error.name}: ${error.message}` : String(error), crashed: true };
}

/** With a recalculator, each receipt's footprint error is measured too (footprint.ts). */
export async function runEntry(pipeline: EvalPipeline, entry: CorpusEntry, recalculator?: Recalculator): Promise<EntryResult> {
  return scored(pipeline, entry, () => analyze(pipeline, entry), recalculator);
}

/** Other bytes of an entry's receipt (the same receipt written another way), scored against its label. */
export async function runFile(pipeline: EvalPipeline, entry: CorpusEntry, bytes: Buffer, claimed: 'image' | 'pdf'): Promise<EntryResult> {
  return scored(pipeline, entry, () => pipeline.analyzeFile(bytes, claimed));
}

async function scored(pipeline: EvalPipeline, entry: CorpusEntry, read: () => Promise<AnalysisResult>, recalculator?: Recalculator): Promise<EntryResult> {
  // The labelled footprint is computed before the clock starts: the time is the product's alone.
  const labelledKg = recalculator ? await recalculator.labelledKg(entry.label) : null;
  const withFootprint = (score: ReceiptScore, productKg: number): ReceiptScore =>
    labelledKg === null ? score : { ...score, footprintError: footprintError(productKg, labelledKg) };
  const started = performance.now();
  pipeline.takeReadStats();
  try {
    const result = await read();
    const ms = performance.now() - started;
    const score = scoreReceipt(entry.label, toPrediction(result), ms);
    return { entry, score: withFootprint(score, result.total_emissions), method: result.metadata.processing_method, reading: pipeline.takeReadStats() };
  } catch (error) {
    const failure = describeFailure(error);
    const score = failedReceipt(entry.label, performance.now() - started, failure.message, failure.crashed);
    return { entry, score: withFootprint(score, 0), method: null, reading: pipeline.takeReadStats() };
  }
}

export async function runEntries(
  pipeline: EvalPipeline,
  entries: readonly CorpusEntry[],
  onDone?: (result: EntryResult, index: number) => void,
  recalculator?: Recalculator,
): Promise<EntryResult[]> {
  const results: EntryResult[] = [];
  // One at a time, so the time per receipt is the time a visitor waits.
  for (const [index, entry] of entries.entries()) {
    const result = await runEntry(pipeline, entry, recalculator);
    results.push(result);
    onDone?.(result, index);
  }
  return results;
}

export interface RobustnessResult {
  path: string;
  outcome: string;
  crashed: boolean;
}

/** Unlabelled receipts: the reader must answer or refuse cleanly, never crash. */
export async function runRobustness(pipeline: Pipeline, paths: readonly string[]): Promise<RobustnessResult[]> {
  const results: RobustnessResult[] = [];
  for (const path of paths) {
    try {
      const result = await pipeline.analyzeText(await readFile(path, 'utf8'));
      results.push({ path, outcome: `answered, ${result.items.length} items`, crashed: false });
    } catch (error) {
      const failure = describeFailure(error);
      results.push({ path, outcome: failure.crashed ? `CRASHED: ${failure.message}` : `refused cleanly: ${failure.message}`, crashed: failure.crashed });
    }
  }
  return results;
}
