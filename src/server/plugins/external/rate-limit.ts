// Rate limits, per visitor address, on the routes that do real work (the POST routes opt in
// with `config.rateLimit`); health and stats stay free for status badges and dashboards.
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.ts';
import { CodedError } from '../../pipeline/errors.ts';

export function rateLimitOptions(config: Pick<Config, 'rateLimitMax' | 'rateLimitWindowMs'>): RateLimitPluginOptions {
  return {
    global: false,
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    errorResponseBuilder: (_request, context) =>
      new CodedError('rate-limited', 'Too many receipts from your address in a short time. Please wait a moment and try again.', {
        retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  };
}
