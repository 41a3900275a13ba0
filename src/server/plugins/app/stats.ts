// The community statistics store as an app service: opened under DATA_DIR at boot, closed
// with the app.
import fp from 'fastify-plugin';
import { openStatsStore, type StatsStore, type StatsStoreOptions } from '../../stats/store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stats: StatsStore;
  }
}

export default fp<StatsStoreOptions>(
  async (app, options) => {
    const stats = openStatsStore(options);
    app.decorate('stats', stats);
    app.addHook('onClose', async () => {
      stats.close();
    });
  },
  { name: 'stats' },
);
