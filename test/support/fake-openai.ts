// A local HTTP server that speaks OpenAI's chat-completions wire protocol, so the OpenAI
// reader and the app can be tested for real over HTTP without the network. Replies are
// scripted per request (a queue, then a fallback); every request is recorded.
//
//   const fake = await startFakeOpenAi();
//   fake.enqueue(completionReply(JSON.stringify({ ... })), errorReply(500));
//   new OpenAI({ apiKey: 'sk-test', baseURL: fake.baseURL });
//   fake.requests[0].body.model;  await fake.close();
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** What the server does with one chat-completions request. */
export type FakeReply =
  /** A well-formed `chat.completion` with one choice (or none, with `choices: 0`). */
  | {
      kind: 'completion';
      content: string | null;
      refusal?: string | null;
      finishReason?: FinishReason;
      choices?: 0 | 1;
      delayMs?: number;
    }
  /** An error in OpenAI's shape: `{ error: { message, type, code } }`. */
  | { kind: 'error'; status: number; message?: string; type?: string; code?: string | null; headers?: Record<string, string>; delayMs?: number }
  /** Any body as-is, e.g. malformed JSON. */
  | { kind: 'raw'; status?: number; body: string; contentType?: string; delayMs?: number }
  /** Accept the request and never answer. */
  | { kind: 'hang' }
  /** Send status and headers, then part of the body, then stall forever. */
  | { kind: 'stall-body' };

export interface RecordedRequest {
  method: string;
  /** Path with query, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased names, as Node gives them. */
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
  rawBody: string;
}

export interface FakeOpenAiOptions {
  /** When set, requests without `Authorization: Bearer <apiKey>` get OpenAI's 401. */
  apiKey?: string;
  /** The reply once the queue is empty; default: a 500 saying no reply was scripted. */
  fallback?: FakeReply;
}

export interface FakeOpenAi {
  /** Base URL for the SDK's `baseURL` or `OPENAI_BASE_URL`, e.g. `http://127.0.0.1:41234/v1`. */
  readonly baseURL: string;
  /** Every request received, in order (also unscripted paths). */
  readonly requests: RecordedRequest[];
  /** Replies for the next chat-completions requests, in order. */
  enqueue(...replies: FakeReply[]): void;
  setFallback(reply: FakeReply): void;
  /** Forget scripted replies and recorded requests. */
  reset(): void;
  /** Stops listening and cuts every open connection (hanging ones included). */
  close(): Promise<void>;
}

const COMPLETIONS_PATH = '/v1/chat/completions';

export function completionReply(content: string | null, extra: Omit<Extract<FakeReply, { kind: 'completion' }>, 'kind' | 'content'> = {}): FakeReply {
  return { kind: 'completion', content, ...extra };
}

/** A completion whose content is `value` serialised as JSON, as structured outputs return it. */
export function jsonReply(value: unknown, extra: Omit<Extract<FakeReply, { kind: 'completion' }>, 'kind' | 'content'> = {}): FakeReply {
  return completionReply(JSON.stringify(value), extra);
}

export function refusalReply(refusal: string): FakeReply {
  return { kind: 'completion', content: null, refusal };
}

export function errorReply(status: number, extra: Omit<Extract<FakeReply, { kind: 'error' }>, 'kind' | 'status'> = {}): FakeReply {
  return { kind: 'error', status, ...extra };
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let fallback: FakeReply = options.fallback ?? errorReply(500, { message: 'The fake server has no scripted reply for this request.' });
  let completionCount = 0;

  const later = (ms: number, action: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const rawBody = await readBody(request);
    const body = parseJson(rawBody);
    const path = request.url ?? '/';
    requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body, rawBody });

    if (request.method !== 'POST' || path.split('?')[0] !== COMPLETIONS_PATH) {
      sendJson(response, 404, openAiError(`Unknown request URL: ${request.method} ${path}.`, 'invalid_request_error', 'unknown_url'));
      return;
    }
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendJson(response, 401, openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      return;
    }
    if (!isRecord(body)) {
      sendJson(response, 400, openAiError('We could not parse the JSON body of your request.', 'invalid_request_error', null));
      return;
    }
    if (body.stream === true) {
      sendJson(response, 400, openAiError('The fake server does not stream.', 'invalid_request_error', null));
      return;
    }

    const reply = queue.shift() ?? fallback;
    completionCount += 1;
    const model = typeof body.model === 'string' ? body.model : 'unknown';
    const send = (): void => answer(response, reply, model, completionCount);
    const delay = 'delayMs' in reply ? (reply.delayMs ?? 0) : 0;
    if (delay > 0) later(delay, send);
    else send();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, openAiError('The fake server failed.', 'server_error', null));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    setFallback: (reply) => {
      fallback = reply;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function answer(response: ServerResponse, reply: FakeReply, model: string, sequence: number): void {
  switch (reply.kind) {
    case 'completion':
      sendJson(response, 200, completionBody(reply, model, sequence));
      return;
    case 'error':
      sendJson(response, reply.status, openAiError(reply.message ?? `Fake error ${reply.status}.`, reply.type ?? errorType(reply.status), reply.code ?? null), reply.headers);
      return;
    case 'raw':
      response.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json' });
      response.end(reply.body);
      return;
    case 'hang':
      return;
    case 'stall-body':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"id":"chatcmpl-stalled","object":"chat.completion","choices":[');
      return;
  }
}

function completionBody(reply: Extract<FakeReply, { kind: 'completion' }>, model: string, sequence: number): unknown {
  const choice = {
    index: 0,
    message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null, annotations: [] },
    logprobs: null,
    finish_reason: reply.finishReason ?? 'stop',
  };
  return {
    id: `chatcmpl-fake-${sequence}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: reply.choices === 0 ? [] : [choice],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    system_fingerprint: null,
  };
}

function errorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function openAiError(message: string, type: string, code: string | null): unknown {
  return { error: { message, type, param: null, code } };
}

function sendJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
