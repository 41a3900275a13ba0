// The worker-thread side of bench/pdf-isolation.ts: one PDF read as a PDF reader process reads
// it (pre-scan, pdfjs, the text layers of its first pages, the first page's picture when it has
// no text layer), but in a worker thread of the host's own process.
import { parentPort } from 'node:worker_threads';
import { isCodedError } from '../src/server/pipeline/errors.ts';
import type { PdfBudget } from '../src/server/pipeline/pdf/budget.ts';
import { loadPdfjs, openPdf } from '../src/server/pipeline/pdf/document.ts';
import { prescanPdf } from '../src/server/pipeline/pdf/prescan.ts';

export interface ThreadJob {
  bytes: Uint8Array;
  budget: PdfBudget;
  textPages: number;
}

export type ThreadReply = { ready: true } | { done: true; code: string | null };

async function read({ bytes, budget, textPages }: ThreadJob): Promise<string | null> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    await prescanPdf(buffer, budget);
  } catch (error) {
    if (isCodedError(error)) return error.code;
  }
  const file = await openPdf(buffer, { maxPixels: budget.maxImagePixels });
  try {
    const texts: (string | null)[] = [];
    for (let page = 1; page <= Math.min(file.pageCount, textPages); page++) texts.push(await file.pageText(page));
    if (texts[0] === null) await file.scannedPage(1);
    return null;
  } finally {
    await file.close();
  }
}

parentPort?.on('message', (job: ThreadJob) => {
  read(job).then(
    (code) => parentPort?.postMessage({ done: true, code } satisfies ThreadReply),
    (error: unknown) => parentPort?.postMessage({ done: true, code: isCodedError(error) ? error.code : 'failed' } satisfies ThreadReply),
  );
});

await loadPdfjs();
parentPort?.postMessage({ ready: true } satisfies ThreadReply);
