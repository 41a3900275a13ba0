// A PDF reader process: pdfjs (and pdf-lib for a scan's embedded JPEG) run here, never in the
// server, so whatever a PDF makes them allocate is given back when the process ends, and the
// server can end it when a PDF overruns its time or memory (pool.ts). Each upload's bytes are
// pre-scanned here first (prescan.ts). Started by the pool with `fork`; it keeps the last
// upload's document open for that upload's next call.
// Node runs this file directly (type stripping); it imports only the PDF stage.
import { isCodedError } from '../errors.ts';
import { loadPdfjs, openPdf, type PdfFile } from './document.ts';
import { prescanPdf } from './prescan.ts';
import type { PdfFailure, PdfForget, PdfJob, PdfReply } from './protocol.ts';

let held: { doc: number; file: PdfFile } | null = null;

function send(reply: PdfReply): void {
  process.send?.(reply);
}

const rss = () => process.memoryUsage.rss();

async function forget(): Promise<void> {
  const file = held?.file;
  held = null;
  await file?.close();
}

async function documentFor(job: PdfJob): Promise<PdfFile> {
  if (held?.doc === job.doc) return held.file;
  await forget();
  if (!job.bytes) throw new Error('the document is not open here and no bytes came');
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  if (job.prescan) {
    try {
      await prescanPdf(bytes, job.budget);
    } catch (error) {
      // A refusal is the answer; a fault of the pre-scan itself leaves the file to the reader,
      // whose process limits still hold.
      if (isCodedError(error)) throw error;
    }
  }
  const file = await openPdf(bytes, { maxPixels: job.budget.maxImagePixels });
  held = { doc: job.doc, file };
  return file;
}

async function run(job: PdfJob): Promise<unknown> {
  const file = await documentFor(job);
  const { request } = job;
  switch (request.op) {
    case 'open': {
      const texts: (string | null)[] = [];
      for (let page = 1; page <= Math.min(file.pageCount, request.pages); page++) texts.push(await file.pageText(page));
      return { pageCount: file.pageCount, texts };
    }
    case 'text':
      return file.pageText(request.page);
    case 'scan':
      return file.scannedPage(request.page);
    case 'render':
      return file.renderPage(request.page);
  }
}

function failure(error: unknown): PdfFailure {
  if (isCodedError(error)) return { code: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) };
  // The kind only: a message could quote the file.
  return { message: 'unexpected failure', name: error instanceof Error ? error.name : typeof error };
}

async function handle(message: PdfJob | PdfForget): Promise<void> {
  if ('forget' in message) {
    if (held?.doc === message.forget) await forget();
    // Only a reader that looks grown collects its garbage, so the server can tell growth from garbage.
    if (rss() > message.collectAbove) (globalThis as { gc?: () => void }).gc?.();
    send({ forgotten: message.forget, rss: rss() });
    return;
  }
  const cpuAtStart = process.cpuUsage();
  const cpuMs = () => {
    const used = process.cpuUsage(cpuAtStart);
    return (used.user + used.system) / 1000;
  };
  try {
    const value = await run(message);
    send({ id: message.id, ok: true, value, cpuMs: cpuMs(), rss: rss() });
  } catch (error) {
    send({ id: message.id, ok: false, error: failure(error), cpuMs: cpuMs(), rss: rss() });
  }
}

// One message at a time, in the order sent: a document is forgotten before the next job opens one.
let queue = Promise.resolve();
process.on('message', (message: PdfJob | PdfForget) => {
  queue = queue.then(() => handle(message));
});

// The server went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));

await loadPdfjs();
send({ ready: true });
