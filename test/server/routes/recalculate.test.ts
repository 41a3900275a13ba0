// POST /api/recalculate: a visitor's corrected item list → a full analysis from the same analyzer
// as a receipt; refusals as sentences with codes; nothing counted in the statistics.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS } from '../../../scripts/paths.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisItem, AnalysisResult, ErrorResponse, RecalculateItem, RecalculateRequest, StatsResponse } from '../../../src/contract.ts';
import { ERROR_CODES, MAX_RECALCULATE_ITEMS } from '../../../src/contract.ts';
import { SAMPLE_RECEIPT_TEXT } from '../../../src/sample-receipt.ts';
import { buildTestApp, type TestApp } from '../../support/build-app.ts';
import { COUNTED_RECEIPT_TEXT, expectConsistentAnalysis } from '../helpers.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function start(env: Record<string, string> = {}): Promise<TestApp> {
  testApp = await buildTestApp(env);
  return testApp;
}

const recalc = (app: TestApp['app'], payload: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/recalculate', payload: payload as Record<string, unknown>, remoteAddress });

/** What the widget sends back for an item it did not change. */
function unchanged(item: AnalysisItem): RecalculateItem {
  return {
    name: item.name,
    category: item.category,
    price: item.price,
    ...(item.piece_weight === undefined ? { weight: item.weight } : { quantity: item.quantity ?? 1 }),
  };
}

async function readSample(app: TestApp['app'], text = SAMPLE_RECEIPT_TEXT): Promise<AnalysisResult> {
  const response = await app.inject({ method: 'POST', url: '/api/process-text', payload: { text } });
  expect(response.statusCode).toBe(200);
  return response.json<AnalysisResult>();
}

function request(result: AnalysisResult, items: RecalculateItem[]): RecalculateRequest {
  return {
    items,
    store_info: result.store_info,
    processing_method: result.metadata.processing_method,
    other_lines_total: (result.metadata.reconciliation?.computed_total ?? result.total_price) - result.total_price,
  };
}

function expectRefusal(response: { statusCode: number; json<T>(): T }, status: number, code: string): string {
  expect(response.statusCode).toBe(status);
  const body = response.json<ErrorResponse>();
  expect(body.code).toBe(code);
  expect(ERROR_CODES).toContain(body.code);
  expect(body.error).toMatch(/^[A-Z].*\.$/);
  return body.error;
}

describe('POST /api/recalculate with valid lists', () => {
  it('gives back the same numbers for an unchanged receipt, and still reconciles with its printed total', async () => {
    const { app } = await start();
    const read = await readSample(app);
    const response = await recalc(app, request(read, read.items.map(unchanged)));
    expect(response.statusCode).toBe(200);
    const again = response.json<AnalysisResult>();
    expectConsistentAnalysis(again);
    expect(again.items).toEqual(read.items);
    expect(again.total_emissions).toBe(read.total_emissions);
    // The range comes back too, the same for the same items.
    expect(read.total_emissions_low).toBeLessThan(read.total_emissions);
    expect(read.total_emissions_high).toBeGreaterThan(read.total_emissions);
    expect([again.total_emissions_low, again.total_emissions_high]).toEqual([read.total_emissions_low, read.total_emissions_high]);
    expect(again.categories).toEqual(read.categories);
    expect(again.summary).toEqual(read.summary);
    expect(again.swaps).toEqual(read.swaps);
    expect(again.store_info).toEqual(read.store_info);
    // The day printed on the sample travels with it.
    expect(read.store_info.date).toBe('2025-11-14');
    expect(again.metadata.reconciliation?.status).toBe(read.metadata.reconciliation?.status);
  });

  it('gives back the same items, totals and swaps for every unchanged receipt of the fixture corpus', async () => {
    const { app } = await start({ RATE_LIMIT_MAX: '1000' });
    const folder = join(FIXTURE_RECEIPTS, 'text');
    const names = readdirSync(folder).filter((name) => name.endsWith('.txt'));
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) {
      const read = await readSample(app, readFileSync(join(folder, name), 'utf8'));
      const again = (await recalc(app, request(read, read.items.map(unchanged)))).json<AnalysisResult>();
      expect(again.items, name).toEqual(read.items);
      expect(again.categories, name).toEqual(read.categories);
      expect(again.total_emissions, name).toBe(read.total_emissions);
      expect(again.swaps, name).toEqual(read.swaps);
      expect(again.metadata.reconciliation, name).toEqual(read.metadata.reconciliation);
    }
  });

  it('applies a corrected category with that category’s cited factor and marks the item edited', async () => {
    const { app } = await start();
    const read = await readSample(app);
    const index = read.items.findIndex((item) => /pizza/i.test(item.name));
    const items = read.items.map(unchanged);
    items[index] = { ...items[index]!, category: 'Vegetables', edited: true };
    const result = (await recalc(app, request(read, items))).json<AnalysisResult>();
    expectConsistentAnalysis(result);
    const fixed = result.items[index]!;
    expect(fixed.category).toBe('Vegetables');
    expect(fixed.edited).toBe(true);
    expect(fixed.factor).toBeGreaterThan(0);
    expect(fixed.factor).not.toBe(read.items[index]!.factor);
    expect(fixed.factor_source).toMatch(/\S/);
    expect(fixed.emissions).toBeCloseTo(fixed.weight * fixed.factor!, 3);
    expect(result.items.filter((item) => item.edited)).toHaveLength(1);
    expect(result.categories.Vegetables!.count).toBe((read.categories.Vegetables?.count ?? 0) + 1);
  });

  it('keeps a guessed item uncertain as read, and an item the visitor placed in a category is no longer uncertain but still its category\'s typical product', async () => {
    const { app } = await start();
    const guessed = { name: 'Qwzx Blorp', weight: 0.5, price: 2 };
    const read = (await recalc(app, { items: [guessed] })).json<AnalysisResult>();
    expect(read.items[0]).toMatchObject({ uncertain: true });
    expect(read.metadata.uncertain_items).toBe(1);
    // Sent back unchanged (the guessed category with it), it comes back as it was read.
    const again = (await recalc(app, { items: [unchanged(read.items[0]!)] })).json<AnalysisResult>();
    expect(again.items[0]).toEqual(read.items[0]);
    expect(again.metadata.uncertain_items).toBe(1);
    const category = read.items[0]!.category === 'Dairy' ? 'Fish' : 'Dairy';
    const placed = (await recalc(app, { items: [{ ...guessed, category, edited: true }] })).json<AnalysisResult>();
    expect(placed.items[0]).toMatchObject({ category, edited: true });
    expect(placed.items[0]!.uncertain).toBeUndefined();
    // The visitor knows the category, not the product: its median factor, with the category's range.
    expect(placed.items[0]!.factor_source).toMatch(new RegExp(`^Median of the \\d+ cited factors of ${category} `));
    expect(placed.metadata.uncertain_items).toBe(0);
  });

  it('takes amounts in kg or in pieces of the typical pack, and a removed item leaves the totals', async () => {
    const { app } = await start();
    const read = await readSample(app);
    const eggs = read.items.findIndex((item) => item.category === 'Eggs');
    const mince = read.items.findIndex((item) => /jauheliha/i.test(item.name));
    const items = read.items.map(unchanged);
    items[mince] = { ...items[mince]!, weight: 0.8, edited: true };
    const oneEggPack = read.items[eggs]!.piece_weight!;
    expect(oneEggPack).toBeGreaterThan(0);
    items[eggs] = { name: read.items[eggs]!.name, category: 'Eggs', price: read.items[eggs]!.price, quantity: 3, edited: true };
    const withoutCola = items.filter((_, index) => !/coca/i.test(read.items[index]!.name));
    const result = (await recalc(app, request(read, withoutCola))).json<AnalysisResult>();
    expectConsistentAnalysis(result);
    expect(result.items).toHaveLength(read.items.length - 1);
    expect(result.items.some((item) => /coca/i.test(item.name))).toBe(false);
    const newMince = result.items.find((item) => /jauheliha/i.test(item.name))!;
    expect(newMince.weight).toBe(0.8);
    expect(newMince.emissions).toBeCloseTo(2 * read.items[mince]!.emissions, 2);
    const newEggs = result.items.find((item) => item.category === 'Eggs')!;
    expect(newEggs.weight).toBeCloseTo(3 * oneEggPack, 3);
  });

  it('classifies an item added by name with the receipt classifier and offers a cited swap for it', async () => {
    const { app } = await start();
    const read = await readSample(app);
    const items = [...read.items.map(unchanged), { name: 'Naudan jauheliha', weight: 0.4, edited: true }];
    const result = (await recalc(app, request(read, items))).json<AnalysisResult>();
    const added = result.items.at(-1)!;
    expect(added.category).toBe('Red Meat');
    expect(added.price).toBe(0);
    expect(added.edited).toBe(true);
    expect(added.factor_source).toMatch(/Beef, minced/);
    const swap = result.swaps!.find((candidate) => candidate.item_index === result.items.length - 1)!;
    expect(swap.to.key).toBe('meat-substitute');
    expect(swap.to.name.fi).toMatch(/kasvisproteiini/);
    expect(swap.to.factor).toBeLessThan(swap.from.factor);
    expect(swap.from.factor_source).toBe(added.factor_source);
    expect(swap.to.factor_source).toMatch(/Agribalyse/);
    expect(swap.saving).toBeCloseTo(0.4 * (swap.from.factor - swap.to.factor), 3);
    // Largest saving first.
    const savings = result.swaps!.map((candidate) => candidate.saving);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
  });

  it('weighs an added item without an amount as the receipt reader would', async () => {
    const { app } = await start();
    const read = await readSample(app);
    const result = (await recalc(app, request(read, [{ name: 'Valio kevytmaito 1L' }]))).json<AnalysisResult>();
    expect(result.items[0]!.category).toBe('Dairy');
    expect(result.items[0]!.weight).toBe(1);
  });

  it('stores nothing: the statistics do not count a recalculation', async () => {
    const { app } = await start();
    const counted = await readSample(app, COUNTED_RECEIPT_TEXT);
    const before = (await app.inject({ method: 'GET', url: '/stats' })).json<StatsResponse>();
    expect(before.total_receipts_processed).toBe(1);
    for (let i = 0; i < 3; i += 1) expect((await recalc(app, request(counted, counted.items.map(unchanged)))).statusCode).toBe(200);
    const after = (await app.inject({ method: 'GET', url: '/stats' })).json<StatsResponse>();
    expect(after).toEqual(before);
  });
});

describe('POST /api/recalculate refusals', () => {
  const one = { name: 'Banaani', weight: 0.5, price: 1 };

  it('refuses an empty list, an oversized list and a malformed body with a sentence and a code', async () => {
    const { app } = await start();
    expect(expectRefusal(await recalc(app, { items: [] }), 400, 'no-items')).toMatch(/no items/);
    const many = Array.from({ length: MAX_RECALCULATE_ITEMS + 1 }, () => one);
    const oversized = await recalc(app, { items: many });
    expect(expectRefusal(oversized, 400, 'too-many-items')).toContain(String(MAX_RECALCULATE_ITEMS));
    expect(oversized.json<ErrorResponse>().params).toEqual({ max_items: MAX_RECALCULATE_ITEMS });
    expect((await recalc(app, { items: Array.from({ length: MAX_RECALCULATE_ITEMS }, () => one) })).statusCode).toBe(200);
    expectRefusal(await recalc(app, { items: 'Banaani' }), 400, 'bad-request');
    expectRefusal(await recalc(app, {}), 400, 'bad-request');
  });

  it.each([
    ['an unknown category', { ...one, category: 'Meat' }, 'category', /one of the 13 categories/],
    ['a negative weight', { ...one, weight: -0.2 }, 'weight', /above 0/],
    ['an absurd weight', { ...one, weight: 5000 }, 'weight', /at most 100 kg/],
    ['zero pieces', { name: 'Kananmuna', quantity: 0 }, 'quantity', /whole number/],
    ['fractional pieces', { name: 'Kananmuna', quantity: 1.5 }, 'quantity', /whole number/],
    ['absurd pieces', { name: 'Kananmuna', quantity: 10_000 }, 'quantity', /1 to 100/],
    ['a negative price', { ...one, price: -3 }, 'price', /price/],
    ['an empty name', { ...one, name: '   ' }, 'name', /name/],
    ['a weight given as text', { ...one, weight: '0,5' }, 'weight', /weight/],
  ])('refuses %s, naming the item and the field but not the value', async (_label, bad, field, sentence) => {
    const { app } = await start();
    const response = await recalc(app, { items: [one, bad] });
    const message = expectRefusal(response, 400, 'bad-item');
    expect(message).toMatch(/^Item 2 needs /);
    expect(message).toMatch(sentence);
    expect(response.json<ErrorResponse>().params).toEqual({ item: 2, field });
  });

  it('refuses a body over the size limit with 413 and a sentence', async () => {
    const { app } = await start();
    const long = { ...one, name: 'x'.repeat(200) };
    const response = await recalc(app, { items: Array.from({ length: 2000 }, () => long) });
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorResponse>().error).toMatch(/larger than the limit/);
  });

  it('shares the POST routes’ rate limit and its sentence', async () => {
    const { app } = await start({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1 minute' });
    expect((await recalc(app, { items: [one] }, '10.0.0.1')).statusCode).toBe(200);
    expect((await recalc(app, { items: [one] }, '10.0.0.1')).statusCode).toBe(200);
    const limited = await recalc(app, { items: [one] }, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorResponse>().error).toBe('Too many receipts from your address in a short time. Please wait a moment and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await recalc(app, { items: [one] }, '10.0.0.2')).statusCode).toBe(200);
  });
});
