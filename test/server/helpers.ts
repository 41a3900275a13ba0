// What the app tests share: a receipt the stats count and the contract's promises about any
// analysis. Multipart bodies and receipt files come from test/support/.
import { SAMPLE_RECEIPT_TEXT } from '../../src/sample-receipt.ts';
import type { AnalysisResult } from '../../src/contract.ts';
import { CATEGORY_NAMES, NOTICE_CODES } from '../../src/contract.ts';
import { expect } from 'vitest';

/** A receipt the stats must count: the sample's lines from another shop. */
export const COUNTED_RECEIPT_TEXT = SAMPLE_RECEIPT_TEXT.replace('Ruoholahti', 'Itäkeskus').replace('Porkkalankatu 11, 00180', 'Itäkatu 1, 00930');

const close = (a: number, b: number) => Math.abs(a - b) <= 0.011 + Math.abs(b) * 1e-6;

/** The contract's promises about an analysis, whatever receipt it came from. */
export function expectConsistentAnalysis(result: AnalysisResult): void {
  expect(result.items.length).toBeGreaterThan(0);
  expect(result.metadata.items_found).toBe(result.items.length);
  expect(Number.isNaN(Date.parse(result.metadata.processed_at))).toBe(false);
  // Every warning travels again as a coded notice, in the same order.
  expect(result.metadata.notices?.map((notice) => notice.message) ?? []).toEqual(result.metadata.warnings ?? []);
  for (const notice of result.metadata.notices ?? []) expect(NOTICE_CODES).toContain(notice.code);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(close(result.total_emissions, sum(result.items.map((item) => item.emissions)))).toBe(true);
  expect(close(result.total_price, sum(result.items.map((item) => item.price)))).toBe(true);
  for (const item of result.items) {
    expect(CATEGORY_NAMES).toContain(item.category);
    expect(item.weight).toBeGreaterThanOrEqual(0);
    expect(item.emissions).toBeGreaterThanOrEqual(0);
  }
  const used = new Set(result.items.map((item) => item.category));
  expect(new Set(Object.keys(result.categories))).toEqual(used);
  for (const [name, totals] of Object.entries(result.categories)) {
    const members = result.items.filter((item) => item.category === name);
    expect(totals?.count).toBe(members.length);
    expect(close(totals?.emissions ?? NaN, sum(members.map((item) => item.emissions)))).toBe(true);
    expect(close(totals?.price ?? NaN, sum(members.map((item) => item.price)))).toBe(true);
  }
  expect(result.summary.driving_equivalent_km).toBeCloseTo(result.total_emissions / 0.12, 1);
  expect(result.summary.tree_months_absorption).toBeCloseTo(result.total_emissions / (0.02 * 30.4), 1);
}
