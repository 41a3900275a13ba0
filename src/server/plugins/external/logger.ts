// Logs carry request metadata only (method, path, status, time). Receipt bytes and text must
// never reach a log: bodies are not serialized, query strings are dropped, and errors keep
// their type, code and stack frames but not their message, which could quote the input
// (a JSON parse error quotes the body, for one).
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../../config.ts';

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
}

const MESSAGE_WITHHELD = '(message not logged: it could quote the receipt)';

export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: MESSAGE_WITHHELD, stack: '' };
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  return {
    type: error.name,
    message: MESSAGE_WITHHELD,
    stack: frames.join('\n'),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
  };
}

interface RequestLike {
  method?: string;
  url?: string;
}

export function loggerOptions(level: Config['logLevel']): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    serializers: {
      req: (request: RequestLike) => ({ method: request.method, url: request.url?.split('?')[0] }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
}
