// A PDF opened for reading, up to its page limit, and the notice when pages were left out.
import type { Notice } from '../../../contract.ts';
import type { DecodeLimits } from '../decode/image.ts';
import { openPdf, type PdfFile } from '../pdf/document.ts';

export async function withPdf<T>(
  bytes: Buffer,
  limits: DecodeLimits & { maxPdfPages: number },
  use: (pdf: PdfFile, pages: number) => Promise<T>,
): Promise<T> {
  const pdf = await openPdf(bytes, limits);
  try {
    return await use(pdf, Math.min(pdf.pageCount, Math.max(1, limits.maxPdfPages)));
  } finally {
    await pdf.close();
  }
}

export function pdfPagesSkipped(read: number, total: number): Notice {
  return { code: 'pdf-pages-skipped', params: { read, total }, message: `Only the first ${read} of the PDF's ${total} pages were read.` };
}
