// The receipt pipeline as an app service: created once, its OCR workers started at boot and
// reused by every request, closed with the app.
import fp from 'fastify-plugin';
import type { Pipeline } from '../../pipeline/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pipeline: Pipeline;
  }
}

export interface PipelinePluginOptions {
  pipeline: Pipeline;
}

export default fp<PipelinePluginOptions>(
  async (app, { pipeline }) => {
    app.decorate('pipeline', pipeline);
    app.addHook('onClose', async () => {
      await pipeline.close();
    });
    await pipeline.ready();
  },
  { name: 'pipeline' },
);
