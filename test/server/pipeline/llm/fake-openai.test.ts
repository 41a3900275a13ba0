// The fake must behave like the real endpoint where our tests rely on it, checked here with
// plain fetch and with the official SDK.
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completionReply, errorReply, startFakeOpenAi } from '../../../support/fake-openai.ts';
import type { FakeOpenAi } from '../../../support/fake-openai.ts';

let fake: FakeOpenAi;

beforeEach(async () => {
  fake = await startFakeOpenAi({ apiKey: 'sk-fake' });
});
afterEach(async () => {
  await fake.close();
});

const sdk = (apiKey = 'sk-fake') => new OpenAI({ apiKey, baseURL: fake.baseURL, maxRetries: 0, timeout: 2_000, logLevel: 'off' });
const ask = (client: OpenAI) => client.chat.completions.create({ model: 'model-x', messages: [{ role: 'user', content: 'hello' }] });

describe('fake OpenAI server', () => {
  it('listens on 127.0.0.1 with an OS-chosen port', () => {
    expect(fake.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(fake.baseURL).not.toMatch(/:0\//);
  });

  it('answers scripted replies in order through the SDK and records each request', async () => {
    fake.enqueue(completionReply('first'), completionReply('second'));
    const one = await ask(sdk());
    const two = await ask(sdk());
    expect(one.choices[0]?.message.content).toBe('first');
    expect(two.choices[0]?.message.content).toBe('second');
    expect(one.model).toBe('model-x');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { model: 'model-x' } });
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-fake');
  });

  it('falls back to a 500 once the queue is empty, and to a chosen fallback when set', async () => {
    await expect(ask(sdk())).rejects.toMatchObject({ status: 500 });
    fake.setFallback(completionReply('always'));
    expect((await ask(sdk())).choices[0]?.message.content).toBe('always');
  });

  it('refuses a wrong key with 401 like the real service', async () => {
    fake.enqueue(completionReply('never sent'));
    await expect(ask(sdk('sk-wrong'))).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it('answers 404 in OpenAI error shape for unknown paths', async () => {
    const response = await fetch(`${fake.baseURL}/models`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'unknown_url' } });
  });

  it('sends scripted HTTP errors with their headers', async () => {
    fake.enqueue(errorReply(429, { headers: { 'retry-after': '7' }, code: 'rate_limit_exceeded' }));
    const response = await fetch(`${fake.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-fake', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });

  it('sends a raw body as-is', async () => {
    fake.enqueue({ kind: 'raw', body: '{"id": "broken' });
    const response = await fetch(`${fake.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-fake' },
      body: '{}',
    });
    expect(await response.text()).toBe('{"id": "broken');
  });

  it('delays a reply by the scripted time', async () => {
    fake.enqueue(completionReply('late', { delayMs: 150 }));
    const started = performance.now();
    await ask(sdk());
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('can hang, and close() cuts the hanging connection', async () => {
    fake.enqueue({ kind: 'hang' });
    const pending = ask(sdk());
    await expect.poll(() => fake.requests.length).toBe(1);
    await fake.close();
    await expect(pending).rejects.toThrow();
  });
});
