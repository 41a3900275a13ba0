// A visitor who leaves mid-analysis must not keep the readers busy: the route's AbortSignal
// fires when the connection closes before the answer. Needs a real socket, so the app listens
// on a free loopback port; a stand-in pipeline reports what its signal saw.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pipeline } from '../../../src/server/pipeline/index.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

function waitingPipeline(onSignal: (aborted: boolean) => void): Pipeline {
  const wait = (signal?: AbortSignal) =>
    new Promise<never>((_resolve, reject) => {
      const timer = setTimeout(() => {
        onSignal(false);
        reject(new Error('not aborted'));
      }, 5000);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        onSignal(true);
        reject(signal.reason);
      });
    });
  return {
    ready: async () => {},
    analyzeText: (_text, signal) => wait(signal),
    analyzeFile: (_bytes, _claimed, signal) => wait(signal),
    close: async () => {},
    load: 0,
    openaiConfigured: false,
  };
}

describe('client disconnect', () => {
  it('aborts the analysis when the visitor closes the connection', async () => {
    let resolveSeen: (aborted: boolean) => void = () => {};
    const seen = new Promise<boolean>((resolve) => {
      resolveSeen = resolve;
    });
    testApp = await buildTestApp({}, { pipeline: waitingPipeline((aborted) => resolveSeen(aborted)) });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;

    const body = JSON.stringify({ text: 'Maito 1,00\nYHTEENSÄ 1,00' });
    const outgoing = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/process-text',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    outgoing.on('error', () => {});
    outgoing.end(body);
    // Leave once the server has the whole request and is working on it.
    setTimeout(() => outgoing.destroy(), 300);

    expect(await seen).toBe(true);
  });
});
