import type { UploadFileType } from '../../contract.ts';
import { analysisResponses } from './analysis.ts';

// The body is a multipart stream, read part by part in the handler (fields may come in any
// order), so only the answer has a schema here; the fields are checked with these.
export const UPLOAD_FILE_TYPES: readonly UploadFileType[] = ['pdf', 'image'];

export function isUploadFileType(value: string): value is UploadFileType {
  return (UPLOAD_FILE_TYPES as readonly string[]).includes(value);
}

export const processReceiptSchema = {
  summary: 'Analyse a receipt file',
  description:
    'A multipart form with the receipt as `file` (photo, image or PDF; the bytes decide the reader) and an optional `fileType`. ' +
    'The file stays in memory only. Rate limited per address; 503 with Retry-After when the OCR queue is full.',
  tags: ['receipts'],
  response: analysisResponses,
} as const;
