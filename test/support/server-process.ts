// The backend as a host runs it, `node src/server/main.ts` in a process of its own on a free
// port, for tests and benchmarks that measure the server from outside: its memory is its own,
// never the test runner's. Only the given variables apply (and PATH, and MALLOC_ARENA_MAX as
// `npm start` sets it).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../scripts/paths.ts';

export interface ServerProcess {
  /** The server's process id. */
  pid: number;
  /** Its address, ending with a slash. */
  url: string;
  child: ChildProcess;
  /** SIGTERM, wait for it to end, remove its DATA_DIR. */
  stop(): Promise<void>;
}

/** Starts `main.ts` (of this repository, or of `root`) and resolves once it says where it listens. */
export async function startServer(env: Record<string, string> = {}, root = REPO_ROOT): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'receipt-server-'));
  const child = spawn(process.execPath, [join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      MALLOC_ARENA_MAX: '2',
      PORT: '0',
      LOG_LEVEL: 'warn',
      OPENAI_API_KEY: '',
      DATA_DIR: join(dataDir, 'data'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in time; it printed: ${stdout}`)), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened; it printed: ${stdout}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /running at (http:\/\/[^/\s]+\/)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return {
    pid: child.pid ?? 0,
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
