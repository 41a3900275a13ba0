// Readings of a Lidl photo, whose prices stand half a line above their names, merged as two
// columns when no reading adds up and their lines do not merge: each reading puts a price on
// another line, but every reading has the prices in printed order.
import { describe, expect, it } from 'vitest';
import type { TextPass } from '../../../../src/server/pipeline/extract/index.ts';
import { readMergedTexts, readPasses, readReceiptText } from '../../../../src/server/pipeline/read/index.ts';

const HEADER = 'LIDL\nLidl Suomi Ky Tampere-Hervanta\nInsinöörinkatu 50\nY-tunnus FI 01615779-0\nPalautusohje: lidl.fi/asiakaspalvelu\nEUR\n';
const FOOTER = 'Yhteensä                          10,67\nKorttimaksu                       10,67\n';

/** The receipt as printed, each price on its name's line (what the page with the prices moved reads). */
const ON_NAMES = [
  'Kaurajuoma 1l                     1,49 B',
  'Ruisleipä 500g                    1,19 B',
  'Kananmunat 10kpl                  2,79 B',
  'Banaani                           1,42 B',
  '0,842 kg x 1,69 EUR/kg',
  'Jauheliha 400g                    3,99 B',
  'ALENNUS 30%                      -1,20',
  'Kurkku                            0,99 B',
];

/** The page as printed read by OCR: each price on the line above its name, the first one lost to a crease. */
const RAISED = [
  'Kaurajuoma 1l                     ,',
  '                                  1,19 B',
  'Ruisleipä 500g                    2,79 B',
  'Kananmunat 10kpl                  1,42 B',
  'Banaani',
  '0,842 kg x 1,69 EUR/kg            3,99 B',
  'Jauheliha 400g                   -1,20',
  'ALENNUS 30%                       0,99 B',
  'Kurkku',
];

const text = (lines: readonly string[]): string => `${HEADER}${lines.join('\n')}\n${FOOTER}`;
/** The lines printed, with `line`'s price garbled as OCR garbles a price on a dark fold (`1,19 B` → `H19NB`). */
const garbled = (line: string, as: string): string[] => ON_NAMES.map((printed) => (printed.startsWith(line) ? printed.replace(/\d+,\d\d B$/, as) : printed));

function photoPass(body: string, read: TextPass['read'], more: Partial<TextPass> = {}): TextPass {
  return { text: body, kind: 'jpeg', method: 'ocr', read, ocrConfidence: 85, costMs: 500, notices: [], ...more };
}

async function* yielded(passes: readonly TextPass[]): AsyncGenerator<TextPass, void, undefined> {
  yield* passes;
}

const asRead = (items: readonly { name: string; price: number }[]) => items.map((item) => [item.name, item.price]);

describe('merging readings as columns', () => {
  it('takes a price from the page read as printed that the pages with prices moved garbled', async () => {
    const readings = [photoPass(text(RAISED), 'block'), photoPass(text(garbled('Ruisleipä', 'H19NB')), 'block', { pricesMoved: true }), photoPass(text(garbled('Ruisleipä', 'H1ONB')), 'block-local')];
    for (const { text: body } of readings) expect(readReceiptText(body).reconciliation.status).not.toBe('match');

    const reading = await readPasses(yielded(readings));
    expect(asRead(reading.receipt.items)).toEqual(asRead(readReceiptText(text(ON_NAMES)).items));
    expect(reading.receipt.items.find((item) => item.name.startsWith('Ruisleipä'))?.price).toBe(1.19);
    expect(reading.receipt.reconciliation.status).toBe('match');
  });

  it('pairs in printed order, so a discount read without its minus still takes from the line above it', () => {
    const raised = text(RAISED.map((line) => line.replace('-1,20', '1,20')));
    const merged = readMergedTexts([raised, text(garbled('Ruisleipä', 'H19NB'))]);
    expect(merged?.items.find((item) => item.name === 'Jauheliha 400g')?.price).toBe(2.79);
    expect(merged?.reconciliation.status).toBe('match');
  });

  it('leaves the readings as they were when two different receipts would add up', () => {
    // The page read as printed (every price kept, the first on the column's head) read the
    // cucumber as 0,39; the page read with prices on their names read the bread as 1,79. Its bread
    // with their cucumber, or theirs with its, meet the total alike: two receipts.
    const raised = text(['EUR                               1,49 B', ...RAISED.slice(1)].map((line) => line.replace('0,99 B', '0,39 B')));
    const onNames = text(ON_NAMES.map((line) => line.replace('1,19 B', '1,79 B')));
    for (const body of [raised, onNames]) expect(readReceiptText(body).reconciliation.status).not.toBe('match');
    expect(readMergedTexts([raised, onNames])).toBeNull();
    // With a third reading that has the bread as the raised page, the receipt is one.
    const third = text(ON_NAMES.map((line) => line.replace(/^Kurkku .*/, 'Kurkku')));
    expect(readMergedTexts([raised, onNames, third])?.items.map((item) => item.price)).toEqual(readReceiptText(text(ON_NAMES)).items.map((item) => item.price));
  });

  it('rests a receipt on one label only one reading read, not two', () => {
    // The first reading lost the bread's price; the others lost names to a fold and kept their
    // prices on lines of their own. One lost name is the point of merging; with two, a receipt
    // that adds up is as likely found by chance among the readings' garbled lines.
    const misread = text(ON_NAMES.map((line) => line.replace(/^(Ruisleipä 500g)\s.*/, '$1')));
    const nameless = (...names: string[]): string => text(ON_NAMES.map((line) => (names.some((name) => line.startsWith(name)) ? line.replace(/^\S+(\s\S+)?/, (head) => ' '.repeat(head.length)) : line)));
    const oneLost = [misread, nameless('Kurkku'), nameless('Kurkku')];
    const twoLost = [misread, nameless('Kurkku', 'Kananmunat 10kpl'), nameless('Kurkku', 'Kananmunat 10kpl')];
    for (const body of [...oneLost, ...twoLost]) expect(readReceiptText(body).reconciliation.status).not.toBe('match');
    expect(readMergedTexts(oneLost)?.items.map((item) => item.price)).toEqual(readReceiptText(text(ON_NAMES)).items.map((item) => item.price));
    expect(readMergedTexts(twoLost)).toBeNull();
  });
});
