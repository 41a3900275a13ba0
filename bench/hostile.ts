// What each hostile file (scripts/hostile/kinds.ts) costs the backend, measured from outside as a
// host runs it: `node src/server/main.ts` in its own process, a fresh one per kind, warmed up with
// a text PDF and a photo. Per kind: the answer, the time to it, the peak resident memory while it
// was read and what stayed resident once the server settled, all of the server's own process and
// its PDF reader processes together. Then the attack: ten attackers from ten addresses, each
// keeping a hostile file in flight as fast as the rate limit lets it (RATE_LIMIT_MAX, 30 a minute),
// while a visitor sends receipt texts and photos; their times beside the same requests on the
// quiet server, the peak memory, and every status the attackers got.
//   npm run bench:hostile                       (or: node bench/hostile.ts [--kinds a,b] [--repo DIR]
//                                                [--no-kinds] [--no-attack] [--attack-seconds 30]
//                                                [--timeout 60] [--memory-cap MB])
// --repo runs another checkout's server with this checkout's files (e.g. the main branch, for a
// before and after); a request it has not answered in --timeout seconds (default 60) is given up,
// and a server past --memory-cap MB of resident memory is ended (so one without budgets cannot
// exhaust a shared machine).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HOSTILE_KINDS } from '../scripts/hostile/kinds.ts';
import { settledMemory, watchPeak } from '../scripts/hostile/measure.ts';
import { FIXTURE_RECEIPTS, REPO_ROOT } from '../scripts/paths.ts';
import { multipart } from '../test/support/multipart.ts';
import { makeTextPdf } from '../test/support/receipt-files.ts';
import { startServer, type ServerProcess } from '../test/support/server-process.ts';

const MiB = 1024 * 1024;
const PHOTO = readFileSync(join(FIXTURE_RECEIPTS, 'images/k-supermarket-kamppi-2024-10-03--phone-table.jpg'));
const TEXT = readFileSync(join(FIXTURE_RECEIPTS, 'text/alepa-hakaniemi-2025-11-08.txt'), 'utf8');
const ATTACKERS = 10;
const ATTACKER_INTERVAL_MS = 2000;

const { values } = parseArgs({
  options: {
    kinds: { type: 'string' },
    repo: { type: 'string' },
    'no-kinds': { type: 'boolean', default: false },
    'no-attack': { type: 'boolean', default: false },
    'attack-seconds': { type: 'string', default: '30' },
    timeout: { type: 'string', default: '60' },
    'memory-cap': { type: 'string' },
  },
});
const root = values.repo ?? REPO_ROOT;
const timeoutMs = Number(values.timeout) * 1000;
const only = values.kinds ? new Set(values.kinds.split(',')) : null;

type Body = { payload: Buffer | string; headers: Record<string, string> };
interface Answer {
  status: number;
  code: string;
  retryAfter: string | null;
  seconds: number;
}

async function post(server: ServerProcess, path: string, body: Body, from: string): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(new URL(path, server.url), {
      method: 'POST',
      headers: { ...body.headers, 'x-forwarded-for': from },
      body: typeof body.payload === 'string' ? body.payload : new Uint8Array(body.payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json()) as { code?: string };
    return { status: response.status, code: json.code ?? '', retryAfter: response.headers.get('retry-after'), seconds: (performance.now() - started) / 1000 };
  } catch {
    return { status: 0, code: `no answer in ${values.timeout} s`, retryAfter: null, seconds: (performance.now() - started) / 1000 };
  }
}

const uploadBody = (bytes: Buffer) => multipart({ file: { bytes, name: 'upload', type: 'application/octet-stream' } });
const textBody: Body = { payload: JSON.stringify({ text: TEXT }), headers: { 'content-type': 'application/json' } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Past this much resident memory (MB) the server is ended, so measuring a server without budgets cannot exhaust the machine. */
const memoryCap = values['memory-cap'] === undefined ? Number.POSITIVE_INFINITY : Number(values['memory-cap']) * MiB;

/** The server's and its readers' peak memory; a server past --memory-cap is killed, and `capped` says after how many seconds. */
function sampler(server: ServerProcess): { stop(): number; readonly capped: number | null } {
  let capped: number | null = null;
  const started = performance.now();
  const peak = watchPeak(server.pid, (total) => {
    if (total <= memoryCap || capped !== null) return;
    capped = (performance.now() - started) / 1000;
    server.child.kill('SIGKILL');
  });
  return {
    stop: () => peak.stop(),
    get capped() {
      return capped;
    },
  };
}

const settled = (server: ServerProcess) => settledMemory(server.pid);

const env = { RATE_LIMIT_MAX: '1000000', REQUEST_TIMEOUT_MS: String(timeoutMs + 60_000) };

async function warmUp(server: ServerProcess): Promise<void> {
  await post(server, 'api/process-receipt-ai', await uploadBody(await makeTextPdf()), '192.0.2.1');
  await post(server, 'api/process-receipt-ai', await uploadBody(PHOTO), '192.0.2.1');
}

const mb = (bytes: number) => (bytes / MiB).toFixed(0);

async function measureKinds(): Promise<void> {
  const rows: string[][] = [];
  for (const kind of HOSTILE_KINDS) {
    if (only && !only.has(kind.name)) continue;
    const bytes = await kind.build();
    const body = await uploadBody(bytes);
    const server = await startServer(env, root);
    try {
      await warmUp(server);
      const before = await settled(server);
      const memory = sampler(server);
      const answer = await post(server, 'api/process-receipt-ai', body, '198.51.100.1');
      const peak = memory.stop();
      const after = await settled(server);
      if (memory.capped !== null) answer.code += ` (server ended past ${values['memory-cap']} MB)`;
      const expected = answer.status === kind.expected.status && answer.code === kind.expected.code;
      rows.push([
        kind.name,
        `${(bytes.length / 1024).toFixed(0)} KiB`,
        `${answer.status} ${answer.code}${expected ? '' : ' (expected ' + kind.expected.code + ')'}`,
        answer.seconds.toFixed(2),
        mb(before),
        `${mb(peak)} (+${mb(peak - before)})`,
        `${after - before >= 0 ? '+' : ''}${mb(after - before)}`,
      ]);
      console.error(`  ${rows.at(-1)?.join('  ')}`);
    } finally {
      await server.stop();
    }
  }
  table(['kind', 'file', 'answer', 'seconds', 'RSS before MB', 'peak RSS MB', 'retained MB'], rows);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

async function visitor(server: ServerProcess, photo: Body): Promise<{ text: number[]; photo: number[]; statuses: string[] }> {
  const text: number[] = [];
  const photos: number[] = [];
  const statuses: string[] = [];
  for (let round = 0; round < 3; round++) {
    for (let index = 0; index < 2; index++) {
      const answer = await post(server, 'api/process-text', textBody, '192.0.2.9');
      text.push(answer.seconds);
      statuses.push(String(answer.status));
    }
    const answer = await post(server, 'api/process-receipt-ai', photo, '192.0.2.9');
    photos.push(answer.seconds);
    statuses.push(String(answer.status));
  }
  return { text, photo: photos, statuses };
}

async function measureAttack(): Promise<void> {
  const attackSeconds = Number(values['attack-seconds']);
  // Production defaults; each address has its own rate limit, as visitors behind a proxy do.
  const server = await startServer({ TRUST_PROXY: 'true', REQUEST_TIMEOUT_MS: String(timeoutMs + 60_000) }, root);
  try {
    const photo = await uploadBody(PHOTO);
    const bodies = await Promise.all(HOSTILE_KINDS.map(async (kind) => uploadBody(await kind.build())));
    await warmUp(server);
    const quiet = await visitor(server, photo);
    const quietPeak = (await settled(server)) / MiB;
    const memory = sampler(server);
    const answers: Answer[] = [];
    let attacking = true;
    const started = performance.now();
    const attackers = Array.from({ length: ATTACKERS }, async (_, attacker) => {
      for (let next = attacker; attacking; next++) {
        const sent = performance.now();
        const body = bodies[next % bodies.length];
        if (body) answers.push(await post(server, 'api/process-receipt-ai', body, `203.0.113.${attacker + 1}`));
        await sleep(Math.max(0, ATTACKER_INTERVAL_MS - (performance.now() - sent)));
      }
    });
    await sleep(2000);
    const attacked = await visitor(server, photo);
    while (performance.now() - started < attackSeconds * 1000) await sleep(100);
    attacking = false;
    await Promise.all(attackers);
    const peak = memory.stop();
    const after = await settled(server);
    const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
    console.log(`\nUnder attack: ${ATTACKERS} attackers, each from its own address sending a hostile file every ${ATTACKER_INTERVAL_MS / 1000} s or when answered, for ${attackSeconds} s; a visitor sends 2 texts and a photo, three times, quiet and under attack\n`);
    table(
      ['request', 'quiet median s', 'under attack median s', 'under attack max s', 'ratio (medians)', 'promise'],
      [
        ['receipt text', median(quiet.text).toFixed(3), median(attacked.text).toFixed(3), Math.max(...attacked.text).toFixed(3), ratio(attacked.text, quiet.text), '< 1 s'],
        ['photo (570 KB JPEG)', median(quiet.photo).toFixed(2), median(attacked.photo).toFixed(2), Math.max(...attacked.photo).toFixed(2), ratio(attacked.photo, quiet.photo), '< 5 s'],
      ],
    );
    const counts = new Map<string, number>();
    for (const answer of answers) {
      const key = `${answer.status} ${answer.code}${answer.status === 503 ? (answer.retryAfter ? ' (Retry-After)' : ' (NO Retry-After)') : ''}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const ended = memory.capped === null ? '' : `; the bench ended the server ${memory.capped.toFixed(1)} s into the attack, past --memory-cap ${values['memory-cap']} MB`;
    console.log(`\nResident memory (server and PDF readers): quiet ${quietPeak.toFixed(0)} MB, peak under attack ${mb(peak)} MB (promise < 1000), ${mb(after)} MB once settled after it${ended}`);
    console.log(`Visitor's statuses: ${[...new Set([...quiet.statuses, ...attacked.statuses])].join(', ')}`);
    console.log(`Attackers' answers (${answers.length}): ${[...counts].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${key} ×${count}`).join('; ')}`);
  } finally {
    await server.stop();
  }
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

console.log(`Hostile files against ${root === REPO_ROOT ? 'this checkout' : root}: node src/server/main.ts in its own process, memory of the server and its PDF readers (/proc VmRSS, sampled every 5 ms)\n`);
if (!values['no-kinds']) await measureKinds();
if (!values['no-attack']) await measureAttack();
