import type { FastifyPluginAsync } from 'fastify';
import { API_PATHS, type ErrorResponse, type StatsResponse } from '../../../contract.ts';
import { statsSchema } from '../../schemas/stats.ts';
import { STATS_RETRY_AFTER_S, StatsUnavailableError } from '../../stats/backend.ts';

export const STATS_UNAVAILABLE = 'The statistics are not available right now. Please try again in a moment.';

const stats: FastifyPluginAsync = async (app) => {
  // Polled by every open widget: its requests are not logged one by one (the metrics count them).
  app.get(API_PATHS.stats, { schema: statsSchema, logLevel: 'warn' }, async (_request, reply): Promise<StatsResponse | ErrorResponse> => {
    try {
      return await app.stats.summary();
    } catch (error) {
      if (!(error instanceof StatsUnavailableError)) throw error;
      // The store logged the outage once; each refused request is not news.
      reply.code(503).header('Retry-After', String(STATS_RETRY_AFTER_S));
      return { error: STATS_UNAVAILABLE, code: 'stats-unavailable' };
    }
  });
};

export default stats;
