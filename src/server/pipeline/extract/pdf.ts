// A PDF opened for reading, up to its page limit, and the notice when pages were left out.
import type { Notice } from '../../../contract.ts';
import type { DecodeLimits } from '../decode/image.ts';
import type { PdfFile } from '../pdf/document.ts';

/** Opens a PDF where it is read (a reader process of pdf/pool.ts), within the upload's budget. */
export type OpenPdf = (bytes: Buffer, signal?: AbortSignal) => Promise<PdfFile>;

export type PdfLimits = DecodeLimits & { maxPdfPages: number; openPdf: OpenPdf };

export async function withPdf<T>(bytes: Buffer, limits: PdfLimits, use: (pdf: PdfFile, pages: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const pdf = await limits.openPdf(bytes, signal);
  try {
    return await use(pdf, Math.min(pdf.pageCount, Math.max(1, limits.maxPdfPages)));
  } finally {
    await pdf.close();
  }
}

export function pdfPagesSkipped(read: number, total: number): Notice {
  return { code: 'pdf-pages-skipped', params: { read, total }, message: `Only the first ${read} of the PDF's ${total} pages were read.` };
}
