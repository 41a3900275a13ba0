// Several OCR readings of one photo, none adding up alone, merged line by line through the parser.
import { describe, expect, it } from 'vitest';
import { readMergedTexts, readReceiptText } from '../../../../src/server/pipeline/read/index.ts';

const HEADER = 'K-Supermarket Kamppi\nUrho Kekkosen katu 1, 00100 Helsinki\nK003 M038443/4291 17.10 3.10.2024\n';

/** A K-Supermarket receipt as three readings of a creased photo made of it. */
const PRINTED = [
  'Pirkka täysmaito 1l laktoositon   1,79',
  'Valio Oivariini 400g              3,49',
  'Arla Keso raejuusto 200g          1,85',
  'Pirkka Parhaat kanafileet 600g    8,99',
  'Vaasan Ruispalat 6kpl 330g        2,39',
  'Paprika punainen                  1,07',
  'Pirkka muovikassi                 0,35',
];

function reading(lines: readonly (string | null)[], total = '19,93'): string {
  return `${HEADER}${lines.filter((line) => line !== null).join('\n')}\nYHTEENSÄ                         ${total}\n`;
}

const [MILK, MARGARINE, KESO, CHICKEN, BREAD, PEPPER, BAG] = PRINTED as [string, string, string, string, string, string, string];

function itemsOf(text: string): [string, number][] {
  return readReceiptText(text).items.map((item) => [item.name, item.price]);
}

describe('merging readings', () => {
  it('takes a line only one reading kept, and the price two readings agree on', () => {
    // The block reading lost the Keso line to a crease; the banded reading kept it but read the
    // chicken as 3,99; the column reading lost the bread line.
    const block = reading([MILK, MARGARINE, null, CHICKEN, BREAD, PEPPER, BAG]);
    const column = reading([MILK, MARGARINE, null, CHICKEN, null, PEPPER, BAG]);
    const banded = reading([MILK, MARGARINE, KESO, CHICKEN.replace('8,99', '3,99'), BREAD, PEPPER, BAG]);
    for (const text of [block, column, banded]) expect(readReceiptText(text).reconciliation.status).toBe('mismatch');

    const merged = readMergedTexts([block, column, banded]);
    expect(merged?.items.map((item) => [item.name, item.price])).toEqual(itemsOf(reading(PRINTED)));
    expect(merged?.reconciliation.status).toBe('match');
    expect(merged?.notices.map((notice) => notice.message)).toEqual([]);
    expect(merged?.store.chain).toBe('K-Supermarket');
  });

  it('repairs one misread digit of the merged lines when every line is backed by two readings', () => {
    // All three read the milk as 1,19 (7 read as 1); two of them lost different lines.
    const milk = MILK.replace('1,79', '1,19');
    const block = reading([milk, MARGARINE, KESO, CHICKEN, null, PEPPER, BAG]);
    const column = reading([milk, MARGARINE, KESO, CHICKEN, BREAD, null, BAG]);
    const banded = reading([milk, MARGARINE, KESO, CHICKEN, BREAD, PEPPER, BAG.replace('0,35', '0,36')]);
    const merged = readMergedTexts([block, column, banded]);
    expect(merged?.items.map((item) => item.price)).toEqual([1.79, 3.49, 1.85, 8.99, 2.39, 1.07, 0.35]);
  });

  it('takes prices a single reading read of lines the others printed without one, and looks for a misread digit among them', () => {
    // A crease took the prices of the milk and margarine lines from two readings, which printed
    // the names alone; the third read both prices, the milk's 7 as a 1, and lost the bag line.
    const bare = (line: string): string => line.replace(/\s+\d+,\d\d$/, '');
    const block = reading([bare(MILK), bare(MARGARINE), KESO, CHICKEN, BREAD, PEPPER, BAG]);
    const column = reading([bare(MILK), bare(MARGARINE), KESO, CHICKEN, BREAD, PEPPER, BAG]);
    const banded = reading([MILK.replace('1,79', '1,19'), MARGARINE, KESO, CHICKEN, BREAD, PEPPER, null]);
    for (const text of [block, column, banded]) expect(readReceiptText(text).reconciliation.status).toBe('mismatch');
    const merged = readMergedTexts([block, column, banded]);
    expect(merged?.items.map((item) => item.price)).toEqual([1.79, 3.49, 1.85, 8.99, 2.39, 1.07, 0.35]);
    // Printed by no other reading, the same two lines would rest on a single reading: left as they were.
    expect(readMergedTexts([reading([null, null, KESO, CHICKEN, BREAD, PEPPER, BAG]), reading([null, null, KESO, CHICKEN, BREAD, PEPPER, BAG]), banded])).toBeNull();
  });

  it('merges the others when one reading made a product of a line the others read as no item', () => {
    // The block reading lost the Keso line and the banded one read the chicken as 3,99: merged,
    // they add up. The column reading read the chicken's discount line beyond recognition, a
    // product of 2,70 beside lines the other two printed, so every way to choose held it.
    const discount = 'RIVIALENNUS 30 %                 -2,70';
    const printed = [...PRINTED.slice(0, 4), discount, ...PRINTED.slice(4)];
    const total = '17,23';
    const block = reading(printed.map((line) => (line === KESO ? null : line)), total);
    const column = reading(printed.map((line) => (line === discount ? 'R1V1ALEMNU5 30 %                  2,70' : line.replace('0,35', '0,36'))), total);
    const banded = reading(printed.map((line) => (line === CHICKEN ? line.replace('8,99', '3,99') : line)), total);
    for (const text of [block, column, banded]) expect(readReceiptText(text).reconciliation.status).toBe('mismatch');
    const merged = readMergedTexts([block, column, banded]);
    expect(merged?.items.map((item) => [item.price, item.discount])).toEqual([
      [1.79, 0],
      [3.49, 0],
      [1.85, 0],
      [6.29, 2.7],
      [2.39, 0],
      [1.07, 0],
      [0.35, 0],
    ]);
  });

  it('leaves the readings as they were when the votes without one reading make different receipts', () => {
    // With the Keso line from the banded reading, or with the paprika at 2,92 from the third,
    // the lines add up: the block and banded readings make the one, the block and third the other.
    const block = reading([MILK, MARGARINE, null, CHICKEN, BREAD, PEPPER, BAG]);
    const banded = reading([MILK, MARGARINE, KESO, CHICKEN.replace('8,99', '3,99'), BREAD, PEPPER, BAG]);
    const third = reading([MILK, MARGARINE, null, CHICKEN, BREAD, PEPPER.replace('1,07', '2,92'), BAG]);
    expect(readMergedTexts([block, banded])?.items.map((item) => item.price)).toEqual([1.79, 3.49, 1.85, 8.99, 2.39, 1.07, 0.35]);
    expect(readMergedTexts([block, third])?.items.map((item) => item.price)).toEqual([1.79, 3.49, 8.99, 2.39, 2.92, 0.35]);
    expect(readMergedTexts([block, banded, third])).toBeNull();
  });

  it('leaves the readings as they were when two different receipts would add up', () => {
    // Two readings have the chicken at 3,99 and no bag line, the third 8,99 and a 5,00 bag:
    // 3,99 with the bag and 8,99 without it both add up, each against three readings' votes.
    const bigBag = 'Pirkka kestokassi                 5,00';
    const block = reading([MILK, MARGARINE, KESO, CHICKEN.replace('8,99', '3,99'), BREAD, PEPPER, BAG]);
    const column = reading([MILK, MARGARINE, KESO, CHICKEN.replace('8,99', '3,99'), BREAD, PEPPER, BAG]);
    const banded = reading([MILK, MARGARINE, KESO, CHICKEN, BREAD, PEPPER, BAG, bigBag]);
    for (const text of [block, column, banded]) expect(readReceiptText(text).reconciliation.status).toBe('mismatch');
    expect(readMergedTexts([block, column, banded])).toBeNull();
  });

  it('does not rest a receipt on more than one line a single reading has', () => {
    // Keso only in the block reading, the bread only in the banded one: two lone lines, and no
    // reading that read every line (one that did is taken with a price borrowed: borrowed-price.ts).
    const block = reading([MILK, MARGARINE, KESO, CHICKEN, null, PEPPER, BAG]);
    const column = reading([MILK, MARGARINE, null, CHICKEN, null, PEPPER, BAG]);
    const banded = reading([MILK, MARGARINE, null, CHICKEN, BREAD, PEPPER, BAG]);
    expect(readMergedTexts([block, column, banded])).toBeNull();
  });

  it('rests a receipt on a price guessed from a lost digit only when nothing else rests on a single reading', () => {
    // One reading lost the milk's last digit (`1,7`: 1,70–1,79) and the others its price; a crease
    // took the Keso line's price from two readings. The guess and the lone 1,85 would add up.
    const bare = (line: string): string => line.replace(/\s+\d+,\d\d$/, '');
    const partMilk = MILK.replace('1,79', '1,7');
    const guessAndLone = [
      reading([partMilk, MARGARINE, bare(KESO), CHICKEN, BREAD, PEPPER, BAG]),
      reading([bare(MILK), MARGARINE, bare(KESO), CHICKEN, BREAD, PEPPER, BAG]),
      reading([bare(MILK), MARGARINE, KESO, CHICKEN, BREAD, PEPPER, null]),
    ];
    for (const text of guessAndLone) expect(readReceiptText(text).reconciliation.status).toBe('mismatch');
    expect(readMergedTexts(guessAndLone)).toBeNull();
    // With the Keso price read twice, the guess alone meets the total.
    const guessAlone = [
      reading([partMilk, MARGARINE, bare(KESO), CHICKEN, BREAD, PEPPER, BAG]),
      reading([bare(MILK), MARGARINE, KESO, CHICKEN, BREAD, PEPPER, BAG]),
      reading([bare(MILK), MARGARINE, KESO, CHICKEN, BREAD, PEPPER, null]),
    ];
    expect(readMergedTexts(guessAlone)?.items.map((item) => item.price)).toEqual([1.79, 3.49, 1.85, 8.99, 2.39, 1.07, 0.35]);
  });

  it('does not repair a digit on top of a line a single reading has', () => {
    const milk = MILK.replace('1,79', '1,19');
    const block = reading([milk, MARGARINE, null, CHICKEN, BREAD, PEPPER, BAG]);
    const column = reading([milk, MARGARINE, null, CHICKEN, BREAD, PEPPER, BAG]);
    const banded = reading([milk, MARGARINE, KESO, CHICKEN, BREAD, PEPPER.replace('1,07', '1,01'), BAG]);
    expect(readMergedTexts([block, column, banded])).toBeNull();
  });

  it('needs two readings and a total', () => {
    expect(readMergedTexts([reading([MILK, MARGARINE, KESO, CHICKEN, null, PEPPER, BAG])])).toBeNull();
    const noTotal = `${HEADER}${PRINTED.join('\n')}\n`;
    expect(readMergedTexts([noTotal, noTotal.replace('1,07', '1,01')])).toBeNull();
  });
});
