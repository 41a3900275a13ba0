// The eval's before-and-after of a factor change: the baseline table is read, the same labelled
// items are weighed against both tables, and only the factors make the difference.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineTables, factorChange, factorChangeReport, LOCKED } from '../../../scripts/eval/factor-change.ts';
import { inLockedFold } from '../../../scripts/data/model/fold.ts';
import { inReceiptFold } from '../../../scripts/eval/receipt-fold.ts';
import { FIXTURE_RECEIPTS } from '../../../scripts/paths.ts';
import { DEFAULT_TABLES } from '../../../src/server/pipeline/emissions/item-factor.ts';

const labels = [join(FIXTURE_RECEIPTS, 'labels')];

describe('factor change report', () => {
  it('weighs the committed receipts against the baseline and today’s table, each total inside today’s range', () => {
    const { receipts, items } = factorChange(labels);
    expect(receipts.length).toBeGreaterThan(20);
    for (const receipt of receipts) {
      expect(receipt.low, receipt.label).toBeLessThanOrEqual(receipt.after);
      expect(receipt.high, receipt.label).toBeGreaterThanOrEqual(receipt.after);
    }
    // Minced moose was booked as beef steak before; reindeer as game.
    const moose = items.find((item) => /HIRVEN JAUHELIHA/.test(item.name));
    expect(moose?.beforeSource).toMatch(/#6201 Beef/);
    expect(moose!.after).toBeLessThan(moose!.before / 2);
  });

  it('finds no change when the baseline is today’s table', () => {
    const { receipts, items } = factorChange(labels, DEFAULT_TABLES);
    expect(items).toEqual([]);
    for (const receipt of receipts) expect(receipt.before).toBe(receipt.after);
  });

  it('reads keys added since the baseline as the key they were read as then', () => {
    expect(baselineTables().factors.get('reindeer')?.kgCo2ePerKg).toBe(baselineTables().factors.get('game')?.kgCo2ePerKg);
    expect(factorChangeReport(labels)).toMatch(/receipts moved by more than 10 %/);
  });

  it('counts the locked fold’s items but names none of them in the report', () => {
    const { items } = factorChange(labels);
    const report = factorChangeReport(labels, { topItems: items.length });
    const fold = items.filter((item) => inLockedFold(item.name));
    const outside = items.filter((item) => !inLockedFold(item.name));
    for (const item of fold) expect(report).not.toContain(item.name.slice(0, 36));
    for (const item of outside) expect(report).toContain(item.name.slice(0, 36));
    expect(report.split(LOCKED).length - 1).toBe(fold.length);
  });

  it('gives each receipt a row under --verbose but the locked fold’s, which it sums in one', () => {
    const { receipts } = factorChange(labels);
    const report = factorChangeReport(labels, { verbose: true });
    const folded = receipts.filter((r) => inReceiptFold(`${r.label}.json`));
    expect(folded.length).toBeGreaterThan(0);
    for (const r of receipts) {
      if (inReceiptFold(`${r.label}.json`)) expect(report).not.toContain(r.label.slice(0, 60));
      else expect(report).toContain(r.label.slice(0, 60));
    }
    const row = report.split('\n').find((line) => line.startsWith(`(${folded.length} receipts of the locked fold)`));
    expect(row).toContain(String(Math.round(folded.reduce((a, r) => a + r.items, 0))));
  });
});
