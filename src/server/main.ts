// Starts the backend: read the config, build the app, listen, and close everything cleanly
// (server, OCR workers, database) on SIGINT/SIGTERM.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { startFailureSentence } from './startup-error.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** A wrong variable, a DATA_DIR that cannot be made, OCR data that cannot load: one sentence, exit 1. */
async function startOrExit(): Promise<{ config: Config; app: FastifyInstance }> {
  try {
    const config = loadConfig();
    return { config, app: await buildApp(config) };
  } catch (error) {
    console.error(startFailureSentence(error));
    process.exit(1);
  }
}

const { config, app } = await startOrExit();

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const forced = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  console.error(`Cannot start the receipt calculator backend: ${config.host}:${config.port} is not available (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  await app.close();
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(
  `Receipt calculator is running at http://${shownHost}:${port}/ (OpenAI reader: ${config.openai ? 'on' : 'off, reading receipts offline'}).`,
);
