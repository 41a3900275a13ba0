// The demo page at / and the widget bundles at /dist/, so one `npm start` shows the whole
// product on one origin.
import type { FastifyStaticOptions } from '@fastify/static';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root: this file is src/server/plugins/external/static.ts. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

export interface StaticFolders {
  demo: FastifyStaticOptions | null;
  dist: FastifyStaticOptions | null;
}

export function staticOptions(root: string = REPO_ROOT): StaticFolders {
  const demo = join(root, 'demo');
  const dist = join(root, 'dist');
  return {
    demo: existsSync(join(demo, 'index.html')) ? { root: demo, prefix: '/', index: 'index.html', wildcard: false } : null,
    // A second @fastify/static registration must not decorate the reply again.
    dist: existsSync(dist) ? { root: dist, prefix: '/dist/', decorateReply: false } : null,
  };
}
