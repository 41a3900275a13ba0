// The hostile-file suite (scripts/hostile/kinds.ts) against the backend in its own process, as
// a host runs it: each file gets its answer (status and code) fast, and the server's resident
// memory (its own and its PDF readers') comes back to what it was. Then ten of them in flight
// at once while a visitor sends a receipt text and a photo. Time bounds are twice the promises
// (5 s to a refusal, 1 s for a text and 5 s for a photo under attack), stretched by how much
// slower than usual this machine reads a photo right now, for shared and busy CI machines; the
// precise numbers are bench/hostile.ts's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_KINDS } from '../../../scripts/hostile/kinds.ts';
import { descendants, residentMemory } from '../../../scripts/hostile/measure.ts';
import { FIXTURE_RECEIPTS } from '../../../scripts/paths.ts';
import { multipart } from '../../support/multipart.ts';
import { makeTextPdf } from '../../support/receipt-files.ts';
import { startServer, type ServerProcess } from '../../support/server-process.ts';
import { COUNTED_RECEIPT_TEXT } from '../helpers.ts';

const MiB = 1024 * 1024;
/** The promise itself: a refused file leaves nothing behind but noise. */
const RETAINED_BYTES = 100 * MiB;
const MEMORY_UNDER_ATTACK_BYTES = 1000 * MiB;
const ATTACKERS = 10;
/** Each attacker sends from its own address as fast as the rate limit lets it (RATE_LIMIT_MAX 30 a minute). */
const ATTACKER_INTERVAL_MS = 2000;
const PROMISES = { refusal: 5, textUnderAttack: 1, photoUnderAttack: 5 };
/** What the photo takes on the two-core reference machine when it is quiet. */
const REFERENCE_PHOTO_SECONDS = 2;
const PHOTO = readFileSync(join(FIXTURE_RECEIPTS, 'images/k-supermarket-kamppi-2024-10-03--phone-table.jpg'));

interface Answer {
  status: number;
  code: string | undefined;
  retryAfter: string | null;
  seconds: number;
}

let server: ServerProcess;
/** PDF reader processes the server keeps (PDF_WORKERS). */
const READERS = 1;
/** How many times slower than the reference machine this one is now (at least 1). */
let slowdown = 1;
const bound = (promiseSeconds: number) => 2 * promiseSeconds * slowdown;

type Body = { payload: Buffer | string; headers: Record<string, string> };

async function post(path: string, body: Body, from = '192.0.2.1'): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { ...body.headers, 'x-forwarded-for': from },
    body: typeof body.payload === 'string' ? body.payload : new Uint8Array(body.payload),
  });
  const json = (await response.json()) as { code?: string };
  return { status: response.status, code: json.code, retryAfter: response.headers.get('retry-after'), seconds: (performance.now() - started) / 1000 };
}

const uploadBody = (bytes: Buffer) => multipart({ file: { bytes, name: 'upload', type: 'application/octet-stream' } });
const upload = async (bytes: Buffer, from?: string) => post('api/process-receipt-ai', await uploadBody(bytes), from);
const textBody: Body = { payload: JSON.stringify({ text: COUNTED_RECEIPT_TEXT }), headers: { 'content-type': 'application/json' } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server's resident memory once it has settled: its PDF readers back to their number (one
 * that was ended is replaced) and the total steady within 4 MiB over half a second.
 */
async function settledMemory(): Promise<number> {
  let previous = Number.NaN;
  let steady = 0;
  for (let attempt = 0; attempt < 100; attempt++) {
    await sleep(100);
    const children = descendants(server.pid);
    const { total } = residentMemory(server.pid, children);
    steady = children.length === READERS && Math.abs(total - previous) < 4 * MiB ? steady + 1 : 0;
    previous = total;
    if (steady >= 5) return total;
  }
  return previous;
}

beforeAll(async () => {
  // Each test address gets its own rate limit, as visitors behind a proxy do.
  server = await startServer({ OCR_WORKERS: '1', PDF_WORKERS: String(READERS), TRUST_PROXY: 'true' });
  // First uses (pdfjs's and OCR's first page, JIT) are not what a hostile file leaves behind.
  expect((await upload(await makeTextPdf(), '192.0.2.2')).status).toBe(200);
  expect((await upload(PHOTO, '192.0.2.2')).status).toBe(200);
  const photo = await upload(PHOTO, '192.0.2.2');
  expect(photo.status).toBe(200);
  slowdown = Math.max(1, photo.seconds / REFERENCE_PHOTO_SECONDS);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('hostile files, one at a time', () => {
  it.each(HOSTILE_KINDS.map((kind, index) => [kind.name, kind, index] as const))('%s: refused fast, memory given back', async (_name, kind, index) => {
    const bytes = await kind.build();
    const before = await settledMemory();
    const answer = await upload(bytes, `198.51.100.${index + 1}`);
    const after = await settledMemory();
    expect({ status: answer.status, code: answer.code }).toEqual(kind.expected);
    expect(answer.seconds).toBeLessThan(bound(PROMISES.refusal));
    expect(after - before).toBeLessThan(RETAINED_BYTES);
  });
});

describe('under attack', () => {
  it(`answers a text and a photo while ${ATTACKERS} hostile files are in flight, within 1 GB, and nothing but 2xx, 4xx or 503 with Retry-After`, async () => {
    const bodies = await Promise.all(HOSTILE_KINDS.map(async (kind) => uploadBody(await kind.build())));
    const answers: Answer[] = [];
    let attacking = true;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMemory(server.pid, descendants(server.pid)).total);
    }, 50);
    const attackers = Array.from({ length: ATTACKERS }, async (_, attacker) => {
      for (let next = attacker; attacking; next++) {
        const sent = performance.now();
        const body = bodies[next % bodies.length];
        if (body) answers.push(await post('api/process-receipt-ai', body, `203.0.113.${attacker + 1}`));
        await sleep(Math.max(0, ATTACKER_INTERVAL_MS - (performance.now() - sent)));
      }
    });
    try {
      await sleep(1500);
      const text = await post('api/process-text', textBody);
      const photo = await upload(PHOTO);
      expect(text.status).toBe(200);
      expect(text.seconds).toBeLessThan(bound(PROMISES.textUnderAttack));
      expect(photo.status).toBe(200);
      expect(photo.seconds).toBeLessThan(bound(PROMISES.photoUnderAttack));
    } finally {
      attacking = false;
      await Promise.all(attackers);
      clearInterval(sampler);
    }
    expect(answers.length).toBeGreaterThanOrEqual(ATTACKERS);
    for (const answer of answers) {
      const fine = (answer.status >= 200 && answer.status < 500) || (answer.status === 503 && answer.retryAfter !== null);
      expect(fine, `${answer.status} ${answer.code}`).toBe(true);
    }
    expect(peak).toBeLessThan(MEMORY_UNDER_ATTACK_BYTES);
  }, 300_000);
});
