import { describe, expect, it } from 'vitest';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';
import { classifyLine, parseQuantityLine, parseWeightLine } from '../../../../src/server/pipeline/parse/line-kinds.ts';
import { toLine } from '../../../../src/server/pipeline/parse/lines.ts';
import { parseText } from '../../../../src/server/pipeline/parse/index.ts';

const kind = (text: string) => classifyLine(toLine(text, 0));

/** A minimal S-Group-style receipt around the given item lines, with a matching total. */
function receipt(lines: string, total: string): string {
  return `PRISMA TESTI\nK001 M000001/0001 1.1.2024 12:00\n${lines}\n----------\nYHTEENSÄ ${total}\n`;
}

describe('quantity and weight lines', () => {
  it.each([
    ['2 KPL x 1,29', 2, 129, null],
    ['2 KPL      1,79 €/KPL', 2, 179, null],
    ['2 kpl x 1,29 €', 2, 129, null],
    ['2 x 2,39', 2, 239, null],
    ['  3 KPl      0,75 E/KPL', 3, 75, null],
    ['4 kp1 x 0,95', 4, 95, null],
    ['2 KPL x 1,29 2,58', 2, 129, 258],
    ['2RPL 2,99 €/KPL', 2, 299, null],
  ])('reads %j as a quantity', (text, count, unitCents, totalCents) => {
    expect(parseQuantityLine(toLine(text, 0).text)).toEqual({ kind: 'quantity', count, unitCents, totalCents });
  });

  it.each([
    ['0,512 KG x 2,99 €/KG', 0.512, 299],
    ['0,215 KG        1,79 €/KG', 0.215, 179],
    ['1,262 KG', 1.262, null],
    ['1,284 KG = 9,95 €/KG', 1.284, 995],
    ['0,1 KG 8,50 €/KG', 0.1, 850],
    ['0,358 KG 2,99 C/KG', 0.358, 299],
  ])('reads %j as a weight', (text, kg, unitCents) => {
    expect(parseWeightLine(toLine(text, 0).text)).toMatchObject({ kind: 'weight', kg, unitCents });
  });

  it.each(['RUISPALAT 12KPL 2,49', 'PLUSSA-TASAERÄ 3 KPL/6,00 EUR', 'Olvi III olut 12X0,33L TLK 17,88', '6X0,33L OLUT 7,99'])(
    'does not read the product or offer line %j as a quantity',
    (text) => {
      expect(parseQuantityLine(toLine(text, 0).text)).toBeNull();
      expect(kind(text).kind).not.toBe('quantity');
    },
  );
});

describe('classifyLine', () => {
  it.each([
    ['KAMPANJA                 12,40-', { kind: 'discount', cents: 1240 }],
    ['- RIVIALENNUS 30 %        0,93-', { kind: 'discount', cents: 93, rate: 30 }],
    ['PLUSSA-ETU                1,70-', { kind: 'discount', cents: 170 }],
    ['OMA PLUSSA-ETU            3,15-', { kind: 'discount', cents: 315 }],
    ['S-Etu KAMPANJA            3,62-', { kind: 'discount', cents: 362 }],
    ['- ALENNUS 30 %            1,65-', { kind: 'discount', cents: 165, rate: 30 }],
    ['ALENNUS                  -1,26', { kind: 'discount', cents: 126 }],
    ['Alennus 30%              -0,57', { kind: 'discount', cents: 57, rate: 30 }],
    ['Lidl Plus -säästösi      -0,20', { kind: 'discount', cents: 20 }],
    ['KANPANJA 3,98', { kind: 'discount', cents: 398 }],
    ['NORM.                     4,77', { kind: 'norm', cents: 477 }],
    ['PANTTI 0,40               0,40', { kind: 'deposit', name: 'PANTTI 0,40', cents: 40 }],
    ['PANTTI KMP0,351-0,999L, K 0,20', { kind: 'deposit', name: 'PANTTI KMP0,351-0,999L, K', cents: 20 }],
    ['PANTTI                   -0,40', { kind: 'return', name: 'PANTTI', cents: 40 }],
    ['PULLOPALAUTUS             3,75-', { kind: 'return', name: 'PULLOPALAUTUS', cents: 375 }],
    ['PALAUTUS: PULLOPALAUTUS 1 -1 KPL 3,75-', { kind: 'return', name: 'PALAUTUS: PULLOPALAUTUS 1 -1 KPL', cents: 375 }],
    ['Tölkki-/pullopalautus    -0,40', { kind: 'return', name: 'Tölkki-/pullopalautus', cents: 40 }],
    ['TOIMITUSMAKSU 8,90 8,90', { kind: 'fee', name: 'TOIMITUSMAKSU 8,90', cents: 890 }],
    ['PAKKAUSMATERIAALIT        0,80', { kind: 'fee', name: 'PAKKAUSMATERIAALIT', cents: 80 }],
    ['KERÄILYMAKSU 3,9E         3,90', { kind: 'fee', name: 'KERÄILYMAKSU 3,9E', cents: 390 }],
    ['VERKKOK.PAKKAUSMATERIAALIMAKSU 1,80', { kind: 'fee', name: 'VERKKOK.PAKKAUSMATERIAALIMAKSU', cents: 180 }],
    ['MUOVIKASSI               0,25', { kind: 'product', name: 'MUOVIKASSI', cents: 25 }],
    ['PALAUTUSJUOMA SUKLAA 0,5L 2,49', { kind: 'product', name: 'PALAUTUSJUOMA SUKLAA 0,5L', cents: 249 }],
    ['Olvi III olut 12X0,33L TLK 17,88', { kind: 'product', name: 'Olvi III olut 12X0,33L TLK', cents: 1788 }],
    ['6412345678901 PESUAINE 750ML 3,49', { kind: 'product', name: 'PESUAINE 750ML', cents: 349 }],
    ['              2,49', { kind: 'price', cents: 249 }],
    ['MAISSI VED KULTA 340/', { kind: 'name', name: 'MAISSI VED KULTA 340/', readings: [], shortName: 'MAISSI VED KULTA' }],
  ])('%j', (text, expected) => {
    expect(kind(text)).toEqual(expected);
  });

  it.each([
    'KORTTITAPAHTUMA',
    'CARD TRANSACTION',
    'Debit/Veloitus 46,90 EUR',
    'KANTA-ASIAKAS',
    'BONUSTA KERRYTTÄVÄT OSTOT 18,44',
    'Bonukseen kirjattu 30517 18,44',
    'ALV VEROTON VERO VEROLLINEN',
    'TAKAISIN 1,45',
    'KÄTEINEN 20,00',
    'YHTEENSÄ 46,90',
    'VHTEENSA 46,90',
  ])('ends the item list at %j', (text) => {
    expect(kind(text).kind).toBe('end');
  });

  it.each(['PLUSSA-TASAERÄ 3 KPL/6,00 EUR', 'ASIAKASOMISTAJAN edut on huomioitu.', '6430012345678', 'VÄLISUMMA 25,34', '~~~ ;; ,,', ''])(
    'skips %j',
    (text) => {
      expect(kind(text).kind).toBe('skip');
    },
  );
});

describe('items of a receipt', () => {
  it('sets quantity and unit price from a quantity line, and weight from a weighed line', () => {
    const parsed = readReceiptText(
      receipt('OMENA 1,53\n  0,512 KG x 2,99 €/KG\nJOGURTTI 2,58\n  2 KPL x 1,29\nBANAANI 2,16\n  1,262 KG', '6,27'),
    );
    expect(parsed.items).toEqual([
      { name: 'OMENA', price: 1.53, quantity: null, weightKg: 0.512, unitPrice: 2.99, discount: 0 },
      { name: 'JOGURTTI', price: 2.58, quantity: 2, weightKg: null, unitPrice: 1.29, discount: 0 },
      { name: 'BANAANI', price: 2.16, quantity: null, weightKg: 1.262, unitPrice: null, discount: 0 },
    ]);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('leaves an S-Group price alone under NORM. (it is already net) but applies other discount lines', () => {
    const parsed = readReceiptText(
      receipt(
        [
          'RAHKA VANILJA 3,60',
          '  3 KPL 1,60 €/KPL',
          '  NORM. 4,80',
          '  ALENNUS -1,20',
          'KALKKUNAN FILEE 4,20',
          'KAMPANJA 0,70-',
          '- RIVIALENNUS 30 % 1,05-',
        ].join('\n'),
        '6,05',
      ),
    );
    expect(parsed.items.map((i) => [i.name, i.price, i.discount])).toEqual([
      ['RAHKA VANILJA', 3.6, 1.2],
      ['KALKKUNAN FILEE', 2.45, 1.75],
    ]);
  });

  it('applies a PLUSSA-ETU under a quantity line to the item above and ignores the PLUSSA-TASAERÄ header', () => {
    const parsed = readReceiptText(
      receipt(['PLUSSA-TASAERÄ 2 KPL/3,50 EUR', '  Pirkka jogurtti 1kg 4,38', '      2 KPL 2,19 €/KPL', 'PLUSSA-ETU 0,88-'].join('\n'), '3,50'),
    );
    expect(parsed.items).toEqual([
      { name: 'Pirkka jogurtti 1kg', price: 3.5, quantity: 2, weightKg: null, unitPrice: 2.19, discount: 0.88 },
    ]);
  });

  it('keeps a fully discounted product as an item at 0,00', () => {
    const parsed = readReceiptText(receipt('Fazer sininen 200g 3,19\nOMA PLUSSA-ETU 3,19-\nMAITO 1,00', '1,00'));
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['Fazer sininen 200g', 0],
      ['MAITO', 1],
    ]);
  });

  it('keeps deposits, returns and fees apart; a quantity line under a deposit stays with it; the bag is an item', () => {
    const parsed = readReceiptText(
      receipt(
        [
          'OLUT 12X0,33L TLK 17,88',
          'PANTTI 0,15 EUR TÖLKKI 1,80',
          '      12 KPL       0,15 €/KPL',
          'PULLOPALAUTUS 2,10-',
          'TOIMITUSMAKSU 9,90 9,90',
          'PAKKAUSMATERIAALIT 0,80',
          'MUOVIKASSI 0,25',
        ].join('\n'),
        '28,53',
      ),
    );
    expect(parsed.items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['OLUT 12X0,33L TLK', 17.88, 1],
      ['MUOVIKASSI', 0.25, 1],
    ]);
    expect([parsed.deposits, parsed.returns, parsed.fees]).toEqual([1.8, 2.1, 10.7]);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('joins a price wrapped onto the next line to its name, digits in the name included', () => {
    const parsed = readReceiptText(receipt('HAMMASTAHNA MINTTU 75\n2,15\nNÄKKILEIPÄ 10KPL\n3,58\n  2 KPL 1,79 €/KPL', '5,73'));
    expect(parsed.items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['HAMMASTAHNA MINTTU 75', 2.15, 1],
      ['NÄKKILEIPÄ 10KPL', 3.58, 2],
    ]);
  });

  it('reads a return whose amount is wrapped onto a `-1 KPL` line under it', () => {
    const parsed = readReceiptText(receipt('PALAUTUS: PULLOPALAUTUS 2\n  -1 KPL           1,80-\nMAITO 1,15', '-0,65'));
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([['MAITO', 1.15]]);
    expect(parsed.returns).toBe(1.8);
  });


  it('keeps a discount whose amount came on the next line, its minus lost, off the items', () => {
    // Read line by line, as the reader's every other way of pairing starts from it.
    const { lineByLine } = parseText(receipt('JOGURTTI 1KG 3,58\nALENNUS 30%\n1,07\nKORVAPUUSTI 0,89', '3,40'));
    expect(lineByLine.items.map((i) => [i.name, i.cents, i.discounts])).toEqual([
      ['JOGURTTI 1KG', 358, [107]],
      ['KORVAPUUSTI', 89, []],
    ]);
  });
  it('takes a discount whose amount OCR lost from the share it prints, off the price above it', () => {
    // `- ALENNUS 20 %   2,38-` with its amount read as specks: 20 % of 11,90 is 2,38.
    const parsed = readReceiptText(receipt('FAZER JOULU KONVEHTI 350G 11,90\n- ALENNUS 20 %     Zn\nMARLI GLÖGI 0,75L 3,49', '13,01'));
    expect(parsed.items.map((i) => [i.name, i.price, i.discount])).toEqual([
      ['FAZER JOULU KONVEHTI 350G', 9.52, 2.38],
      ['MARLI GLÖGI 0,75L', 3.49, 0],
    ]);
    expect(parsed.reconciliation.status).toBe('match');
  });

  it('takes no share for an amount when the discount printed its amount, or printed no share', () => {
    const { lineByLine } = parseText(receipt('JUUSTO 5,00\n- ALENNUS 20 %\n1,00-\nLEIPÄ 2,00\nALENNUS\nMAITO 1,00', '7,00'));
    expect(lineByLine.items.map((i) => [i.name, i.cents, i.discounts])).toEqual([
      ['JUUSTO', 500, [100]],
      ['LEIPÄ', 200, []],
      ['MAITO', 100, []],
    ]);
  });

  it('takes the line total from a quantity line when the product line printed none', () => {
    const parsed = readReceiptText(receipt('PAPERIPYYHE 4 RL\n  2 KPL x 1,29   2,58', '2,58'));
    expect(parsed.items).toEqual([
      { name: 'PAPERIPYYHE 4 RL', price: 2.58, quantity: 2, weightKg: null, unitPrice: 1.29, discount: 0 },
    ]);
  });

  it('ignores header, card block, VAT table, loyalty lines, barcodes, change and footer', () => {
    const text = [
      'K-Market Testikatu',
      'Testikatu 1, 00100 Helsinki',
      'Y-tunnus: 1234567-8',
      'K006 M001842/5127 9.5.2024 16:20',
      '6430012345678',
      'MAITO 1L 1,15',
      'YHTEENSÄ 1,15',
      'KANTA-ASIAKAS',
      '  PLUSSA-EDUT YHTEENSÄ 0,30',
      'KORTTITAPAHTUMA',
      'Kortti: Visa Debit',
      'Debit/Veloitus 1,15 EUR',
      'ALV VEROTON VERO VEROLLINEN',
      '2 14,00% 1,01 0,14 1,15',
      'YHTEENSÄ 1,01 0,14 1,15',
      'TAKAISIN 0,00',
      'Kiitos käynnistä ja tervetuloa uudelleen! 24,00',
    ].join('\n');
    const parsed = readReceiptText(text);
    expect(parsed.items.map((i) => i.name)).toEqual(['MAITO 1L']);
    expect(parsed.printedTotal).toBe(1.15);
  });

  it('does not read an over-long line (pasted prose, not a receipt line) as an item', () => {
    const prose = `${'Tämä on pitkä kappale tekstiä eikä kuitin rivi '.repeat(8)}1,29`;
    const parsed = readReceiptText(receipt(`${prose}\nMAITO 1,15`, '1,15'));
    expect(parsed.items.map((i) => i.name)).toEqual(['MAITO']);
  });

  it('keeps the name as printed: trimmed, inner whitespace collapsed', () => {
    const parsed = readReceiptText(receipt('   Kana  Curry   Ateria(Mieto)        5,90   ', '5,90'));
    expect(parsed.items[0]?.name).toBe('Kana Curry Ateria(Mieto)');
  });
});
