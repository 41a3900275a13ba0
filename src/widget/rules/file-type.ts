// What the upload's `fileType` field says: PDFs by MIME type or name, everything else is an image.
import type { UploadFileType } from '../../contract.ts';

export const ACCEPTED_FILE_TYPES = 'image/*,application/pdf,.pdf';
export const PHOTO_FILE_TYPES = 'image/*';

export function fileTypeOf(file: Pick<File, 'type' | 'name'>): UploadFileType {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf') ? 'pdf' : 'image';
}

/** Only the first of several dropped or chosen files is used. */
export function firstFile(files: FileList | readonly File[] | null | undefined): File | null {
  return files?.[0] ?? null;
}
