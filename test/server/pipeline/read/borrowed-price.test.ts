// Two readings of a photo, neither adding up: one read every line and one price wrong, the other
// read that price right and lost lines. Through the reader's public interface, with the passes
// as an extractor yields them.
import { describe, expect, it } from 'vitest';
import type { TextPass } from '../../../../src/server/pipeline/extract/index.ts';
import { readPasses } from '../../../../src/server/pipeline/read/index.ts';

const HEADER = 'PRISMA KALEVA\nS-market Oy, Tampere\nK2 M001234/5678 9.3.2024 17:02\n';
const BAG = 'MUOVIKASSI SM HARMAA              0,25';
const MILK = 'KEVYTMAITO 1L                     2,97';
const LACTOSE_FREE = 'LAKTOOSITON RASVATON MJ 1L        1,35';
const CHEESE = 'ARKIJUUSTO 17% 1KG                9,49';
const DISH_SOAP = 'ASTIANPESUAINE 500ML              1,89';
const TOTAL = '15,95';

function receipt(lines: readonly string[]): string {
  return `${HEADER}${lines.join('\n')}\nYHTEENSÄ                         ${TOTAL}\n`;
}

function photoPass(lines: readonly string[], read: TextPass['read']): TextPass {
  return { text: receipt(lines), kind: 'jpeg', method: 'ocr', read, ocrConfidence: 85, costMs: 500, notices: [] };
}

async function* yieldAll(passes: readonly TextPass[]): AsyncGenerator<TextPass, void, undefined> {
  yield* passes;
}

const read = async (passes: readonly TextPass[]) => (await readPasses(yieldAll(passes))).receipt;

describe('a price borrowed from another reading', () => {
  it('takes every line one reading read, with the one price the other read on the same line', async () => {
    const receipt = await read([
      photoPass([BAG, MILK, LACTOSE_FREE.replace('1,35', '1,95'), CHEESE, DISH_SOAP], 'block'),
      photoPass([MILK, LACTOSE_FREE, CHEESE], 'column'),
    ]);
    expect(receipt.items.map((item) => [item.name, item.price])).toEqual([
      ['MUOVIKASSI SM HARMAA', 0.25],
      ['KEVYTMAITO 1L', 2.97],
      ['LAKTOOSITON RASVATON MJ 1L', 1.35],
      ['ARKIJUUSTO 17% 1KG', 9.49],
      ['ASTIANPESUAINE 500ML', 1.89],
    ]);
    expect(receipt.reconciliation.status).toBe('match');
  });

  it('borrows nothing when two prices would each meet the total', async () => {
    // The other reading read two lines 60 cents under: either alone meets the total.
    const receipt = await read([
      photoPass([BAG, MILK, LACTOSE_FREE.replace('1,35', '1,95'), CHEESE, DISH_SOAP], 'block'),
      photoPass([MILK.replace('2,97', '2,37'), LACTOSE_FREE, CHEESE], 'column'),
    ]);
    expect(receipt.reconciliation.status).toBe('mismatch');
  });

  it('borrows no price wholly other than the one reading’s own, though it meets the total', async () => {
    // The other reading read the cheese 60 cents under, two digits apart: another amount, not
    // the same price read otherwise, that only meets the total by chance.
    const receipt = await read([
      photoPass([BAG, MILK, LACTOSE_FREE.replace('1,35', '1,95'), CHEESE, DISH_SOAP], 'block'),
      photoPass([MILK, LACTOSE_FREE.replace('1,35', '1,95'), CHEESE.replace('9,49', '8,89')], 'column'),
    ]);
    expect(receipt.reconciliation.status).toBe('mismatch');
  });

  it('borrows no price from a line the other reading read as another line', async () => {
    const receipt = await read([
      photoPass([BAG, MILK, LACTOSE_FREE.replace('1,35', '1,95'), CHEESE, DISH_SOAP], 'block'),
      photoPass([MILK, 'PIRKKA KAURAJUOMA 1L              1,35', CHEESE], 'column'),
    ]);
    expect(receipt.reconciliation.status).toBe('mismatch');
  });
});
