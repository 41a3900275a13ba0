// The committed receipt corpus is what the floor tests trust, so it is checked itself: every
// label is valid and adds up, the texts are what the generator writes from its definitions,
// VAT tables use the rates in force on the receipt's date, rendered files carry the same
// items as their text, and the corpus covers what it promises.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../scripts/eval/corpus.ts';
import { labelAddsUp } from '../../../scripts/fixtures/check.ts';
import { resolveReceipt, vatRate } from '../../../scripts/fixtures/compute.ts';
import { layoutReceipt } from '../../../scripts/fixtures/layout.ts';
import { breakColumns } from '../../../scripts/fixtures/columns.ts';
import { COLUMN_RENDERS, RECEIPTS, RENDERS } from '../../../scripts/fixtures/receipts/index.ts';
import { FIXTURE_RECEIPTS } from '../../../scripts/paths.ts';

const ROOT = FIXTURE_RECEIPTS;
const entries = loadCorpus(ROOT).filter((e) => e.kind !== 'pdf-as-text');
// Receipt texts as printed, and their copies with the columns broken apart (text-columns/,
// read by test/server/pipeline/read/broken-columns.test.ts and the floors).
const texts = entries.filter((e) => e.kind === 'text' && e.label.file.startsWith('text/'));
const columnTexts = entries.filter((e) => e.kind === 'text' && e.label.file.startsWith('text-columns/'));

describe('committed receipt corpus', () => {
  it('has valid labels that add up: items + deposits + fees − returns = printed total', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(labelAddsUp(entry.label), entry.name).toBe(true);
  });

  it('holds exactly the texts the generator writes from its definitions', () => {
    expect(texts.map((e) => e.name).sort()).toEqual(RECEIPTS.map((r) => `${r.id}.json`).sort());
    for (const def of RECEIPTS) {
      const committed = readFileSync(join(ROOT, 'text', `${def.id}.txt`), 'utf8');
      expect(committed, def.id).toBe(layoutReceipt(resolveReceipt(def)));
    }
  });

  it('prints VAT tables that add up, at the rates in force on the date', () => {
    for (const entry of texts) {
      const text = readFileSync(entry.path, 'utf8');
      const lines = text.split('\n');
      const start = lines.findIndex((line) => /^ALV\b/.test(line));
      expect(start, entry.name).toBeGreaterThan(0);
      const date = entry.label.date ?? '';
      const allowed = [vatRate('food', date), vatRate('general', date)];
      const rows = lines.slice(start + 1).filter((line) => /\d+(,\d+)?%/.test(line));
      const grossSum = rows.reduce((sum, row) => {
        const rate = Number(/(\d+(?:,\d+)?)%/.exec(row)?.[1]?.replace(',', '.'));
        expect(allowed, `${entry.name}: ${row}`).toContain(rate);
        const gross = /(-?\d+,\d{2})\s*$/.exec(row)?.[1] ?? 'NaN';
        return sum + Math.round(Number(gross.replace(',', '.')) * 100);
      }, 0);
      expect(grossSum, entry.name).toBe(Math.round((entry.label.printed_total ?? NaN) * 100));
    }
  });

  it('gives each rendered photo, scan and PDF the items of the text it came from', () => {
    const byFile = new Map(texts.map((e) => [e.label.file, e.label]));
    const rendered = entries.filter((e) => e.kind !== 'text');
    expect(rendered.length).toBe(RENDERS.length);
    for (const entry of rendered) {
      const source = /from (text\/[^ ]+\.txt)/.exec(entry.label.notes)?.[1] ?? '';
      const original = byFile.get(source);
      expect(original, `${entry.name} names its text`).toBeDefined();
      expect(entry.label.items).toEqual(original?.items);
      expect(entry.label.printed_total).toBe(original?.printed_total);
    }
  });

  it('holds exactly the column-broken copies the generator writes, each with the items of its text', () => {
    const expected = COLUMN_RENDERS.flatMap((render) => render.shapes.map((shape) => `text-columns/${render.id}--${shape}.txt`));
    expect(columnTexts.map((e) => e.label.file).sort()).toEqual(expected.sort());
    const byId = new Map(texts.map((e) => [e.label.file.replace(/^text\/|\.txt$/g, ''), e.label]));
    for (const render of COLUMN_RENDERS) {
      const def = RECEIPTS.find((r) => r.id === render.id);
      expect(def, render.id).toBeDefined();
      if (!def) continue;
      for (const shape of render.shapes) {
        const committed = readFileSync(join(ROOT, 'text-columns', `${render.id}--${shape}.txt`), 'utf8');
        expect(committed, `${render.id}--${shape}`).toBe(breakColumns(layoutReceipt(resolveReceipt(def)), shape));
        const label = columnTexts.find((e) => e.label.file === `text-columns/${render.id}--${shape}.txt`)?.label;
        expect(label?.items, `${render.id}--${shape}`).toEqual(byId.get(render.id)?.items);
        expect(label?.printed_total).toBe(byId.get(render.id)?.printed_total);
      }
    }
  });

  it('covers the chains, kinds and cases it promises', () => {
    expect(texts.length).toBeGreaterThanOrEqual(30);
    expect(entries.filter((e) => e.kind === 'image').length).toBeGreaterThanOrEqual(12);
    const pdfs = entries.filter((e) => e.kind === 'pdf');
    expect(pdfs.length).toBeGreaterThanOrEqual(5);
    expect(pdfs.some((e) => e.label.notes.includes('no text layer'))).toBe(true);
    const stores = texts.map((e) => e.label.store ?? '').join('|');
    for (const chain of ['K-Citymarket', 'K-Supermarket', 'K-Market', 'Prisma', 'S-market', 'Sale', 'Alepa', 'Sokos Herkku', 'verkkokauppa', 'Lidl', 'Tokmanni', 'R-kioski']) {
      expect(stores, chain).toContain(chain);
    }
    const labels = texts.map((e) => e.label);
    expect(labels.some((l) => l.items.length === 1)).toBe(true);
    expect(labels.some((l) => readFileSync(join(ROOT, l.file), 'utf8').split('\n').length >= 40 && l.items.length >= 25)).toBe(true);
    expect(labels.some((l) => l.returns.length > 0)).toBe(true);
    expect(labels.some((l) => l.fees.length > 0)).toBe(true);
    expect(labels.filter((l) => l.deposits.length > 0).length).toBeGreaterThanOrEqual(5);
    const items = labels.flatMap((l) => l.items);
    expect(items.some((i) => i.quantity === null && i.weight_kg !== null)).toBe(true);
    expect(items.some((i) => /6x0,33l/i.test(i.name))).toBe(true);
    expect(items.some((i) => i.category === 'Eggs' && /10 ?kpl/i.test(i.name))).toBe(true);
    expect(items.some((i) => /laktoositon|lakton/i.test(i.name))).toBe(true);
  });

  it('stays small enough to commit (under 15 MB)', () => {
    let bytes = 0;
    for (const dir of ['text', 'text-columns', 'labels', 'images', 'pdf']) {
      for (const name of readdirSync(join(ROOT, dir))) bytes += statSync(join(ROOT, dir, name)).size;
    }
    expect(bytes).toBeLessThan(15 * 1024 * 1024);
  });
});
