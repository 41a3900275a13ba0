// The one way tests build the backend: the real app from a real config, on a fresh temporary
// DATA_DIR, quiet logs and one OCR worker. Call it with `app.inject(...)`; no port, no network.
// Only the given variables apply: the developer's own environment (an OpenAI key, say) never
// leaks into a test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';

export interface TestApp {
  app: FastifyInstance;
  /** The stats database folder. Reuse it in a second buildTestApp to test a restart. */
  dataDir: string;
  /** Closes the app and removes the DATA_DIR this helper created (not one it was given). */
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Partial<Record<string, string>> = {},
  overrides: AppOverrides = {},
): Promise<TestApp> {
  const ownDir = env.DATA_DIR === undefined ? await mkdtemp(join(tmpdir(), 'receipt-calculator-test-')) : null;
  const dataDir = env.DATA_DIR ?? ownDir ?? '';
  const removeOwnDir = async () => {
    if (ownDir) await rm(ownDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    const config = loadConfig({ LOG_LEVEL: 'silent', OCR_WORKERS: '1', ...env, DATA_DIR: dataDir });
    app = await buildApp(config, overrides);
    await app.ready();
  } catch (error) {
    await removeOwnDir();
    throw error;
  }
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await removeOwnDir();
    },
  };
}
