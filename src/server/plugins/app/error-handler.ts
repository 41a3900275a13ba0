// One place turns every failure into `{ "error": "<sentence>", "code", "params" }` with the
// status its code answers with (public-error.ts), and every unknown address into a 404 of the same shape.
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { CodedError } from '../../pipeline/errors.ts';
import { publicError, toPublicError } from './public-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The refusal sent when this route's body is over its limit. */
    tooLarge?: () => CodedError;
  }
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const tooLarge = request.routeOptions.config?.tooLarge;
      const { statusCode, body, retryAfter } = toPublicError(error, tooLarge ? { tooLarge } : {});
      if (statusCode >= 500) {
        // The logger's error serializer keeps type, code and stack frames only: no message that
        // could quote a receipt.
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ statusCode, code: body.code }, 'request refused');
      }
      if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
      return reply.code(statusCode).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = (request.url.split('?')[0] ?? '/').slice(0, 200);
      const { statusCode, body } = publicError('not-found', `There is nothing at ${request.method} ${path}.`, {
        method: request.method,
        path,
      });
      return reply.code(statusCode).send(body);
    });
  },
  { name: 'error-handler' },
);
