// The app factory: everything the backend is, built from a validated Config. main.ts only
// starts it; tests build it with test/support/build-app.ts and call it with `inject`.
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';
import { createPipeline, type Pipeline } from './pipeline/index.ts';
import errorHandler from './plugins/app/error-handler.ts';
import metrics from './plugins/app/metrics.ts';
import pipelinePlugin from './plugins/app/pipeline.ts';
import statsPlugin from './plugins/app/stats.ts';
import { corsOptions } from './plugins/external/cors.ts';
import { loggerOptions } from './plugins/external/logger.ts';
import { multipartOptions } from './plugins/external/multipart.ts';
import { OPENAPI_PATH, swaggerOptions, swaggerUiOptions } from './plugins/external/openapi.ts';
import { rateLimitOptions } from './plugins/external/rate-limit.ts';
import { REPO_ROOT, staticOptions } from './plugins/external/static.ts';
import processReceipt from './routes/api/process-receipt-ai/index.ts';
import processText from './routes/api/process-text/index.ts';
import recalculate from './routes/api/recalculate/index.ts';
import health from './routes/health/index.ts';
import stats from './routes/stats/index.ts';
import { sharedSchemas } from './schemas/index.ts';

export interface AppOverrides {
  /** Clock of the statistics ("today", "this week"); tests move it across Helsinki midnights. */
  now?: () => Date;
  /**
   * A stand-in pipeline, only for what cannot be provoked honestly through the real one
   * (an unexpected internal failure). Default: the real pipeline from the config.
   */
  pipeline?: Pipeline;
  /** Folder holding demo/ and dist/; default the repository root. */
  staticRoot?: string;
  /** Where log lines go; default stdout. Tests read them to prove no receipt is logged. */
  logStream?: DestinationStream;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Longer than the OCR pool's start timeout, so a slow start fails with the pool's own error. */
const PLUGIN_START_TIMEOUT_MS = 90_000;

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(overrides.logStream ? { stream: overrides.logStream } : {}) },
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    // Idle keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    // Starting the OCR workers can take longer than Fastify's 10 s on a loaded machine; the
    // pool's own start timeout (60 s, pipeline/extract) decides, with a sentence naming the cause.
    pluginTimeout: PLUGIN_START_TIMEOUT_MS,
    // A JSON API: `{"text": ["a"]}` is a mistake to point out, not a string to guess.
    ajv: { customOptions: { coerceTypes: false } },
  });

  const version = packageVersion();
  for (const schema of sharedSchemas) app.addSchema(schema);
  await app.register(errorHandler);
  // Before the routes: it documents every route declared after it.
  await app.register(swagger, swaggerOptions(version));
  await app.register(swaggerUi, swaggerUiOptions);
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(metrics);
  await app.register(cors, corsOptions(config));
  // Before the routes: it attaches itself to routes that declare `config.rateLimit`.
  await app.register(rateLimit, rateLimitOptions(config));
  await app.register(multipart, multipartOptions(config));

  const folders = staticOptions(overrides.staticRoot);
  if (folders.demo) await app.register(fastifyStatic, folders.demo);
  if (folders.dist) await app.register(fastifyStatic, folders.dist);
  // Said once the server listens, to the person who will open the page: a start that fails
  // later says only why it failed, and an app built for a test (no listen) says nothing.
  app.addHook('onListen', (done) => {
    if (!folders.demo) app.log.warn('The demo page is missing (demo/index.html); GET / will answer 404.');
    if (!folders.dist) app.log.warn('The widget bundles are missing (no dist/ folder): run "npm run build" so the demo page can load them.');
    done();
  });

  await app.register(statsPlugin, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    cacheMs: config.statsCacheMs,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  await app.register(pipelinePlugin, { pipeline: overrides.pipeline ?? createPipeline(config, { log: app.log }) });

  await app.register(health, { version });
  await app.register(stats);
  await app.register(processText, { maxTextChars: config.maxTextChars });
  await app.register(processReceipt, { maxUploadMb: config.maxUploadMb });
  await app.register(recalculate);
  return app;
}
