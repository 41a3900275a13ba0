// The eval's own arithmetic: name matching, one-to-one assignment, precision/recall/F1 and the
// per-receipt scores. If these are wrong, every accuracy number the project reports is wrong.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { CorpusEntry, Label } from '../../../scripts/eval/corpus.ts';
import { DEFAULT_REREAD_WITHIN_PIXELS } from '../../../src/server/pipeline/extract/index.ts';
import { checkFloors, floorsMeetTargets } from '../../../scripts/eval/floors.ts';
import { matchItems, nameSimilarity, normalizeName, precisionRecall } from '../../../scripts/eval/match.ts';
import { median } from '../../../src/server/pipeline/median.ts';
import { inReceiptFold } from '../../../scripts/eval/receipt-fold.ts';
import { fileTable, itemDetails, kindTable, partTable } from '../../../scripts/eval/report.ts';
import { failedReceipt, scoreReceipt, summarize } from '../../../scripts/eval/score.ts';
import { formatTable } from '../../../scripts/eval/table.ts';
import { readsAsTwin, readsNoWorse, turnedMisses, turnedTable, writable, type TurnedResult } from '../../../scripts/eval/turned.ts';
import type { EntryResult } from '../../../scripts/eval/run.ts';
import { REPO_ROOT } from '../../../scripts/paths.ts';

function label(items: Label['items'], printedTotal: number | null = 10): Label {
  return {
    file: 'text/x.txt',
    format: 'text',
    store: null,
    chain: null,
    date: null,
    printed_total: printedTotal,
    items,
    deposits: [],
    fees: [],
    returns: [],
    reconciliation: 'exact',
    notes: '',
  };
}

const milk = { name: 'KEVYTMAITO 1L', price: 0.99, quantity: 1, weight_kg: 1, category: 'Dairy' as const };
const bread = { name: 'RUISLEIPÄ 500G', price: 2.09, quantity: 1, weight_kg: 0.5, category: 'Grains' as const };

describe('name normalisation and similarity', () => {
  it('folds case, diacritics and punctuation', () => {
    expect(normalizeName('  Pirkka  Kylmäsavustettu, KIRJOLOHI-150g ')).toBe('pirkka kylmasavustettu kirjolohi 150g');
  });

  it('scores OCR slips high and different products low', () => {
    expect(nameSimilarity('KEVYTMAITO 1L', 'KEVYTMAlTO 1L')).toBeGreaterThan(0.9);
    expect(nameSimilarity('Ruisleipä', 'RUISLEIPA')).toBe(1);
    expect(nameSimilarity('KEVYTMAITO 1L', 'BANAANI')).toBeLessThan(0.4);
  });
});

describe('matchItems', () => {
  it('pairs each labelled item with at most one predicted item', () => {
    const labelled = [
      { name: 'KEVYTMAITO 1L', price: 0.99 },
      { name: 'KEVYTMAITO 1L', price: 0.99 },
    ];
    expect(matchItems(labelled, [{ name: 'KEVYTMAITO 1L', price: 0.99 }], { requirePrice: true })).toHaveLength(1);
  });

  it('finds the largest assignment even when the greedy first choice would block it', () => {
    // Label 0 likes prediction 0 best (1,0) but can also take prediction 1 (0,87); label 1
    // passes the threshold with prediction 0 only (0,93 vs 0,80). Greedy would match one.
    const labelled = [
      { name: 'kevytmaito 1l', price: 1 },
      { name: 'kevyt maito 1l', price: 1 },
    ];
    const predicted = [
      { name: 'kevytmaito 1l', price: 1 },
      { name: 'kevytmaito 1,5l', price: 1 },
    ];
    const pairs = matchItems(labelled, predicted, { requirePrice: true, threshold: 0.85 });
    expect(pairs.map((p) => [p.label, p.predicted])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('requires the price within a cent only when asked', () => {
    const labelled = [{ name: 'BANAANI', price: 1.4 }];
    expect(matchItems(labelled, [{ name: 'BANAANI', price: 1.41 }], { requirePrice: true })).toHaveLength(1);
    expect(matchItems(labelled, [{ name: 'BANAANI', price: 1.43 }], { requirePrice: true })).toHaveLength(0);
    expect(matchItems(labelled, [{ name: 'BANAANI', price: 1.43 }], { requirePrice: false })).toHaveLength(1);
  });
});

describe('precision, recall, F1 and median', () => {
  it('computes them from counts', () => {
    const pr = precisionRecall({ matched: 8, labelled: 10, predicted: 9 });
    expect(pr.precision).toBeCloseTo(8 / 9);
    expect(pr.recall).toBeCloseTo(0.8);
    expect(pr.f1).toBeCloseTo((2 * (8 / 9) * 0.8) / (8 / 9 + 0.8));
  });

  it('treats nothing predicted for something labelled as zero', () => {
    expect(precisionRecall({ matched: 0, labelled: 3, predicted: 0 })).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('takes the middle value or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('scoreReceipt and summarize', () => {
  it('scores matches, prices, total, categories and weights of one receipt', () => {
    const score = scoreReceipt(
      label([milk, bread], 3.08),
      {
        items: [
          { name: 'KEVYTMAITO 1L', price: 0.99, category: 'Dairy', weight: 1.2 },
          { name: 'RUISLEIPA 500G', price: 2.19, category: 'Grains', weight: 0.5 },
          { name: 'PANTTI', price: 0.2, category: 'Other', weight: 0 },
        ],
        total: 3.08,
      },
      120,
    );
    expect(score).toMatchObject({ matched: 1, labelled: 2, predicted: 3, nameMatched: 2, priceRight: 1, totalFound: true, categoryRight: 1 });
    expect(score.weightErrors).toEqual([expect.closeTo(0.2, 6)]);
  });

  it('counts a failed receipt as all items missed and its total not found', () => {
    const score = failedReceipt(label([milk]), 5, '422 nothing', false);
    expect(score).toMatchObject({ matched: 0, labelled: 1, predicted: 0, totalFound: false, error: '422 nothing' });
  });

  it('sums receipts into micro-averaged metrics', () => {
    const good = scoreReceipt(label([milk], 0.99), { items: [{ name: 'KEVYTMAITO 1L', price: 0.99, category: 'Dairy', weight: 1 }], total: 0.99 }, 100);
    const bad = failedReceipt(label([milk, bread]), 300, 'x', true);
    const summary = summarize([good, bad]);
    expect(summary).toMatchObject({ receipts: 2, failures: 1, items: 3, precision: 1, totalFound: 0.5, categoryAccuracy: 1, medianMs: 200 });
    expect(summary.recall).toBeCloseTo(1 / 3);
  });
});

describe('a turned input beside its upright twin', () => {
  const read = (items: string[], total: number | null): EntryResult =>
    ({
      score: scoreReceipt(label([milk, bread], 3.08), { items: items.map((name) => ({ name, price: name.startsWith('KEVYT') ? 0.99 : 2.09, category: 'Dairy', weight: 0 })), total }, 1),
    }) as EntryResult;
  const refusedRead = { score: failedReceipt(label([milk, bread], 3.08), 1, '422 nothing', false) } as EntryResult;
  const both = ['KEVYTMAITO 1L', 'RUISLEIPA 500G'];

  it('reads as its twin with the same items and total, and no worse', () => {
    const pair = { turned: read(both, 3.08), upright: read(both, 3.08) };
    expect([readsAsTwin(pair), readsNoWorse(pair)]).toEqual([true, true]);
  });

  it('reads no worse, though not as its twin, when it finds a total the twin missed', () => {
    const pair = { turned: read(both, 3.08), upright: read(both, null) };
    expect([readsAsTwin(pair), readsNoWorse(pair)]).toEqual([false, true]);
  });

  it('reads worse when it loses an item, misses a total its twin found, or is refused', () => {
    expect(readsNoWorse({ turned: read(['KEVYTMAITO 1L'], 3.08), upright: read(both, 3.08) })).toBe(false);
    expect(readsNoWorse({ turned: read(both, null), upright: read(both, 3.08) })).toBe(false);
    expect(readsNoWorse({ turned: refusedRead, upright: read(both, 3.08) })).toBe(false);
    expect(readsNoWorse({ turned: refusedRead, upright: refusedRead })).toBe(true);
  });

  it('writes a tilt turned back (its control) only of a tilt, and never as a drawn scan', () => {
    expect([writable(15, 'image', true), writable(-10, 'pdf', true), writable(90, 'image', true), writable(0, 'pdf', true), writable(15, 'pdf-drawn', true)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([writable(15, 'image'), writable(15, 'pdf-drawn')]).toEqual([true, false]);
  });

  it('gives a tilt and its control a row each', () => {
    const entry = { name: 'kuitti.json' } as CorpusEntry;
    const result = (back: boolean, items: string[]): TurnedResult => ({ entry, as: 'image', turn: 15, back, turned: read(items, 3.08), upright: read(both, 3.08), original: read(both, 3.08) });
    const rows = turnedTable([result(false, both), result(true, ['KEVYTMAITO 1L'])]).split('\n').slice(2);
    expect(rows.map((row) => row.split(/\s{2,}/).slice(0, 5))).toEqual([
      ['image tilted 15°', '1', '1.000', '1.000', '1/1'],
      ['image tilted 15° and back (control)', '1', '0.667', '1.000', '0/1'],
    ]);
  });
});

describe("the receipts' locked fold", () => {
  // By the SHA-1 of the label's file name: `kuitti.json` (0…) and `d.json` (2…) fall in the fold,
  // `kauppa.json` (7…) and `lidl.json` (f…) outside it.
  const fold = ['kuitti.json', 'd.json'];
  const open = ['kauppa.json', 'lidl.json'];
  const entryResult = (name: string, items: string[]): EntryResult =>
    ({
      entry: { name, kind: 'image' } as CorpusEntry,
      score: scoreReceipt(label([milk, bread], 3.08), { items: items.map((item) => ({ name: item, price: item.startsWith('KEVYT') ? 0.99 : 2.09, category: 'Dairy', weight: 0 })), total: null }, 1),
    }) as EntryResult;

  it('holds a quarter of the labels by a stable hash of the name', () => {
    expect([...fold, ...open].map(inReceiptFold)).toEqual([true, true, false, false]);
    const names = Array.from({ length: 400 }, (_, i) => `kuitti_${i}.json`);
    const share = names.filter(inReceiptFold).length / names.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.3);
  });

  it('reports the fold apart from the open part, and never names its receipts', () => {
    const results = [entryResult('kuitti.json', ['KEVYTMAITO 1L']), entryResult('kauppa.json', ['KEVYTMAITO 1L', 'RUISLEIPÄ 500G'])];
    const rows = partTable(results).split('\n').slice(2).map((row) => row.split(/\s{2,}/).slice(0, 7));
    expect(rows).toEqual([
      ['open part', 'image (OCR)', '1', '2', '1.000', '1.000', '1.000'],
      ['locked fold', 'image (OCR)', '1', '2', '1.000', '0.500', '0.667'],
    ]);
    for (const listing of [fileTable(results), itemDetails(results)]) {
      expect(listing).not.toContain('kuitti');
      expect(listing).toContain('(1 receipt of the locked fold, not listed)');
    }
    expect(fileTable(results)).toContain('kauppa');
  });

  it("counts a turned input's miss in the fold without naming it", () => {
    const result = (name: string): TurnedResult => {
      const read = entryResult(name, ['KEVYTMAITO 1L']);
      return { entry: read.entry, as: 'image', turn: 90, back: false, turned: read, upright: entryResult(name, ['KEVYTMAITO 1L', 'RUISLEIPÄ 500G']), original: read };
    };
    const misses = turnedMisses([result('kuitti.json'), result('d.json'), result('lidl.json')]).split('\n');
    expect(misses).toHaveLength(2);
    expect(misses[0]).toMatch(/^lidl\.json image 90°: F1 0\.667/);
    expect(misses[1]).toBe("(2 inputs of the locked fold's receipts, not listed)");
    const table = turnedTable([result('kuitti.json'), result('lidl.json')]).split('\n');
    expect(table[0]).toContain('of the fold');
    expect(table[2]?.split(/\s{2,}/).slice(4, 6)).toEqual(['0/2', '0/1']);
  });
});

describe('weight error', () => {
  it('gives the median, the mean absolute relative error and the share within 10 %', () => {
    const weighed = (weight: number) =>
      scoreReceipt(label([milk], 0.99), { items: [{ name: 'KEVYTMAITO 1L', price: 0.99, category: 'Dairy', weight }], total: 0.99 }, 1);
    // Relative errors 0, 0, 0.1, 0.5 and 1.
    const summary = summarize([1, 1, 0.9, 1.5, 2].map(weighed));
    expect(summary.weightCount).toBe(5);
    expect(summary.weightMedianError).toBeCloseTo(0.1, 9);
    expect(summary.weightMeanError).toBeCloseTo(0.32, 9);
    expect(summary.weightWithin10).toBeCloseTo(0.6, 9);
    expect(kindTable({ text: summary })).toMatch(/10\.0% \/ 32\.0% \(5\)\s+60\.0%/);
  });

  it('has none when no labelled item carries a weight', () => {
    const summary = summarize([scoreReceipt(label([{ ...milk, weight_kg: null }], 0.99), { items: [], total: null }, 1)]);
    expect(summary).toMatchObject({ weightCount: 0, weightMedianError: null, weightMeanError: null, weightWithin10: null });
  });
});

describe('floors and tables', () => {
  it('reports each metric under its floor', () => {
    const summary = summarize([failedReceipt(label([milk]), 1, 'x', false)]);
    const failures = checkFloors({ text: summary }, { text: { f1: 0.97, totalFound: 0.95 } });
    expect(failures.map((f) => f.metric).sort()).toEqual(['f1', 'totalFound']);
    expect(checkFloors({}, { text: { f1: 0.97 } })).toEqual([]);
  });

  it('never sets a floor below the promised target', () => {
    expect(floorsMeetTargets()).toBe(true);
    expect(floorsMeetTargets({ text: { f1: 0.9 } }, { text: { f1: 0.97 } })).toBe(false);
  });

  it('aligns columns', () => {
    const lines = formatTable(['kind', 'F1'], [['text', 0.5], ['image', 1]]).split('\n');
    expect(lines).toEqual(['kind      F1', '-----  -----', 'text   0.500', 'image      1']);
  });
});

describe('npm run eval', () => {
  const root = REPO_ROOT;
  const evalRun = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/eval.ts', 'test/fixtures/receipts', '--kind', 'text', '--no-products', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, OCR_WORKERS: '1' },
    });

  it.each([
    // The product's own budget, as the eval prints it (5 megapixels today).
    [[], new RegExp(`^Photos: production setting, read again only while its readings have read at most ${String(DEFAULT_REREAD_WITHIN_PIXELS / 1e6).replace('.', '\\.')} megapixels of page`, 'm')],
    [['--no-time-limit'], /^Photos: no time limit \(--no-time-limit\)/m],
  ])('says under each table which photo setting it used (%j)', { timeout: 60_000 }, async (args, line) => {
    const { stdout } = await evalRun(...args);
    expect(stdout).toMatch(line);
    expect(stdout).toMatch(/^text\s+\d+/m);
  });
});
