// The work one uploaded PDF may cost, whatever its bytes say. Two kinds of limit: what the
// pre-scan reads from the bytes before any PDF library sees them (prescan.ts), and what the
// PDF reader's own process may spend (pool.ts watches it and ends it on overrun). Measured
// against the project's receipt PDFs and the hostile-file suite: see README.md here.

/** What the pre-scan checks, from the file's own bytes. */
export interface PdfBudget {
  /** Decoded bytes of one stream that is not an image (page content, fonts, object streams). */
  maxStreamBytes: number;
  /** Decoded bytes of the whole document: every stream, each image at its decoded size. */
  maxDocumentBytes: number;
  /** Pixels of one image, by its dictionary and by its codec's own header. */
  maxImagePixels: number;
  /** Pages in the document (the page tree walked, and its own count). */
  maxPages: number;
  /** Objects in the document, those inside object streams included. */
  maxObjects: number;
  /** Arrays and dictionaries inside each other. */
  maxNesting: number;
}

/** What the reader's process may spend on one upload, all its calls together. */
export interface PdfWorkLimits {
  /** Wall time the process may work on the upload, ms (waiting for it excluded). */
  timeMs: number;
  /** CPU time the process may spend on the upload, ms. */
  cpuMs: number;
  /** Resident memory of the process, bytes; past it the process is ended. */
  memoryBytes: number;
}

const MiB = 1024 * 1024;

/**
 * A text-layer receipt decodes to tens of kilobytes, a scanned one to its picture (a 12-megapixel
 * phone scan: 36 MB of RGB). A page's content stream beyond 32 MiB is a drawing, not a receipt.
 * A phone's scanning app or a flatbed at 600 dpi makes a receipt picture of 8–13 megapixels.
 */
export const DEFAULT_PDF_BUDGET: PdfBudget = {
  maxStreamBytes: 32 * MiB,
  maxDocumentBytes: 256 * MiB,
  maxImagePixels: 16_000_000,
  maxPages: 100,
  maxObjects: 100_000,
  maxNesting: 64,
};

/**
 * A reader process holds about 115 MB at rest. Reading a 16-megapixel JPEG scan drawn with a
 * little text (so the page is rendered, not taken as it is) peaked at 397 MB and 2.2 s of CPU
 * (README.md); a text-layer receipt takes 135 MB and tens of milliseconds.
 */
export const DEFAULT_PDF_WORK_LIMITS: PdfWorkLimits = {
  timeMs: 4000,
  cpuMs: 3000,
  memoryBytes: 448 * MiB,
};

/** What a host sets (environment variables, see config.ts): the readers, their queue and the budget's main limits. */
export interface PdfSettings {
  /** Reader processes, started once and reused. */
  workers: number;
  /** Uploads allowed to wait for a reader; beyond it the answer is busy (503). */
  queueLimit: number;
  timeoutMs: number;
  cpuMs: number;
  memoryMb: number;
  /** Bytes the document may decode to, MB. */
  maxInflatedMb: number;
  /** Pixels of one image, megapixels. */
  maxMegapixels: number;
}

/** The budget and limits for the settings a host chose; the rest as defaulted above. */
export function budgetFor(settings: Partial<PdfSettings>): { budget: PdfBudget; limits: PdfWorkLimits } {
  const { maxInflatedMb, maxMegapixels, timeoutMs, cpuMs, memoryMb } = settings;
  return {
    budget: {
      ...DEFAULT_PDF_BUDGET,
      ...(maxInflatedMb === undefined ? {} : { maxDocumentBytes: maxInflatedMb * MiB }),
      ...(maxMegapixels === undefined ? {} : { maxImagePixels: maxMegapixels * 1_000_000 }),
    },
    limits: {
      ...DEFAULT_PDF_WORK_LIMITS,
      ...(timeoutMs === undefined ? {} : { timeMs: timeoutMs }),
      ...(cpuMs === undefined ? {} : { cpuMs }),
      ...(memoryMb === undefined ? {} : { memoryBytes: memoryMb * MiB }),
    },
  };
}
