// Real Finnish receipts, read by a "perfect model": each hand-written label is sent back as the
// model's reply. Nothing a real receipt holds may be lost or bent on the way to ParsedReceipt:
// the plausibility limits must let every real line through, and the totals must still add up.
// The labels live outside the repository; without them this part is skipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmReader } from '../../../../src/server/pipeline/llm.ts';
import { jsonReply, startFakeOpenAi } from '../../../support/fake-openai.ts';
import type { FakeOpenAi } from '../../../support/fake-openai.ts';
import { SHARED_RECEIPTS, sharedDataPresent } from '../../../../scripts/paths.ts';

const LABELS = join(SHARED_RECEIPTS, 'labels');
const available = sharedDataPresent(LABELS, 'the model reader on the labelled real receipts');

interface Label {
  store: string | null;
  chain: string | null;
  printed_total: number | null;
  items: { name: string; price: number; quantity: number | null; weight_kg: number | null; category: string }[];
  deposits?: { amount: number }[];
  returns?: { amount: number }[];
  fees?: { amount: number }[];
}

const labels: [string, Label][] = available
  ? readdirSync(LABELS)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file, JSON.parse(readFileSync(join(LABELS, file), 'utf8')) as Label])
  : [];

const sum = (lines: { amount: number }[] | undefined): number => (lines ?? []).reduce((total, line) => total + line.amount, 0);

describe.skipIf(!available)('labelled real receipts through the reader', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('finds the labels', () => {
    expect(labels.length).toBeGreaterThan(10);
  });

  it.each(labels)('%s keeps every item, hint and total', async (_file, label) => {
    fake.enqueue(
      jsonReply({
        store_name: label.store,
        chain: label.chain,
        printed_total: label.printed_total,
        items: label.items.map((item) => ({
          name: item.name,
          price: item.price,
          quantity: item.quantity,
          weight_kg: item.weight_kg,
          unit_price: null,
          discount: 0,
          category: item.category,
        })),
        deposits: sum(label.deposits),
        returns: sum(label.returns),
        fees: sum(label.fees),
        vat_table_total: null,
      }),
    );
    const reader = createLlmReader({ apiKey: 'sk-test', model: 'gpt-test', baseURL: fake.baseURL, timeoutMs: 3_000 });
    const parsed = await reader.readText('(receipt text)');

    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
    expect(parsed.store.name).toBe(label.store);
    expect(parsed.items.map((item) => [item.name, item.price, item.categoryHint, item.weightKg])).toEqual(
      label.items.map((item) => [item.name, item.price, item.category, item.weight_kg]),
    );
    expect(parsed.items.map((item) => item.quantity)).toEqual(
      label.items.map((item) => item.quantity ?? (item.weight_kg === null ? 1 : null)),
    );
    if (parsed.printedTotal !== null) {
      const computed = parsed.items.reduce((total, item) => total + item.price, 0) + parsed.deposits + parsed.fees - parsed.returns;
      expect(computed).toBeCloseTo(parsed.printedTotal, 2);
    }
  });
});
