import type { UploadFileType } from '../../contract.ts';
import { analysisResponses } from './analysis.ts';

// The body is a multipart stream, read part by part in the handler (fields may come in any
// order), so only the answer has a schema here; the fields are checked with these.
export const UPLOAD_FILE_TYPES: readonly UploadFileType[] = ['pdf', 'image'];

export function isUploadFileType(value: string): value is UploadFileType {
  return (UPLOAD_FILE_TYPES as readonly string[]).includes(value);
}

export const processReceiptSchema = {
  response: analysisResponses,
} as const;
