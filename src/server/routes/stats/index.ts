import type { FastifyPluginAsync } from 'fastify';
import { API_PATHS, type StatsResponse } from '../../../contract.ts';
import { statsSchema } from '../../schemas/stats.ts';

const stats: FastifyPluginAsync = async (app) => {
  app.get(API_PATHS.stats, { schema: statsSchema }, async (): Promise<StatsResponse> => app.stats.summary());
};

export default stats;
