// Every refusal is `{ "error": "<sentence>", "code": "<stable code>" }` (with `params` when the
// sentence names values) and the status the contract names for that code, and the process
// survives all of them.
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../../src/contract.ts';
import type { Pipeline } from '../../../src/server/pipeline/index.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { multipart } from '../../support/multipart.ts';
import { renderReceiptPng } from '../../support/receipt-files.ts';
import { COUNTED_RECEIPT_TEXT } from '../helpers.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function start(env: Partial<Record<string, string>> = {}, pipeline?: Pipeline): Promise<TestApp> {
  testApp = await buildTestApp(env, pipeline ? { pipeline } : {});
  return testApp;
}

/** A refusal: the status, JSON `{ error, code, params? }` with a sentence and its code, and nothing else. */
function expectRefusal(
  response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
  status: number,
  code: ErrorCode,
  params?: Record<string, string | number>,
): string {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(params === undefined ? ['error', 'code'] : ['error', 'code', 'params']);
  expect(ERROR_CODES).toContain(body.code);
  expect(body.code).toBe(code);
  if (params !== undefined) expect(body.params).toEqual(params);
  expect(typeof body.error).toBe('string');
  expect(body.error).toMatch(/^[A-Z].*\.$/);
  return body.error as string;
}

describe('400 bad input', () => {
  it('refuses empty, missing or non-string text', async () => {
    const { app } = await start();
    expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-text', payload: { text: ' \n\t ' } }), 400, 'empty-text')).toMatch(/empty/);
    expectRefusal(await app.inject({ method: 'POST', url: '/api/process-text', payload: {} }), 400, 'bad-request');
    expectRefusal(await app.inject({ method: 'POST', url: '/api/process-text', payload: { text: ['a'] } }), 400, 'bad-request');
  });

  it('refuses a body that is not JSON without quoting it back', async () => {
    const { app } = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/api/process-text',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": "Pirkka naudan jauheliha',
    });
    expect(expectRefusal(response, 400, 'bad-request')).toBe('The request body is not valid JSON.');
  });

  it('refuses an upload without a file, with an unknown fileType, or not sent as a form', async () => {
    const { app } = await start();
    const noFile = await multipart({ fileType: 'image' });
    expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...noFile }), 400, 'no-file')).toMatch(/file/);

    const badType = await multipart({ file: { bytes: Buffer.from('%PDF-1.7\n'), name: 'r.pdf', type: 'application/pdf' }, fileType: 'spreadsheet' });
    expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...badType }), 400, 'bad-file-type')).toMatch(/fileType/);

    const empty = await multipart({ file: { bytes: new Uint8Array(0), name: 'r.jpg', type: 'image/jpeg' }, fileType: 'image' });
    expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...empty }), 400, 'empty-file')).toMatch(/empty/);

    expectRefusal(await app.inject({ method: 'POST', url: '/api/process-receipt-ai', payload: { file: 'x' } }), 400, 'no-file');
  });

  it('refuses a truncated multipart body', async () => {
    const { app } = await start();
    const form = await multipart({ file: { bytes: Buffer.alloc(2000, 1), name: 'r.jpg', type: 'image/jpeg' } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/process-receipt-ai',
      headers: form.headers,
      payload: form.payload.subarray(0, 600),
    });
    expectRefusal(response, 400, 'bad-multipart');
  });
});

describe('404 unknown address', () => {
  it('answers JSON for an unknown path and method', async () => {
    const { app } = await start();
    expect(expectRefusal(await app.inject({ method: 'GET', url: '/api/nothing?x=1' }), 404, 'not-found', { method: 'GET', path: '/api/nothing' })).toContain('/api/nothing');
    expectRefusal(await app.inject({ method: 'DELETE', url: '/stats' }), 404, 'not-found', { method: 'DELETE', path: '/stats' });
  });
});

describe('413 too large', () => {
  it('refuses a file over MAX_UPLOAD_MB with the limit in the sentence', async () => {
    const { app } = await start({ MAX_UPLOAD_MB: '1' });
    const form = await multipart({ file: { bytes: Buffer.alloc(1_300_000, 0xff), name: 'big.jpg', type: 'image/jpeg' }, fileType: 'image' });
    expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form }), 413, 'file-too-large', { max_mb: 1 })).toBe(
      'The file is larger than the 1 MB limit.',
    );
  });

  it('refuses an image over MAX_IMAGE_MEGAPIXELS before decoding it', async () => {
    const { app } = await start({ MAX_IMAGE_MEGAPIXELS: '1' });
    const png = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: 'white' } }).png().toBuffer();
    const form = await multipart({ file: { bytes: png, name: 'wide.png', type: 'image/png' }, fileType: 'image' });
    expectRefusal(await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form }), 413, 'too-many-pixels', { megapixels: 1 });
  });

  it('refuses text over MAX_TEXT_CHARS, also when the body itself is over the route limit', async () => {
    const { app } = await start({ MAX_TEXT_CHARS: '1000' });
    const sentence = 'The text is longer than the 1,000-character limit.';
    expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-text', payload: { text: 'a'.repeat(1001) } }), 413, 'text-too-long', { max_chars: 1000 })).toBe(sentence);
    expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-text', payload: { text: 'a'.repeat(200_000) } }), 413, 'text-too-long', { max_chars: 1000 })).toBe(sentence);
  });
});

describe('415 unsupported file type', () => {
  it('judges the bytes, not the name, the declared type or fileType', async () => {
    const { app } = await start();
    const text = Buffer.from('YHTEENSÄ 12,90\nThis is plain text renamed to look like a photo.\n');
    for (const fileType of ['image', 'pdf']) {
      const form = await multipart({ file: { bytes: text, name: 'receipt.jpg', type: 'image/jpeg' }, fileType });
      expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form }), 415, 'unsupported-type')).toMatch(/not supported/);
    }
  });
});

describe('422 nothing readable', () => {
  it('answers 422 when a text has no receipt items', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'POST', url: '/api/process-text', payload: { text: 'Hello, this is a letter and not a receipt.' } });
    expect(expectRefusal(response, 422, 'no-items-in-text')).toMatch(/No receipt items/);
  });

  it('answers 422 for a readable image with no receipt on it', async () => {
    const { app } = await start();
    const png = await renderReceiptPng('Dear friend,\nsee you on Sunday.\nBest wishes', 22);
    const form = await multipart({ file: { bytes: png, name: 'note.png', type: 'image/png' }, fileType: 'image' });
    expect(expectRefusal(await app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form }), 422, 'no-items-in-file')).toBe(
      'No receipt items could be read from this file. Try a sharper photo with the whole receipt in view.',
    );
  });
});

describe('429 rate limited', () => {
  it('limits the POST routes per address, with Retry-After, and leaves GET routes free', async () => {
    const { app } = await start({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1 minute' });
    const post = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/process-text', payload: { text: 'no items' }, remoteAddress });
    expect((await post('10.0.0.1')).statusCode).toBe(422);
    expect((await post('10.0.0.1')).statusCode).toBe(422);
    const limited = await post('10.0.0.1');
    expect(expectRefusal(limited, 429, 'rate-limited')).toMatch(/Too many/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget, and so has each POST route.
    expect((await post('10.0.0.2')).statusCode).toBe(422);
    const upload = () => multipart({ fileType: 'image' }).then((form) => app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form, remoteAddress: '10.0.0.1' }));
    expect((await upload()).statusCode).toBe(400);
    expect((await upload()).statusCode).toBe(400);
    expectRefusal(await upload(), 429, 'rate-limited');
    for (let i = 0; i < 5; i += 1) expect((await app.inject({ method: 'GET', url: '/health', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
  });
});

describe('503 busy', () => {
  it('refuses OCR work beyond the workers and OCR_QUEUE_LIMIT with Retry-After', async () => {
    const { app } = await start({ OCR_WORKERS: '1', OCR_QUEUE_LIMIT: '0' });
    const png = await renderReceiptPng(COUNTED_RECEIPT_TEXT, 22);
    const form = await multipart({ file: { bytes: png, name: 'receipt.png', type: 'image/png' }, fileType: 'image' });
    const responses = await Promise.all(
      [1, 2, 3].map(() => app.inject({ method: 'POST', url: '/api/process-receipt-ai', ...form })),
    );
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expectRefusal(response, 503, 'busy');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The one that got the worker was read (or found unreadable), not refused as busy.
    expect(responses.some((response) => response.statusCode !== 503)).toBe(true);
  });
});

describe('500 unexpected', () => {
  it('answers a generic sentence with no internals, and the app keeps serving', async () => {
    const secret = 'ENOENT: /srv/app/src/server/pipeline/secret.ts at analyzeInternals';
    const failing: Pipeline = {
      ready: async () => {},
      analyzeText: async () => {
        throw new TypeError(secret);
      },
      analyzeFile: async () => {
        throw new Error(secret);
      },
      close: async () => {},
      load: 0,
      openaiConfigured: false,
    };
    const { app } = await start({}, failing);
    const response = await app.inject({ method: 'POST', url: '/api/process-text', payload: { text: COUNTED_RECEIPT_TEXT } });
    const sentence = expectRefusal(response, 500, 'internal');
    expect(response.body).not.toMatch(/ENOENT|secret|\/srv|analyzeInternals|TypeError|at /);
    expect(sentence).toMatch(/Something went wrong/);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
