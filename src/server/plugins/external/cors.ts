// CORS: the widget is embedded on other sites and calls this API from their origin.
import type { FastifyCorsOptions } from '@fastify/cors';
import type { Config } from '../../config.ts';

export function corsOptions(config: Pick<Config, 'allowedOrigins'>): FastifyCorsOptions {
  return {
    // No list: any site may embed the widget.
    origin: config.allowedOrigins ?? '*',
    methods: ['GET', 'POST'],
    maxAge: 600,
  };
}
