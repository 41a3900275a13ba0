// Why the backend could not start, as one sentence for the person starting it: a folder it
// cannot create, OCR data it cannot load, a PDF reader that cannot start, a wrong variable.
// Stack traces help nobody there.
import { OcrStartError } from './pipeline/ocr/trained-data.ts';
import { PdfReaderStartError } from './pipeline/pdf/pool.ts';

/**
 * A start-up problem whose message names its cause in words (a trailing period is optional).
 * ConfigError (a wrong variable) is a kind of it; the pipeline's OcrStartError (OCR data missing
 * or broken) and PdfReaderStartError are told the same way, though the pipeline knows nothing of
 * the server.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

const FILE_SYSTEM_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'part of the path is a file, not a folder',
  EEXIST: 'a file of that name is in the way',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENAMETOOLONG: 'the path is too long',
  ENOENT: 'a folder on the path does not exist and cannot be made',
  ELOOP: 'the path loops through symbolic links',
};

/** A file-system error in words, e.g. "permission denied"; else its own message. */
export function fileSystemReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? FILE_SYSTEM_REASONS[code] : undefined;
  if (known) return known;
  return error instanceof Error ? error.message : String(error);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The line printed when start-up fails: what failed, in one sentence, without a stack. */
export function startFailureSentence(error: unknown): string {
  const prefix = 'Cannot start the receipt calculator backend:';
  if (error instanceof StartupError || error instanceof OcrStartError || error instanceof PdfReaderStartError) return `${prefix} ${sentence(error.message)}`;
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  return `${prefix} an unexpected ${name} (${sentence(message).replace(/\.$/, '')}).`;
}
