// Receipt text with its columns broken apart, as OCR services and PDF extractors return it:
// names and prices on separate lines, or the prices in a block after the names, quantity and
// weight lines split from their item. The committed corpus holds such copies of receipts of
// several chains (written by scripts/fixtures/columns.ts); the parser must read them as it
// reads the printed layout, and pair names and prices only when the total confirms it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS } from '../../../../scripts/paths.ts';
import { describe, expect, it } from 'vitest';
import { loadCorpus, type CorpusEntry } from '../../../../scripts/eval/corpus.ts';
import { scoreReceipt, summarize } from '../../../../scripts/eval/score.ts';
import { breakColumns, COLUMN_SHAPES } from '../../../../scripts/fixtures/columns.ts';
import { resolveReceipt } from '../../../../scripts/fixtures/compute.ts';
import { layoutReceipt } from '../../../../scripts/fixtures/layout.ts';
import { COLUMN_RENDERS, RECEIPTS } from '../../../../scripts/fixtures/receipts/index.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';

const ROOT = FIXTURE_RECEIPTS;
const broken = loadCorpus(ROOT).filter((e) => e.label.file.startsWith('text-columns/'));
/** The chains the column reader was written against; the others are held out. */
const IN_SAMPLE = ['k-citymarket-iso-omena-2025-06-12', 'k-market-pispala-2026-02-03', 'prisma-olari-2025-09-20'];
const isInSample = (entry: CorpusEntry) => IN_SAMPLE.some((id) => entry.label.file.includes(id));

function score(entries: readonly CorpusEntry[]) {
  const scores = entries.map((entry) => {
    const parsed = readReceiptText(readFileSync(entry.path, 'utf8'));
    const items = parsed.items.map((item) => ({ name: item.name, price: item.price, category: 'Other', weight: 0 }));
    return { entry, parsed, score: scoreReceipt(entry.label, { items, total: parsed.printedTotal }, 0) };
  });
  return { scores, summary: summarize(scores.map((s) => s.score)) };
}

function misses(scores: ReturnType<typeof score>['scores']): string {
  return scores
    .filter((s) => s.score.matched < s.score.labelled || s.score.predicted > s.score.matched || !s.score.totalFound)
    .map((s) => `${s.entry.name}: ${s.score.matched}/${s.score.labelled}, predicted ${s.score.predicted}, total ${s.parsed.printedTotal}`)
    .join('\n');
}

describe('column-broken receipt texts', () => {
  it('are what the generator writes, in both shapes, from several chains', () => {
    expect(broken.length).toBe(COLUMN_RENDERS.reduce((sum, r) => sum + r.shapes.length, 0));
    const chains = new Set(broken.map((e) => e.label.store?.split(' ')[0]));
    expect(chains.size).toBeGreaterThanOrEqual(6);
    for (const render of COLUMN_RENDERS) {
      const def = RECEIPTS.find((r) => r.id === render.id);
      expect(def, render.id).toBeDefined();
      if (!def) continue;
      for (const shape of render.shapes) {
        const committed = readFileSync(join(ROOT, 'text-columns', `${render.id}--${shape}.txt`), 'utf8');
        expect(committed).toBe(breakColumns(layoutReceipt(resolveReceipt(def)), shape));
      }
    }
  });

  it('read like the printed layout on the chains the reader was written against (in sample)', () => {
    const { scores, summary } = score(broken.filter(isInSample));
    expect(scores.length).toBe(IN_SAMPLE.length * COLUMN_SHAPES.length);
    expect(summary.f1, misses(scores)).toBeGreaterThanOrEqual(0.99);
    expect(summary.totalFound, misses(scores)).toBe(1);
  });

  it('read like the printed layout on chains held out from writing the reader', () => {
    const { scores, summary } = score(broken.filter((e) => !isInSample(e)));
    expect(scores.length).toBeGreaterThanOrEqual(10);
    expect(summary.f1, misses(scores)).toBeGreaterThanOrEqual(0.97);
    expect(summary.totalFound ?? 0, misses(scores)).toBeGreaterThanOrEqual(0.95);
    for (const { parsed } of scores) expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });
});

describe('pairing names and prices in order', () => {
  const header = ['K-Market Pispala', 'K304 M957656/3006 11.52 3.2.2026'];

  it('takes a price block after the names, the last amount as the total, and split quantity lines', () => {
    const text = [...header, 'Pirkka maito 1l', '2 KPL', '1,05 €/KPL', 'Banaani', '0,512 KG', '1,89 €/KG', 'Pantti 0,15', 'YHTEENSÄ', '2,10', '0,97', '0,15', '3,22'].join('\n');
    const parsed = readReceiptText(text);
    expect(parsed.printedTotal).toBe(3.22);
    expect(parsed.items).toEqual([
      { name: 'Pirkka maito 1l', price: 2.1, quantity: 2, weightKg: null, unitPrice: 1.05, discount: 0 },
      { name: 'Banaani', price: 0.97, quantity: null, weightKg: 0.512, unitPrice: 1.89, discount: 0 },
    ]);
    expect(parsed.deposits).toBe(0.15);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('takes a discount amount for a discount label and keeps a deposit apart', () => {
    const text = [...header, 'Fazer Sininen 200g', '3,39', '- ALENNUS 30 %', '1,02-', 'Pantti 0,15 EUR tölkki', '0,90', 'YHTEENSÄ', '3,27'].join('\n');
    const parsed = readReceiptText(text);
    expect(parsed.items.map((i) => [i.name, i.price, i.discount])).toEqual([['Fazer Sininen 200g', 2.37, 1.02]]);
    expect(parsed.deposits).toBe(0.9);
    expect(parsed.printedTotal).toBe(3.27);
  });

  it('does not pair a block that lost an amount, and says the items do not add up', () => {
    // Three names, two prices and the total: pairing in order would shift every price.
    const text = [...header, 'Pirkka maito 1l', 'Banaani', 'Ruisleipä', 'YHTEENSÄ', '1,05', '0,97', '4,01'].join('\n');
    const parsed = readReceiptText(text);
    expect(parsed.items.some((i) => i.name === 'Pirkka maito 1l' && i.price === 1.05)).toBe(false);
    expect(parsed.notices.map((notice) => notice.message).length).toBeGreaterThan(0);
  });
});
