import type { FastifyPluginAsync } from 'fastify';
import { API_PATHS, type HealthResponse } from '../../../contract.ts';
import { healthSchema } from '../../schemas/health.ts';

export interface HealthRouteOptions {
  version: string;
}

const health: FastifyPluginAsync<HealthRouteOptions> = async (app, { version }) => {
  // Polled by load balancers every few seconds: not logged one by one.
  app.get(API_PATHS.health, { schema: healthSchema, logLevel: 'warn' }, async (): Promise<HealthResponse> => ({
    status: 'ok',
    openai_configured: app.pipeline.openaiConfigured,
    version,
    // The app only starts serving once the OCR workers are up (pipeline.ready() at boot).
    ocr: 'ready',
    ocr_load: app.pipeline.load,
    stats: app.stats.ready ? 'ready' : 'unavailable',
    stats_store: app.stats.kind,
  }));
};

export default health;
