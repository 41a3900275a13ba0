// Uploads: one receipt file per request, held in memory only (never written to disk).
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { Config } from '../../config.ts';

export function multipartOptions(config: Pick<Config, 'maxUploadBytes'>): FastifyMultipartOptions {
  return {
    limits: {
      fileSize: config.maxUploadBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 8,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  };
}
