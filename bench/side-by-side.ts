// What a change costs in server time: the latency bench's inputs (inputs.ts) through this
// checkout's app and another checkout's (e.g. the main branch before the change), both built in
// this one process, request by request in turn (which goes first alternates). Whatever else the
// machine does at a moment falls on both alike, so the ratio of the medians is the change's,
// where two runs of bench/latency.ts minutes apart differ by more than the change.
//   npm run bench:side-by-side -- --against DIR [--rounds 15] [--inputs photo,pdf,text]
// DIR is another checkout with its dependencies installed (e.g. `git worktree add DIR <commit>`
// and a link to this checkout's node_modules when the lock files match).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../scripts/paths.ts';
import { median as middleOf } from '../src/server/pipeline/median.ts';
import { latencyInputs, type Input } from './inputs.ts';

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    rounds: { type: 'string', default: '15' },
    inputs: { type: 'string', default: 'photo,pdf,text' },
  },
});
if (!values.against) {
  console.error('Usage: npm run bench:side-by-side -- --against DIR [--rounds 15] [--inputs photo,pdf,text]');
  process.exit(2);
}
const rounds = Math.max(1, Number(values.rounds));
const wanted = new Set(values.inputs.split(','));
const KIND_OF: Record<string, string> = { photo: '12 MP photo', pdf: 'text-layer PDF', text: 'text' };
const kinds = new Set([...wanted].map((name) => KIND_OF[name] ?? name));

interface App {
  inject(request: { method: 'POST'; url: string; headers: Record<string, string>; payload: Buffer | string }): Promise<{ statusCode: number }>;
  ready(): Promise<unknown>;
  close(): Promise<unknown>;
}
interface Side {
  label: string;
  app: App;
  dataDir: string;
}

/** Builds a checkout's app from its own sources, offline, with its own data folder. */
async function start(root: string, label: string): Promise<Side> {
  // Each checkout's modules are its own: the two apps share nothing but this process.
  const { buildApp } = (await import(join(root, 'src/server/app.ts'))) as { buildApp: (config: unknown) => Promise<App> };
  const { loadConfig } = (await import(join(root, 'src/server/config.ts'))) as { loadConfig: (env: NodeJS.ProcessEnv) => unknown };
  const dataDir = await mkdtemp(join(tmpdir(), 'receipt-side-'));
  const app = await buildApp(loadConfig({ ...process.env, OPENAI_API_KEY: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000' }));
  await app.ready();
  return { label, app, dataDir };
}

const median = (values: readonly number[]): number => middleOf(values) ?? Number.NaN;

const inputs = (await latencyInputs(() => rounds)).filter((input) => kinds.has(input.kind));
const against = resolve(values.against);
const sides = [await start(REPO_ROOT, 'this checkout'), await start(against, against)];

interface Timed {
  ms: number[];
  statuses: Map<number, number>;
}
const rows: { input: Input; timed: Timed[] }[] = [];
try {
  for (const input of inputs) {
    const body = await input.request();
    const send = (side: Side) => side.app.inject({ method: 'POST', url: input.url, headers: body.headers, payload: body.payload });
    // First calls (lazy imports, JIT, OCR's first page) are not a visitor's latency.
    for (const side of sides) await send(side);
    const timed: Timed[] = sides.map(() => ({ ms: [], statuses: new Map() }));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const side = sides[index];
        const times = timed[index];
        if (!side || !times) continue;
        const started = performance.now();
        const response = await send(side);
        times.ms.push(performance.now() - started);
        times.statuses.set(response.statusCode, (times.statuses.get(response.statusCode) ?? 0) + 1);
      }
    }
    rows.push({ input, timed });
  }
} finally {
  for (const side of sides) {
    await side.app.close();
    await rm(side.dataDir, { recursive: true, force: true });
  }
}

const statusText = (timed: Timed) => [...timed.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
console.log(`\nServer time, this checkout (${REPO_ROOT}) and ${against}, ${rounds} requests each, in turn, in one process\n`);
console.log('| input | this: median ms (status) | other: median ms (status) | ratio of medians (this / other) | pairs where this was faster |');
console.log('| --- | --- | --- | --- | --- |');
for (const { input, timed } of rows) {
  const [mine, theirs] = timed;
  if (!mine || !theirs) continue;
  const faster = mine.ms.filter((ms, index) => ms < (theirs.ms[index] ?? Number.POSITIVE_INFINITY)).length;
  console.log(
    `| ${input.kind} | ${median(mine.ms).toFixed(1)} (${statusText(mine)}) | ${median(theirs.ms).toFixed(1)} (${statusText(theirs)}) | ${(median(mine.ms) / median(theirs.ms)).toFixed(3)} | ${faster} of ${mine.ms.length} |`,
  );
}
console.log('\nInputs:');
for (const { input } of rows) console.log(`  ${input.kind}: ${input.source}`);
