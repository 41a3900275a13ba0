// /stats figures are reused for a moment: an instance's own receipts show at once, those of
// another instance sharing the store within the reuse time, and a new Helsinki day at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { StatsBackend } from '../../../src/server/stats/backend.ts';
import { openStatsBackend } from '../../../src/server/stats/open.ts';

const quiet = { info() {}, warn() {}, error() {} };
let dir: string | undefined;
const opened: StatsBackend[] = [];
afterEach(async () => {
  for (const backend of opened.splice(0)) await backend.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('reuses the figures briefly, but never hides the instance’s own receipts or a new day', async () => {
  dir = await mkdtemp(join(tmpdir(), 'receipt-stats-cache-'));
  let current = new Date('2025-04-02T20:00:00Z'); // Wednesday 23:00 Helsinki
  const now = () => current;
  // Two instances on one store file, as two processes on one host would be.
  const [a, b] = await Promise.all([0, 1].map(() => openStatsBackend({ dataDir: dir!, databaseUrl: null, log: quiet, now, cacheMs: 300 })));
  opened.push(a!, b!);

  expect((await a!.summary()).total_receipts_processed).toBe(0);
  await b!.record({ totalKg: 1, itemCount: 1, method: 'text' });
  expect((await a!.summary()).total_receipts_processed).toBe(0); // b's receipt, not yet seen by a
  await a!.record({ totalKg: 2, itemCount: 1, method: 'text' });
  expect((await a!.summary()).total_receipts_processed).toBe(2); // a's own: at once
  await b!.record({ totalKg: 3, itemCount: 1, method: 'text' });
  await new Promise((resolve) => setTimeout(resolve, 350));
  expect(await a!.summary()).toMatchObject({ total_receipts_processed: 3, receipts_today: 3 });

  await b!.record({ totalKg: 3, itemCount: 1, method: 'text' });
  current = new Date('2025-04-02T21:30:00Z'); // Thursday 00:30 Helsinki: today starts empty
  expect(await a!.summary()).toMatchObject({ total_receipts_processed: 4, receipts_today: 0, receipts_this_week: 4 });
});
