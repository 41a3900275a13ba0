// Starts the backend: read the config, build the app, listen, and close everything cleanly
// (server, OCR workers, database) on SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start the receipt calculator backend: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
const app = await buildApp(config);

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
