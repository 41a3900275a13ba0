// A scripted stand-in for globalThis.fetch: answers per path, records every call, and can hold
// an answer back (a deferred) so a test sees the widget mid-request.
import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  path: string;
  method: string;
  body: BodyInit | null | undefined;
  headers: Headers;
  signal: AbortSignal | null | undefined;
}

type Answer = Response | Error | (() => Response | Error | Promise<Response | Error>);

export interface Deferred {
  promise: Promise<Response | Error>;
  resolve(answer: Response | Error): void;
}

export function deferred(): Deferred {
  let resolve!: (answer: Response | Error) => void;
  const promise = new Promise<Response | Error>((done) => (resolve = done));
  return { promise, resolve };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface FakeFetch {
  calls: RecordedCall[];
  /** Answer every call to `path` (e.g. '/stats') with `answer`, until replaced. */
  on(path: string, answer: Answer): void;
  /** Answer the next call to `path` only, before falling back to `on`. */
  once(path: string, answer: Answer): void;
  callsTo(path: string): RecordedCall[];
}

/** Replaces globalThis.fetch for the current test; unanswered paths get a 404. */
export function installFakeFetch(): FakeFetch {
  const standing = new Map<string, Answer>();
  const queued = new Map<string, Answer[]>();
  const calls: RecordedCall[] = [];

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const path = new URL(url).pathname;
    const signal = init?.signal;
    calls.push({
      url,
      path,
      method: init?.method ?? 'GET',
      body: init?.body,
      headers: new Headers(init?.headers),
      signal,
    });
    const answer = queued.get(path)?.shift() ?? standing.get(path) ?? json({ error: 'Not found' }, 404);
    const settled = typeof answer === 'function' ? answer() : answer;
    const aborted = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(new DOMException('The operation was aborted.', 'AbortError'));
      signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
    const result = await Promise.race([Promise.resolve(settled), aborted]);
    if (result instanceof Error) throw result;
    return result;
  });
  vi.stubGlobal('fetch', fetch);

  return {
    calls,
    on: (path, answer) => void standing.set(path, answer),
    once(path, answer) {
      queued.set(path, [...(queued.get(path) ?? []), answer]);
    },
    callsTo: (path) => calls.filter((call) => call.path === path),
  };
}

/** A 200 answer whose headers arrive at once but whose JSON body waits for `gate`. */
export function slowJson(body: unknown, gate: Promise<unknown>): Response {
  return new Response(
    new ReadableStream({
      async start(controller) {
        await gate;
        controller.enqueue(new TextEncoder().encode(JSON.stringify(body)));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}
