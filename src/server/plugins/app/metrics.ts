// GET /metrics in the Prometheus text format (prom-client), for operators: receipts by how they
// were read and how they ended, OCR jobs in flight and their wait for a worker, request latency
// per route, and the process's memory and event loop. Each app has its own registry, so several
// apps in one process (tests) do not mix their counts. Only numbers and route patterns: never a
// receipt, an address or a URL as sent.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { API_PATHS } from '../../../contract.ts';
import { OCR_WAIT_CHANNEL } from '../../pipeline/ocr/pool.ts';

export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** How the receipt of this request was read, once it was. */
    receiptMethod?: string;
  }
}

const RECEIPT_ROUTES = new Set<string>([API_PATHS.processText, API_PATHS.processReceipt]);

/** How a receipt request ended, from its status. */
export function receiptOutcome(statusCode: number): string {
  if (statusCode < 400) return 'analysed';
  if (statusCode === 429) return 'rate-limited';
  if (statusCode === 503) return 'busy';
  if (statusCode < 500) return 'refused';
  return 'failed';
}

export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requestSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by route pattern.',
      labelNames: ['method', 'route', 'status_code'] as const,
      // From a /stats read to a 12-megapixel photo through OCR.
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    const receipts = new Counter({
      name: 'receipt_calculator_receipts_total',
      help: 'Receipts sent for analysis, by how they were read (method; "none" when not read) and how the request ended (outcome).',
      labelNames: ['method', 'outcome'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'receipt_calculator_ocr_jobs',
      help: 'OCR jobs admitted and not finished in this instance: running, waiting for a worker, or being prepared.',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('pipeline') ? app.pipeline.load : 0);
      },
    });
    const ocrWait = new Histogram({
      name: 'receipt_calculator_ocr_wait_seconds',
      help: 'Time an OCR job waited for a free worker.',
      buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    });
    new Gauge({
      name: 'receipt_calculator_stats_store_up',
      help: 'Whether the statistics store answered its last query (1) or not (0).',
      labelNames: ['store'] as const,
      registers: [registry],
      collect() {
        if (app.hasDecorator('stats')) this.set({ store: app.stats.kind }, app.stats.ready ? 1 : 0);
      },
    });

    const onOcrWait = (message: unknown) => {
      const waitMs = (message as { waitMs?: unknown }).waitMs;
      if (typeof waitMs === 'number') ocrWait.observe(waitMs / 1000);
    };
    subscribe(OCR_WAIT_CHANNEL, onOcrWait);
    app.addHook('onClose', async () => {
      unsubscribe(OCR_WAIT_CHANNEL, onOcrWait);
    });

    app.decorateRequest('receiptMethod', undefined);
    app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      const method = (payload as { metadata?: { processing_method?: unknown } } | null)?.metadata?.processing_method;
      if (typeof method === 'string') request.receiptMethod = method;
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, not the URL as sent: unknown addresses must not grow the label set.
      const route = request.routeOptions.url ?? 'unmatched';
      requestSeconds.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
      if (RECEIPT_ROUTES.has(route) && request.method === 'POST') {
        receipts.inc({ method: request.receiptMethod ?? 'none', outcome: receiptOutcome(reply.statusCode) });
      }
    });

    app.get(
      METRICS_PATH,
      {
        schema: {
          summary: 'Prometheus metrics',
          description: 'Counters, gauges and histograms of this instance in the Prometheus text format.',
          tags: ['operations'],
        },
        logLevel: 'warn',
      },
      async (_request, reply) => {
        reply.type(registry.contentType);
        return registry.metrics();
      },
    );
  },
  { name: 'metrics' },
);
