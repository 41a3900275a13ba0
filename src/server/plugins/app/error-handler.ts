// One place turns every failure into `{ "error": "<sentence>" }` with the right status, and
// every unknown address into a 404 of the same shape.
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { toPublicError } from './public-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The sentence sent when this route's body is over its limit. */
    tooLarge?: string;
  }
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { statusCode, message, retryAfter, code, params } = toPublicError(error, { tooLarge: request.routeOptions.config?.tooLarge });
      if (statusCode >= 500) {
        // The logger's error serializer keeps type, code and stack frames only: no message that
        // could quote a receipt.
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ statusCode, code: error.code }, 'request refused');
      }
      if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
      return reply.code(statusCode).send({ error: message, ...(code ? { code } : {}), ...(params ? { params } : {}) });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = (request.url.split('?')[0] ?? '/').slice(0, 200);
      return reply.code(404).send({ error: `There is nothing at ${request.method} ${path}.` });
    });
  },
  { name: 'error-handler' },
);
