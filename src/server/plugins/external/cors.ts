// CORS: the widget is embedded on other sites and calls this API from their origin.
import type { FastifyCorsOptions } from '@fastify/cors';
import type { Config } from '../../config.ts';

export function corsOptions(config: Pick<Config, 'allowedOrigins'>): FastifyCorsOptions {
  return {
    // No list: any site may embed the widget.
    origin: config.allowedOrigins ?? '*',
    methods: ['GET', 'POST'],
    // A cross-origin page reads only the safelisted response headers unless told otherwise; the
    // widget waits as long as a 429 or 503 says before it sends the next receipt of a batch.
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  };
}
