import { describe, expect, it } from 'vitest';
import { parseText } from '../../../../src/server/pipeline/parse/index.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';
import { splitLines, toLine } from '../../../../src/server/pipeline/parse/lines.ts';
import { findVatTable, paymentAmounts, readTotalLine } from '../../../../src/server/pipeline/parse/totals.ts';
import { K_CITYMARKET, LIDL, PRISMA, S_KAUPAT_ONLINE, TOKMANNI } from './receipt-texts.ts';

const total = (text: string) => readTotalLine(toLine(text, 0));

describe('readTotalLine', () => {
  it.each([
    ['YHTEENSÄ                 46,90', 4690],
    ['YHTEENSA 46,90', 4690],
    ['YHTEENS 46,90', 4690],
    ['YHT. 46,90', 4690],
    ['yhteensä 12.37', 1237],
    ['Yhteensä         12,96', 1296],
    ['VHTEENSÄ 46,90', 4690],
    ['YHTEENSÄ: 46,90', 4690],
    ['Summa 12,00', 1200],
    ['SUMMA 12,00', 1200],
    ['Maksettava 8,32', 832],
    ['Loppusumma 8,32', 832],
    ['YHTEENSÄ EUR 17,81', 1781],
    ['YHTEENSÄ 1 234,50', 123450],
    ['MUU Yhteensä 12,96', 1296],
    // Its first letter cut off by the paper's edge or a crease, and a slip besides.
    ['HTEENSÄ                        126,40', 12640],
    ['3 /HIEENSÄ             33, 73', 3373],
  ])('reads the total in %j', (line, cents) => {
    expect(total(line)).toMatchObject({ cents, uncertain: false });
  });

  it.each([
    'PLUSSA-EDUT YHTEENSÄ 18,42',
    'BONUSTA KERRYTTÄVÄT OSTOT 31,08',
    'PLUSSAA KERRYTTÄVÄT OSTOT 52,19',
    'YHTEENSÄ 41,20 5,79 46,99',
    'YHT. 88,40 12,36 100,76',
    'Alennukset yhteensä 0,82',
    'Lidl Plus -säästösi yhteensä 1,39',
    'VÄLISUMMA 25,34',
    'TUMMA PAAHTO 500G 5,49',
    'SUMMAMUTIKKA 1,00',
    'HTEENSÄ-EDUT 1,00',
  ])('does not take %j for the total', (line) => {
    expect(total(line)).toBeNull();
  });

  it('keeps a total read without its decimal comma as uncertain', () => {
    expect(total('YHTEENSÄ 1338')).toMatchObject({ cents: 1338, uncertain: true });
  });
});

describe('findVatTable', () => {
  const gross = (text: string) => findVatTable(splitLines(text))?.grossCents ?? null;

  it('takes the gross total from the table’s own total row (S and K groups)', () => {
    expect(gross(PRISMA)).toBe(1147);
    expect(gross(K_CITYMARKET)).toBe(1437);
    expect(gross(S_KAUPAT_ONLINE)).toBe(2534);
  });

  it('finds the gross column by arithmetic when it comes first (Lidl) and sums rows without a total row', () => {
    expect(gross(LIDL)).toBe(561);
    expect(gross('ALV VEROTON VERO VEROLLINEN\n14% 18,60 2,60 21,20\n')).toBe(2120);
  });

  it('sums the rate rows when the table’s own total row was misread, margin noise before its keyword', () => {
    const table = 'ALV VEROTON VERO VEROLLINEN\nA 14,00% 7,02 0,98 8,00\nB 25,50% 3,19 0,81 4,00\n';
    expect(gross(`${table}J YHTEENSÄ 110211. 1719 12,00\n`)).toBe(1200);
    expect(gross(`${table}YHTEENSÄ 10,2l 1,7g\n`)).toBe(1200);
    // A rate row read in part still leaves the table unknown.
    expect(gross(`ALV VEROTON VERO VEROLLINEN\nA 14,00% 7,02 0,98 8,00\nB 25,50% 3,l9 O,81\nYHTEENSÄ 1021. 1,79\n`)).toBeNull();
  });

  it('is null when the receipt has no VAT table', () => {
    expect(gross(TOKMANNI)).toBeNull();
  });
});

describe('paymentAmounts', () => {
  const paid = (text: string) => paymentAmounts(splitLines(text));

  it('reads card, online and cash payments, cash less the change', () => {
    expect(paid('Debit/Veloitus                 46,90 EUR')).toEqual([4690]);
    expect(paid('Credit/Charge 194,05 EUR')).toEqual([19405]);
    expect(paid('Veloitus: 100,76')).toEqual([10076]);
    expect(paid('VERKKOMAKSU 212,48')).toEqual([21248]);
    expect(paid('Korttimaksu 12,96')).toEqual([1296]);
    expect(paid(TOKMANNI)).toEqual([1781]);
  });

  it('reads the card line with one letter of its label misread', () => {
    expect(paid('Credit/Charde              13,38 EUR')).toEqual([1338]);
    expect(paid('Debit/Veloltus 8,15 EUR')).toEqual([815]);
    expect(paid('Debil / Charge 8,15 EUR')).toEqual([815]);
    // Other words around a slash are no payment.
    expect(paid('Payee/business 001421229767 5,00')).toEqual([]);
    expect(paid('Kassa/Kuitti 12,00')).toEqual([]);
  });
});

describe('printed total of a whole receipt', () => {
  it('falls back to the card line when the total line is unreadable', () => {
    const text = PRISMA.replace('YHTEENSÄ                            11,47', 'YHTEENSÄ                            ll,4?');
    const parsed = readReceiptText(text);
    expect(parsed.printedTotal).toBe(11.47);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('falls back to VERKKOMAKSU or KÄTEINEN less TAKAISIN when there is no total line at all', () => {
    expect(readReceiptText('MAITO 1L 1,15\nLEIPÄ 2,40\nVERKKOMAKSU 3,55\n').printedTotal).toBe(3.55);
    expect(readReceiptText('MAITO 1L 1,15\nLEIPÄ 2,40\nKÄTEINEN 5,00\nTAKAISIN 1,45\n').printedTotal).toBe(3.55);
  });

  it('never takes the VAT table’s sum row for the total, even with a column OCR garbled', () => {
    // The total's amount came back as letters, a price was lost, and the table's `Summa` row
    // kept only its net readable: the cash paid less the change is the total.
    const text = [
      'Maito 1l                    1,15 B',
      'Ruisleipä                   i',
      'Yhteensä                    PINTA',
      'Käteinen                    5,00',
      'Takaisin                    1,45',
      'ALV      %     Netto    ALV   Brutto',
      'B     13,5%     3,13   0,42     3,55',
      'Summa           3,13  D6911  133551',
    ].join('\n');
    const parsed = readReceiptText(text);
    expect(parsed.printedTotal).toBe(3.55);
    expect(parsed.notices.map((notice) => notice.message)).toHaveLength(1);
  });

  it('is not confused by the VAT table or the loyalty block', () => {
    const parsed = readReceiptText(K_CITYMARKET);
    expect(parsed.printedTotal).toBe(14.37);
    expect(parseText(K_CITYMARKET).witnesses.vatCents).toBe(1437);
  });

  it('corrects a misread total when the card line and the items agree on another', () => {
    const parsed = readReceiptText(PRISMA.replace('YHTEENSÄ                            11,47', 'YHTEENSÄ                            11,41'));
    expect(parsed.printedTotal).toBe(11.47);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('says so in plain words when the items and the total disagree', () => {
    const withoutBag = PRISMA.replace('MUOVIKASSI PR HARMAA                 0,25\n', '');
    const parsed = readReceiptText(withoutBag.replace(/Debit\/Veloitus.*\n/, '').replace(/ALV[\s\S]*$/, ''));
    expect(parsed.printedTotal).toBe(11.47);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([
      'The items found add up to 11,22 € but the receipt total is 11,47 €; some lines may not have been read.',
    ]);
    expect(parsed.notices).toEqual([
      {
        code: 'total-mismatch',
        params: { items_total: 11.22, printed_total: 11.47 },
        message: 'The items found add up to 11,22 € but the receipt total is 11,47 €; some lines may not have been read.',
      },
    ]);
    expect(parsed.reconciliation).toMatchObject({ status: 'mismatch', computedCents: 1122, printedCents: 1147, differenceCents: -25 });
  });

  it('says so when no total can be read anywhere', () => {
    const parsed = readReceiptText('Kioski\nMAITO 1L 1,15\nLEIPÄ 2,40\n');
    expect(parsed.printedTotal).toBeNull();
    expect(parsed.notices.map((notice) => notice.message)).toEqual(['The receipt total could not be read, so the items found could not be checked against it.']);
    expect(parsed.notices.map((notice) => notice.code)).toEqual(['total-not-found']);
    expect(parsed.reconciliation).toMatchObject({ status: 'no-total', computedCents: 355 });
  });
});
