// `node src/server/main.ts`: starts, says where with one friendly line, and stops cleanly on
// SIGTERM (exit code 0), keeping what it counted; a start that cannot succeed says why in one
// sentence and exits 1.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STATS_FILE_NAME } from '../../src/server/stats/store.ts';
import { REPO_ROOT } from '../../scripts/paths.ts';

const MAIN = join(REPO_ROOT, 'src/server/main.ts');
let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('main.ts', () => {
  it('prints the URL, serves /health on it, and exits 0 on SIGTERM', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'receipt-main-'));
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'warn', OCR_WORKERS: '1', DATA_DIR: join(dataDir, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line in time; output: ${stdout}`)), 60_000);
      child.stdout.on('data', () => {
        const match = /running at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const response = await fetch(new URL('health', url));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', openai_configured: false });
    expect(existsSync(join(dataDir, 'data', STATS_FILE_NAME))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout.match(/running at/g)).toHaveLength(1);
  });

  it('says in one sentence that DATA_DIR cannot be created, without a stack trace, and exits 1', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'receipt-main-'));
    // A file where a folder of DATA_DIR's path should be: mkdir fails for everyone, root included.
    await writeFile(join(dataDir, 'file'), '');
    const wanted = join(dataDir, 'file', 'data');
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'warn', OCR_WORKERS: '1', DATA_DIR: wanted },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      `Cannot start the receipt calculator backend: DATA_DIR ${wanted} cannot be created (part of the path is a file, not a folder).`,
    ]);
  });
});
