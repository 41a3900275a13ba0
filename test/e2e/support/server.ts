// The real backend as `npm start` runs it (`node src/server/main.ts`, after the build), on a
// free port of 127.0.0.1 with a fresh DATA_DIR. It can be stopped and started again on the
// same port, as a backend that goes down and comes back would be.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../scripts/paths.ts';
import type { StatsResponse } from '../../../src/contract.ts';

export { REPO_ROOT };
const MAIN = join(REPO_ROOT, 'src/server/main.ts');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** main.ts prints this once it listens (see src/server/main.ts). */
const LISTENING = /is running at (http:\/\/[^\s/]+)\//;

export interface ServerOptions {
  /** Backend variables (MAX_UPLOAD_MB, …) on top of the test defaults below. */
  env?: Record<string, string>;
}

export interface BackendServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly running: boolean;
  /** SIGTERM, then wait for the process to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and DATA_DIR. */
  start(): Promise<void>;
  /** Stops it and removes its DATA_DIR. */
  dispose(): Promise<void>;
}

/** Only what the backend needs: the developer's own variables (an OpenAI key, say) stay out. */
function childEnv(port: number, dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // One OCR worker: the machine is small and the tests send one receipt at a time.
    OCR_WORKERS: '1',
    // A whole test file may send more receipts in a minute than a visitor would.
    RATE_LIMIT_MAX: '1000',
    ...extra,
  };
}

function launch(port: number, dataDir: string, extra: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: childEnv(port, dataDir, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`The backend did not start within ${START_TIMEOUT_MS} ms.`)), START_TIMEOUT_MS);
    function fail(error: Error): void {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n--- backend output ---\n${output}`));
    }
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining, so a chatty backend never blocks on a full pipe.
        child.stdout?.resume();
        child.stderr?.resume();
        resolvePromise({ child, url: match[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`The backend exited with code ${code} before listening.`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
  });
}

/** Children still running when the test process ends are killed with it. */
const living = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of living) child.kill('SIGKILL');
});

export async function startServer(options: ServerOptions = {}): Promise<BackendServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'receipt-calculator-e2e-'));
  const extra = options.env ?? {};
  let current: ChildProcess | null = null;
  let url = '';
  let port = 0;

  async function start(): Promise<void> {
    if (current) return;
    const started = await launch(port, dataDir, extra);
    current = started.child;
    living.add(started.child);
    started.child.once('exit', () => living.delete(started.child));
    url = started.url;
    port = Number(new URL(url).port);
  }

  async function stop(): Promise<void> {
    const child = current;
    if (!child) return;
    current = null;
    const done = exited(child);
    child.kill('SIGTERM');
    await done;
  }

  try {
    await start();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    get url() {
      return url;
    },
    get port() {
      return port;
    },
    dataDir,
    get running() {
      return current !== null;
    },
    stop,
    start,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A receipt sent straight to the backend (not through a page), e.g. to move its statistics. */
export async function analyzeFixtureText(server: BackendServer, name: string): Promise<void> {
  const text = await readFile(join(REPO_ROOT, 'test/fixtures/receipts/text', name), 'utf8');
  const response = await fetch(`${server.url}/api/process-text`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) throw new Error(`The backend refused ${name}: ${response.status} ${await response.text()}`);
}

export async function fetchStats(server: BackendServer): Promise<StatsResponse> {
  const response = await fetch(`${server.url}/stats`);
  if (!response.ok) throw new Error(`GET /stats answered ${response.status}`);
  return (await response.json()) as StatsResponse;
}
