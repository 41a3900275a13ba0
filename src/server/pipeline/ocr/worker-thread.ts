// The thread of one OCR worker: tesseract.js' own Node worker script
// (tesseract.js/src/worker-script/node/index.js), started through createWorker's `workerPath`
// option, with three differences:
//  - Trained data handed over in memory ({ code, data }) initialises Tesseract by its code.
//    tesseract.js 7.0.0 loads such data but then passes the data itself to Tesseract's Init as
//    the language name, which fails and crashes the process (naptha/tesseract.js pull request
//    1052), so languages from two packages could otherwise only be read from one shared folder.
//  - No network and no files: fetching and the file cache refuse, so a worker reads nothing but
//    the data it is given and writes nothing next to the process.
//  - Each recognition reports the CPU time its thread spent on it, which the extractor's time
//    budget uses: unlike wall time, it does not grow while the machine is busy with other work.
//  - Tesseract's and Leptonica's own messages ("Error in boxClipToRectangle: box outside
//    rectangle") are dropped instead of going straight to the process's stderr, past the app's
//    logger and LOG_LEVEL; a reading that really fails still rejects its job.
// Node runs this file directly (type stripping), in its own thread; it imports nothing of ours.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

interface Packet {
  jobId?: string;
  action?: string;
  payload?: { langs?: unknown };
}

interface Reply {
  jobId?: string;
  action?: string;
  status?: string;
  data?: unknown;
}

interface WorkerScript {
  dispatchHandlers(packet: Packet, send: (reply: Reply) => void): void;
  setAdapter(adapter: Record<string, unknown>): void;
}

const require = createRequire(import.meta.url);
const scripts = 'tesseract.js/src/worker-script';
const worker = require(scripts) as WorkerScript;

/** `initialize` gets the language codes; tesseract.js would pass `{ code, data }` objects' data. */
function withLanguageCodes(packet: Packet): Packet {
  const langs = packet.payload?.langs;
  if (packet.action !== 'initialize' || !Array.isArray(langs)) return packet;
  const codes = langs.map((lang: unknown) => (typeof lang === 'object' && lang !== null && 'code' in lang ? String(lang.code) : String(lang)));
  return { ...packet, payload: { ...packet.payload, langs: codes.join('+') } };
}

const cpuAtStart = new Map<string, NodeJS.CpuUsage>();

function send(reply: Reply): void {
  if (reply.action === 'recognize' && reply.status !== 'progress' && reply.jobId !== undefined) {
    const start = cpuAtStart.get(reply.jobId);
    cpuAtStart.delete(reply.jobId);
    if (start && reply.status === 'resolve' && typeof reply.data === 'object' && reply.data !== null) {
      const used = process.threadCpuUsage(start);
      // Read by ./tesseract.ts (THREAD_CPU_FIELD).
      Object.assign(reply.data, { threadCpuMs: (used.user + used.system) / 1000 });
    }
  }
  parentPort?.postMessage(reply);
}

parentPort?.on('message', (packet: Packet) => {
  if (packet.action === 'recognize' && packet.jobId !== undefined) cpuAtStart.set(packet.jobId, process.threadCpuUsage());
  worker.dispatchHandlers(withLanguageCodes(packet), send);
});

const refuse = (what: string) => () => Promise.reject(new Error(`The OCR worker does not ${what}: trained data is passed in memory`));

type CoreFactory = (options: Record<string, unknown>) => Promise<unknown>;
const getCore = require(`${scripts}/node/getCore`) as (...args: unknown[]) => Promise<CoreFactory>;
const quiet = () => {};

worker.setAdapter({
  // Emscripten's `print`/`printErr` receive what the WebAssembly writes to stdout/stderr.
  getCore: async (...args: unknown[]) => {
    const core = await getCore(...args);
    return (options: Record<string, unknown>) => core({ ...options, print: quiet, printErr: quiet });
  },
  gunzip: require(`${scripts}/node/gunzip`),
  fetch: refuse('use the network'),
  readCache: refuse('read files'),
  writeCache: refuse('write files'),
  deleteCache: () => Promise.resolve(),
  checkCache: () => Promise.resolve(false),
});
