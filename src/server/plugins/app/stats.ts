// The community statistics store as an app service: the shared PostgreSQL database when
// DATABASE_URL is set, else the SQLite file under DATA_DIR; opened at boot, closed with the app
// after the receipts still being counted are written.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AnalysisResult } from '../../../contract.ts';
import type { StatsBackend } from '../../stats/backend.ts';
import { openStatsBackend } from '../../stats/open.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stats: StatsBackend;
  }
}

export interface StatsPluginOptions {
  dataDir: string;
  databaseUrl: string | null;
  poolSize?: number;
  /** How long /stats figures may be reused, ms. */
  cacheMs?: number;
  /** Injectable clock, for tests around Helsinki midnight and DST changes. */
  now?: () => Date;
}

export default fp<StatsPluginOptions>(
  async (app, options) => {
    const stats = await openStatsBackend({ ...options, log: app.log.child({ component: 'stats' }) });
    app.decorate('stats', stats);
    app.addHook('onClose', async () => {
      await stats.close();
    });
  },
  { name: 'stats' },
);

/**
 * Counts an analysed receipt, best effort: the visitor's result never fails because of the
 * statistics (the store logs its own outages). Waits for the write so that a /stats asked
 * right after the answer already includes it.
 */
export async function countReceipt(app: FastifyInstance, request: FastifyRequest, result: AnalysisResult): Promise<void> {
  try {
    await app.stats.recordAnalysis(result);
  } catch (error) {
    request.log.error({ err: error }, 'receipt not counted in the statistics');
  }
}
