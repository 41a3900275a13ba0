// Several stateless instances behind a load balancer share one PostgreSQL database: two real
// backend processes take receipts at the same time, and both then report the same totals, with
// every receipt counted exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../scripts/paths.ts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsResponse } from '../../../src/contract.ts';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../../support/postgres.ts';

const MAIN = join(REPO_ROOT, 'src/server/main.ts');
const PER_INSTANCE = 30;

interface Instance {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

async function startInstance(databaseUrl: string, dataDir: string): Promise<Instance> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      LOG_LEVEL: 'warn',
      OCR_WORKERS: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line in time; output: ${stdout} ${stderr}`)), 90_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /running at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stdout} ${stderr}`)));
  });
  return { child, url, exited };
}

/** Receipts that differ in what they hold, so the average tells a double count from a lost one. */
function receipt(n: number): string {
  const text = SAMPLE_RECEIPT_TEXT.replace('Ruoholahti', `Itäkeskus ${n}`);
  return n % 2 ? text.replace(/^Pirkka naudan jauheliha.*\n/m, '') : text;
}

describe.runIf(postgresAvailable('multi-instance test (test/server/stats/instances.test.ts)'))('two instances, one PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: string;
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'receipt-instances-'));
    // Started together: both run the migrations at once, and the lock lets one apply them.
    instances.push(...(await Promise.all([startInstance(database.url, join(dataDir, 'a')), startInstance(database.url, join(dataDir, 'b'))])));
  });

  afterAll(async () => {
    for (const instance of instances) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('counts every receipt sent to either instance exactly once, and both report the same totals', async () => {
    const send = async (instance: Instance, n: number) => {
      const response = await fetch(new URL('api/process-text', instance.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: receipt(n) }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { total_emissions: number }).total_emissions;
    };
    const [a, b] = instances as [Instance, Instance];
    const kilos = await Promise.all(
      Array.from({ length: PER_INSTANCE }, (_, i) => [send(a, 2 * i), send(b, 2 * i + 1)]).flat(),
    );
    expect(new Set(kilos).size).toBe(2); // both kinds of receipt were read

    const stats = await Promise.all(
      instances.map(async (instance) => (await (await fetch(new URL('stats', instance.url))).json()) as StatsResponse),
    );
    const mean = kilos.reduce((sum, kg) => sum + kg, 0) / kilos.length;
    expect(stats[0]).toEqual(stats[1]);
    expect(stats[0]).toMatchObject({ total_receipts_processed: 2 * PER_INSTANCE, receipts_today: 2 * PER_INSTANCE, receipts_this_week: 2 * PER_INSTANCE });
    expect(stats[0]!.average_emissions_per_receipt).toBeCloseTo(mean, 2);

    // The rows and the rollups agree in the database itself.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ rows: number; days: number; totals: number; versions: number }>(`
      SELECT (SELECT count(*) FROM receipts)::int AS rows,
             (SELECT sum(receipts) FROM receipt_days)::int AS days,
             (SELECT receipts FROM receipt_totals)::int AS totals,
             (SELECT count(*) FROM schema_migrations)::int AS versions
    `);
    await client.end();
    expect(rows[0]).toMatchObject({ rows: 2 * PER_INSTANCE, days: 2 * PER_INSTANCE, totals: 2 * PER_INSTANCE });

    const health = await Promise.all(instances.map(async (instance) => (await fetch(new URL('health', instance.url))).json() as Promise<unknown>));
    for (const answer of health) expect(answer).toMatchObject({ status: 'ok', stats: 'ready', stats_store: 'postgres' });
  });
});
