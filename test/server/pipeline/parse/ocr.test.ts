// Text from phone-photo OCR: slips in digits and keywords, specks from the paper's edge,
// garbage lines, prices that lost their decimal comma, prices printed off their line.
import { describe, expect, it } from 'vitest';
import { parseText } from '../../../../src/server/pipeline/parse/index.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';
import { LIDL_OFFSET_OCR, PRISMA, PRISMA_OCR } from './receipt-texts.ts';

describe('noisy OCR text', () => {
  it('reads the noisy Prisma receipt as the clean one', () => {
    const clean = readReceiptText(PRISMA);
    const noisy = readReceiptText(PRISMA_OCR);
    expect(noisy.items.map((i) => [i.name, i.price])).toEqual(clean.items.map((i) => [i.name, i.price]));
    expect(noisy).toMatchObject({ printedTotal: 11.47, deposits: 0.4, notices: [] });
    expect(noisy.store).toEqual({ name: 'Prisma Kaleva', chain: 'Prisma' });
  });

  it('does not invent items from garbage lines (letters only, a price only, punctuation)', () => {
    const parsed = readReceiptText(PRISMA_OCR);
    expect(parsed.items.map((i) => i.name)).not.toContain('aaaa bbbb');
    expect(parsed.items).toHaveLength(6);
  });

  it('repairs the one price read without its decimal comma when that makes the sum match', () => {
    const text = 'K-Market Testi\n1.2.2024 12:00\nMAITO 1L 1,15\nJUUSTO 400G 549\nLEIPÄ 2,40\nYHTEENSÄ 9,04\n';
    const parsed = readReceiptText(text);
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['MAITO 1L', 1.15],
      ['JUUSTO 400G', 5.49],
      ['LEIPÄ', 2.4],
    ]);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('picks the reading that fits when OCR read the decimal comma as a digit (1135 for 1,35)', () => {
    const text = 'K-Market Testi\n1.2.2024 12:00\nMAITO 1L 1135\nLEIPÄ 2,40\nYHTEENSÄ 3,75\n';
    expect(readReceiptText(text).items.map((i) => i.price)).toEqual([1.35, 2.4]);
  });

  it('drops a digit OCR added to one price when that alone makes the sum match', () => {
    const text = 'K-Market Testi\n1.2.2024 12:00\nMAITO 1L 15.55\nLEIPÄ 2,40\nYHTEENSÄ 3,95\n';
    expect(readReceiptText(text).items.map((i) => [i.name, i.price])).toEqual([
      ['MAITO 1L', 1.55],
      ['LEIPÄ', 2.4],
    ]);
  });

  it('keeps a price it cannot confirm and tells the visitor the sum does not match', () => {
    const text = 'K-Market Testi\n1.2.2024 12:00\nMAITO 1L 1,15\nJUUSTO 400G 549\nYHTEENSÄ 9,04\n';
    const parsed = readReceiptText(text);
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['MAITO 1L', 1.15],
      ['JUUSTO 400G', 5.49],
    ]);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([
      'The items found add up to 6,64 € but the receipt total is 9,04 €; some lines may not have been read.',
    ]);
  });

  it('takes the quantity line’s price when OCR misread the printed one and the total agrees', () => {
    const text = 'PRISMA TESTI\nK001 M000001/0001 1.1.2024 12:00\nKANAN FILEE 9,16\n  4 KPL 2,49 €/KPL\nKAMPANJA 3,98-\nYHTEENSÄ 5,98\n';
    expect(readReceiptText(text).items.map((i) => [i.name, i.price])).toEqual([['KANAN FILEE', 5.98]]);
  });

  it('pairs Lidl prices printed half a line above their names by column', () => {
    const parsed = readReceiptText(LIDL_OFFSET_OCR);
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['Juustoviipale 150g', 1.98],
      ['Kananmunat 10 kpl M', 1.89],
      ['Perunat 2kg', 1.19],
      ['Kevytmaito 1l', 0.95],
    ]);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('takes the count of a quantity line OCR garbled from the price it divides (`Mx 1779` under 3,58 is 2 × 1,79)', () => {
    const lines = ['K-MARKET TESTI', 'K001 M000001/0001 1.1.2024 12:00', 'JOGURTTI 1KG 3,58', 'Mx 1779', 'LEIPÄ 2,19', 'YHTEENSÄ 5,77'];
    expect(readReceiptText(lines.join('\n')).items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['JOGURTTI 1KG', 3.58, 2],
      ['LEIPÄ', 2.19, 1],
    ]);
    // A unit price the line's price is no whole number of says nothing.
    const odd = readReceiptText(['K-MARKET TESTI', 'K001 M000001/0001 1.1.2024 12:00', 'JOGURTTI 1KG 3,50', 'Mx 1779', 'YHTEENSÄ 3,50'].join('\n'));
    expect(odd.items.map((i) => [i.name, i.price, i.quantity])).toEqual([['JOGURTTI 1KG', 3.5, 1]]);
  });

  it('takes the garbled count in Lidl\'s offset columns too', () => {
    const lines = [
      'Lidl Suomi Ky Helsinki',
      'Palautusohje: lidl.fi/asiakaspalvelu',
      'Jogurtti 1kg                   3,58 B',
      '   PX 1779',
      '-1,07',
      'ALENNUS 30%                    0,89 B',
      'Korvapuusti                   -0,89',
      'Lidl Plus -säästösi',
      'Yhteensä                       2,51',
    ];
    const parsed = readReceiptText(lines.join('\n'));
    expect(parsed.items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['Jogurtti 1kg', 2.51, 2],
      ['Korvapuusti', 0, 1],
    ]);
  });

  describe('Lidl prices half a line above their names, some signs and amounts lost', () => {
    // The header's `EUR` line was not read; three minus signs of four were lost; the first
    // product's own amount is gone (its quantity line says 2 × 1,49); `1135 B` lost its comma.
    const lines = [
      'Lidl Suomi Ky Tampere-Hatanpää',
      'Hatanpään valtatie 36',
      'Y-tunnus FI 01615779-0',
      'Palautusohje: lidl.fi/asiakaspalvelu',
      'Croissant voi 4 kpl',
      '  2 x 1,49                     0,60',
      'Alennus 20%                    1,29 B',
      'Ruisleipä 500g                -0,30',
      'Lidl Plus -säästösi            1135 B',
      'Kevytmaito 1l                  2,19 B',
      'Kananmunat 10 kpl M            0,40',
      'Lidl Plus -säästösi',
      'Yhteensä                       6,51',
    ];

    it('pairs the columns in printed order, each label saying its sign', () => {
      const parsed = readReceiptText(lines.join('\n'));
      expect(parsed.items.map((i) => [i.name, i.price, i.quantity])).toEqual([
        ['Croissant voi 4 kpl', 2.38, 2],
        ['Ruisleipä 500g', 0.99, 1],
        ['Kevytmaito 1l', 1.35, 1],
        ['Kananmunat 10 kpl M', 1.79, 1],
      ]);
      expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
    });

    it('takes the first amount from the `EUR` column head it landed on', () => {
      const text = [
        'Lidl Suomi Ky Oulu-Limingantulli',
        'Palautusohje: lidl.fi/asiakaspalvelu',
        '                               EUR -2,10 A',
        'Pullonpalautus                     4,29 B',
        'Kalkkunan fileesuikale 400g        6,99 B',
        'Lohifilee pakaste 500g',
        'Yhteensä                           9,18',
      ].join('\n');
      const parsed = readReceiptText(text);
      expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
        ['Kalkkunan fileesuikale 400g', 4.29],
        ['Lohifilee pakaste 500g', 6.99],
      ]);
      expect(parsed).toMatchObject({ returns: 2.1, notices: [] });
    });

    it('does not take a web address or business ID printed at the foot for the header', () => {
      // OCR lost the total; the foot's lines must not hide the items above them.
      const parsed = readReceiptText('K-Market Pispala\nMAITO 1,15\nLEIPÄ 2,40\nwww.k-market.fi\nY-tunnus 1234567-8\n');
      expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
        ['MAITO', 1.15],
        ['LEIPÄ', 2.4],
      ]);
    });

    // The same receipt read with each price on the line above its name, the first on its own.
    const raised = (header: readonly string[], lidlPlus: string): string =>
      [
        'Lidl Suomi Ky Tampere-Hatanpää',
        ...header,
        'Croissant voi 4 kpl            2,98 B',
        '  2 x 1,49                    -0,60',
        'Alennus 20%                    1,29 B',
        'Ruisleipä 500g                -0,30',
        `Lidl Plus -säästösi            ${lidlPlus}`,
        'Kevytmaito 1l                  2,19 B',
        'Kananmunat 10 kpl M           -0,40',
        'Lidl Plus -säästösi',
        'Yhteensä                       6,51',
      ].join('\n');
    const columnsRead = [
      ['Croissant voi 4 kpl', 2.38, 2],
      ['Ruisleipä 500g', 0.99, 1],
      ['Kevytmaito 1l', 1.35, 1],
      ['Kananmunat 10 kpl M', 1.79, 1],
    ];

    it('starts the items after the returns guide and web address OCR garbled (`alautusohje; 1id1.fi`)', () => {
      // The slash read as a space, the first letter lost, and the line read twice, half of it again.
      const parsed = readReceiptText(raised(['Y-tunnus FI 01615779-0', 'alautusohje; 1id1.fi asiakaspalvelu', 'Päläutusohj'], '1,35 B'));
      expect(parsed.items.map((i) => [i.name, i.price, i.quantity])).toEqual(columnsRead);
      expect(parsed.notices).toEqual([]);
      // Three letters of the guide lost: the web address alone says it is the header.
      const addressOnly = readReceiptText(raised(['Y-tunnus FI 01615779-0', 'autusohje: 1id1.fi asiakaspalvelu'], '1,35 B'));
      expect(addressOnly.items.map((i) => [i.name, i.price, i.quantity])).toEqual(columnsRead);
    });

    it('takes a comma-less amount whose VAT letter B OCR read as 8 (`135 8`)', () => {
      const parsed = readReceiptText(raised(['Y-tunnus FI 01615779-0', 'Palautusohje: lidl.fi/asiakaspalvelu'], '135 8'));
      expect(parsed.items.map((i) => [i.name, i.price, i.quantity])).toEqual(columnsRead);
      expect(parsed.notices).toEqual([]);
    });

    it('does not pair by order when a product’s amount kept a minus', () => {
      const swapped = lines.map((line) => line.replace('0,40', '-0,40').replace('-0,30', '0,30').replace(/^Kevytmaito 1l {18}2,19 B/, 'Kevytmaito 1l                 -2,19 B'));
      const parsed = readReceiptText(swapped.join('\n'));
      // Read as a sign-blind column this would add up (2,38 + 0,99 + 1,35 + 1,79); a product is never negative.
      expect(parsed.items.map((i) => i.price)).not.toEqual([2.38, 0.99, 1.35, 1.79]);
      expect(parsed.notices.map((notice) => notice.message)).toHaveLength(1);
    });
  });

  it('reads a total whose keyword OCR misspelled, and one that lost its comma', () => {
    expect(readReceiptText('MAITO 1,15\nLEIPÄ 2,40\nYHTEENSA 3,55\n').printedTotal).toBe(3.55);
    expect(readReceiptText('MAITO 1,15\nLEIPÄ 2,40\nVHTEENSÄ 3,55\n').printedTotal).toBe(3.55);
    expect(readReceiptText('MAITO 1,15\nLEIPÄ 2,40\nYHTEENSÄ 355\n').printedTotal).toBe(3.55);
  });

  it('drops margin noise set apart from the name by a wide gap, and finds the total behind noise', () => {
    const text = [
      'Lidl Suomi Ky Tampere-Hatanpää',
      '                                  EUR',
      'Rn Ta: SL      Kevytmaito 1l                    0,95 B',
      'yrpaT pa 1 NS   Perunat 2kg                     1,49 B',
      'Kuusi 4 kpl                  2,00 B',
      'Ty gtaesde Yhteensä                4,44',
    ].join('\n');
    const parsed = readReceiptText(text);
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['Kevytmaito 1l', 0.95],
      ['Perunat 2kg', 1.49],
      ['Kuusi 4 kpl', 2],
    ]);
    expect(parsed.printedTotal).toBe(4.44);
  });

  it('reads a discount whose amount lost its comma and its minus (`0787` for `0,87-`)', () => {
    const text = 'ALEPA TESTI\nK001 M000001/0001 1.1.2024 12:00\nPESTO 190G 2,89\n- RIVIALENNUS 30 %      0787\nYHTEENSÄ 2,02\n';
    const parsed = readReceiptText(text);
    expect(parsed.items.map((i) => [i.name, i.price, i.discount])).toEqual([['PESTO 190G', 2.02, 0.87]]);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('reads a discount under a euro whose comma and minus OCR read as digits (`01555` for `0,55-`)', () => {
    const text = 'K-MARKET TESTI\nK001 M000001/0001 1.1.2024 12:00\nLEIPÄ 400G 2,19\nKINKKU 100G 1,55\nPLUSSA-ETU        01555\nYHTEENSÄ 3,19\n';
    const parsed = readReceiptText(text);
    expect(parsed.items.map((i) => [i.name, i.price, i.discount])).toEqual([
      ['LEIPÄ 400G', 2.19, 0],
      ['KINKKU 100G', 1, 0.55],
    ]);
    expect(parsed.notices).toEqual([]);
    // A product's five digits are no such amount: only a discount prints its sign.
    const product = readReceiptText('K-MARKET TESTI\nK001 M000001/0001 1.1.2024 12:00\nLEIPÄ 400G 2,19\nKINKKU 100G 01555\nYHTEENSÄ 2,74\n');
    expect(product.items.map((i) => i.price)).toEqual([2.19]);
  });

  it('uses a garbled card line and a VAT table with an unreadable row only through its total row', () => {
    const text = [
      'TOKMANNI',
      '20.03.2025 14:22',
      'Kynttilä 3,99',
      'Paristo AA 8kpl 7,99',
      'YHTEENSÄ = 1',
      'pebit/Veloitus       KU.  11,98 EUR',
      'ALV%      Veroton   Vero  verollinen',
      '25,5%       6,37    1,62      7,99',
      '14%         3,50    M. Il      3,99',
      'Yhteensä    9,87    2,11      11,98',
    ].join('\n');
    const parsed = readReceiptText(text);
    expect(parsed).toMatchObject({ printedTotal: 11.98, notices: [] });
    expect(parseText(text).witnesses.vatCents).toBe(1198);
  });

  it('reads `0:20` on a deposit line as 0,20 but never a clock time as a price', () => {
    const parsed = readReceiptText('PRISMA TESTI\n12.3.2015 17:26\nVESI 0,5L 1.29\nPANTTI MUOVI 0,5L 0:20\nYHTEENSÄ 1.49\n');
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([['VESI 0,5L', 1.29]]);
    expect(parsed.deposits).toBe(0.2);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });
});

describe('OCR variants of phone photos', () => {
  it('drops what OCR made of the price column between a name and its price, or after a name with none', () => {
    const text = [
      'Juustokierre      Kaa aT          1,09',
      'Rosten Bao Bun höyrysämpylä        a',
      '                                  4,78',
      'Coca-Cola Zero     0,5l          2,49',
      'Yhteensä                          8,36',
    ].join('\n');
    expect(readReceiptText(text).items.map((i) => [i.name, i.price])).toEqual([
      ['Juustokierre', 1.09],
      ['Rosten Bao Bun höyrysämpylä', 4.78],
      ['Coca-Cola Zero 0,5l', 2.49],
    ]);
  });

  const receipt = (lines: string[], total: string) =>
    ['PRISMA TESTI', 'K001 M000001/0001 1.1.2024 12:00', ...lines, 'YHTEENSÄ ' + total].join('\n');
  const items = (text: string) => readReceiptText(text).items.map((i) => [i.name, i.price]);

  it('reads a price with an edge speck stuck to it (`2.59)`, `1,85|`)', () => {
    expect(items(receipt(['KASVISPYÖRYKÄT 300G            2.59)', 'RAEJUUSTO 200G           1,85|'], '4,44'))).toEqual([
      ['KASVISPYÖRYKÄT 300G', 2.59],
      ['RAEJUUSTO 200G', 1.85],
    ]);
  });

  it('reads a price followed by a few letters of margin noise, and a speck read as grams', () => {
    const text = receipt(['MÄTI SIIKA 80G            12,90     5 Jai', 'KARKKIPUSSI CLASSIC            2.49 g'], '15,39');
    expect(items(text)).toEqual([
      ['MÄTI SIIKA 80G', 12.9],
      ['KARKKIPUSSI CLASSIC', 2.49],
    ]);
    expect(readReceiptText(text).notices).toEqual([]);
  });

  it('keeps both words of a name a crease crossed (`SUKLAAMIX = CLASSIC`), and still cuts margin specks', () => {
    const text = receipt(['SUKLAAMIX = CLASSIC          2.89', 'sä = KAURAJUOMA 1L          1,79', 'E W | Herkkusienet 250g       2,15'], '6,83');
    expect(items(text)).toEqual([
      ['SUKLAAMIX CLASSIC', 2.89],
      ['KAURAJUOMA 1L', 1.79],
      ['Herkkusienet 250g', 2.15],
    ]);
  });

  it('cuts a lowercase fragment of the margin one space before a name printed in capitals, and no word of a name in mixed case', () => {
    const text = receipt(['pus VIILI 1X          1,78', 'sä] TÄYSMAITO          1,19', 'o KEITTOKINKKU 1,55', 'de Cecco spaghetti 500g          2,15'], '6,67');
    expect(items(text)).toEqual([
      ['VIILI 1X', 1.78],
      ['TÄYSMAITO', 1.19],
      ['KEITTOKINKKU', 1.55],
      ['de Cecco spaghetti 500g', 2.15],
    ]);
  });

  it('reads a price with a stray `l` of the paper\'s right edge a wide gap after it, and a unit one space after a number as a unit', () => {
    // A 7,95 read as 1,95 leaves the receipt short of its total, so nothing else finds the lines the speck hid.
    const text = receipt(['M LIPPIS BASEBALL          1,95', 'HUPPARITAKKI ESS SMALL LOGO       49,90                   l', 'KOSTEUSPYYHE SENSITIVE                1,00        L', 'KAURAJUOMA           1,85'], '60,70');
    expect(items(text)).toEqual([
      ['M LIPPIS BASEBALL', 1.95],
      ['HUPPARITAKKI ESS SMALL LOGO', 49.9],
      ['KOSTEUSPYYHE SENSITIVE', 1],
      ['KAURAJUOMA', 1.85],
    ]);
    expect(items(receipt(['KEVYTMAITO 1,5 L          1,29', 'VALIO TÄYSMAITO 1 L'], '1,29'))).toEqual([['KEVYTMAITO 1,5 L', 1.29]]);
  });

  it('reads S-Group\'s `NORM.` line with a letter misread as the price before discounts, not as a product', () => {
    const text = receipt(['JR BOMBERTAKI MIKAEL                24,50', 'NORN.                 79,95', 'KAMPANJA              -55,45', 'JR NEULE                            19,95'], '44,45');
    expect(items(text)).toEqual([
      ['JR BOMBERTAKI MIKAEL', 24.5],
      ['JR NEULE', 19.95],
    ]);
  });

  it('still reads a bare number after a volume as the price that lost its comma', () => {
    // `1,5l` read as `1,51`: the number at the end is the price, not noise after one.
    expect(items(receipt(['PIIMÄ RASVATON 1,51          169', 'RUISLEIPÄ 500G    2,49'], '4,18'))).toEqual([
      ['PIIMÄ RASVATON 1,51', 1.69],
      ['RUISLEIPÄ 500G', 2.49],
    ]);
  });

  it('confirms a price that lost its comma behind a speck (`1179,`) with the total', () => {
    expect(items(receipt(['PERUNA YLEIS 2KG            1179,', 'PORKKANA    1,00'], '2,79'))).toEqual([
      ['PERUNA YLEIS 2KG', 1.79],
      ['PORKKANA', 1],
    ]);
  });

  it.each([
    ['3 KPL       1,29 €/KPE', 3, 129],
    ['2 KPL        2.89 €/kP                  NA', 2, 289],
  ])('reads the quantity line %j whose unit OCR misspelt', (line, count, unitCents) => {
    const parsed = readReceiptText(receipt(['RAHKA 200G           3,87', line], (count * unitCents / 100).toFixed(2).replace('.', ',')));
    expect(parsed.items).toMatchObject([{ name: 'RAHKA 200G', quantity: count, unitPrice: unitCents / 100 }]);
  });

  it('reads a weight that lost its comma (`0440 KG`) and uses it to confirm a misread price', () => {
    // 0,520 kg × 2,99 €/kg = 1,55 €; OCR read the price as 1,35 and the total says 1,55.
    const parsed = readReceiptText(receipt(['KURKKU SUOMI            1,35', 'J — 0520 KG      2,99 €/KG      Sd;'], '1,55'));
    expect(parsed.items).toMatchObject([{ name: 'KURKKU SUOMI', price: 1.55, weightKg: 0.52, unitPrice: 2.99 }]);
  });

  it('reads a weight with a space after its comma (`0, 440 KG`) as a weight line, not as a product', () => {
    // OCR spaces a comma's digits off it in weights as in prices (`4, 09`); read as a name, the
    // line took the price below it, and each price after it moved up a line.
    const lines = ['TOMAATTI SUOMI            1,60', '0, 440 KG        4, 09 €/KG', 'RYPPYLIMETTI              2,15', 'KALAKASTIKE               2,15'];
    const parsed = readReceiptText(receipt(lines, '6,10'));
    expect(parsed.items.map((i) => [i.name, i.price, i.weightKg])).toEqual([
      ['TOMAATTI SUOMI', 1.8, 0.44],
      ['RYPPYLIMETTI', 2.15, null],
      ['KALAKASTIKE', 2.15, null],
    ]);
  });

  it.each(['0,612 kg x 2,99 EUR/kg                 5', '= —0,612 kg x 2,99 EUR/kg                s'])('reads the weight line %j, specks after it', (line) => {
    const parsed = readReceiptText(receipt(['Banaani                      1,83 B', line, 'Maito 1l          0,99 A'], '2,82'));
    expect(parsed.items.map((i) => [i.name, i.price, i.weightKg, i.unitPrice])).toEqual([
      ['Banaani', 1.83, 0.612, 2.99],
      ['Maito 1l', 0.99, null, null],
    ]);
  });

  it.each([
    ['2 KPL = 1,81 €/KPL', 181],
    ['2 KPL 1,90. €/KPL', 190],
    ['2 KPI. 2,99 €/KPL E=', 299],
    ['2 KPI-       2,99 €/KPL', 299],
    ['2 KPL, 1,49 €/KPL', 149],
    ['2 KPL: 1,49', 149],
  ])('reads the quantity line %j, a mark between its count and its price', (line, unitCents) => {
    const parsed = readReceiptText(receipt(['RAHKA 200G           ' + (2 * unitCents / 100).toFixed(2).replace('.', ','), line], (2 * unitCents / 100).toFixed(2).replace('.', ',')));
    expect(parsed.items).toMatchObject([{ name: 'RAHKA 200G', quantity: 2, unitPrice: unitCents / 100 }]);
  });

  it.each(['2 x 2,30 AA', '2 x 2,39 (144', '2 x 2.39 saa'])('reads Lidl\'s quantity line %j, specks after it, as a quantity', (line) => {
    const unit = Number(/\d[,.]\d\d/.exec(line)?.[0].replace(',', '.'));
    const total = (2 * unit).toFixed(2).replace('.', ',');
    const parsed = readReceiptText(receipt([`Rosten Bao Bun höyrysämpylä        ${total} B`, line, 'Juustokierre          1,09 B'], (2 * unit + 1.09).toFixed(2).replace('.', ',')));
    expect(parsed.items.map((i) => [i.name, i.quantity, i.unitPrice])).toEqual([
      ['Rosten Bao Bun höyrysämpylä', 2, unit],
      ['Juustokierre', 1, null],
    ]);
  });

  it('reads `€/k6` as €/kg on a weight line', () => {
    const parsed = readReceiptText(receipt(['PORSAAN KASSLER   12,78', '1,284 KG    9,95 €/k6'], '12,78'));
    expect(parsed.items).toMatchObject([{ name: 'PORSAAN KASSLER', price: 12.78, weightKg: 1.284, unitPrice: 9.95 }]);
  });

  it('reads `NORM,` as NORM. and a deposit behind a margin speck (`4 PANTTI`) as a deposit', () => {
    const parsed = readReceiptText(
      receipt(['M PIPO LOGO          14,95', 'NORM,             19,95', 'KAMPANJA          -5,00', '4  PANTTI KMP0,351-0,999L      0,20'], '15,15'),
    );
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([['M PIPO LOGO', 14.95]]);
    expect(parsed).toMatchObject({ deposits: 0.2, notices: [] });
  });

  it.each(['PAÄNTTI KMPO,351-0,999L, K', 'PANTT1 KMP0,351-0,999L', 'PANTII MUOVI 0,5L'])('reads a deposit whose word OCR misread by a letter (%j) as a deposit', (label) => {
    const parsed = readReceiptText(receipt(['MEHUKIVENNÄISVESI SITRUUNA 0,5L      1,99', `${label}            0,20`], '2,19'));
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([['MEHUKIVENNÄISVESI SITRUUNA 0,5L', 1.99]]);
    expect(parsed).toMatchObject({ deposits: 0.2, notices: [] });
  });

  it.each(['ANTTILAN SIIVILÄ', 'KANTTI RAUTA', 'PANNU 24CM', 'PASTILLI'])('keeps a product whose first word is no deposit (%j) a product', (name) => {
    const parsed = readReceiptText(receipt([`${name}            0,20`, 'MEHU 1L     1,99'], '2,19'));
    expect(parsed.items.map((i) => i.name)).toEqual([name, 'MEHU 1L']);
  });

  it('reads a deposit behind a margin speck read as a letter (`W Pantti`) as a deposit, and a one-letter name as a product', () => {
    const parsed = readReceiptText(receipt(['M PIPO LOGO          14,95', 'W Pantti 0,40          0,40'], '15,35'));
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([['M PIPO LOGO', 14.95]]);
    expect(parsed).toMatchObject({ deposits: 0.4, notices: [] });
  });

  it('reads a discount behind margin specks of digits and dashes (`3 —-— RIVIALENNUS`) as a discount, its minus lost', () => {
    const parsed = readReceiptText(receipt(['RINTAFILEE CHIMICHURRI     8,45', '3 —-— RIVIALENNUS 30 %       2,54', 'KORIANTERI      1,99'], '7,90'));
    expect(parsed.items.map((i) => [i.name, i.price, i.discount])).toEqual([
      ['RINTAFILEE CHIMICHURRI', 5.91, 2.54],
      ['KORIANTERI', 1.99, 0],
    ]);
  });

  it('fills in the last digit OCR lost from a price when the total confirms it', () => {
    const text = receipt(['RAEJUUSTO 200G            2,3 E', 'PORKKANA            0,65'], '3,00');
    expect(items(text)).toEqual([
      ['RAEJUUSTO 200G', 2.35],
      ['PORKKANA', 0.65],
    ]);
    expect(readReceiptText(text).notices).toEqual([]);
  });

  it('leaves out a price missing its last digit that the total cannot confirm, instead of guessing', () => {
    const parsed = readReceiptText(receipt(['RAEJUUSTO 200G            2,3 E', 'PORKKANA            0,65'], '9,99'));
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([['PORKKANA', 0.65]]);
    expect(parsed.notices.map((notice) => notice.message)).toHaveLength(1);
  });

  it('confirms no lost digit when two lines’ guesses split the total otherwise as well', () => {
    // 2,35 + 0,65 or 2,31 + 0,69, or six ways between: the total cannot tell which, so neither line is guessed.
    const parsed = readReceiptText(receipt(['RAEJUUSTO 200G            2,3 E', 'PORKKANA            0,6', 'LEIPÄ            1,99'], '4,99'));
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([['LEIPÄ', 1.99]]);
    expect(parsed.notices.map((notice) => notice.message)).toHaveLength(1);
  });

  it('takes a price that lost its last digit as its quantity line says, not as a misread total would have it', () => {
    // 4 × 2,99 is 11,96, which `11,9` agrees with; the total line's 13,92 (for 13,96) would make it 11,92.
    const parsed = readReceiptText(receipt(['KANAN FILEES. HUNAJAMAR         11,9 E', '4 KPL       2,99 €/KPL', 'KAHVI        2,00'], '13,92'));
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['KANAN FILEES. HUNAJAMAR', 11.96],
      ['KAHVI', 2],
    ]);
    expect(parsed.notices.map((notice) => notice.message)).toHaveLength(1);
  });

  it('guesses no lost digit where the total line and the card disagree: it would meet whichever was misread', () => {
    const text = `${receipt(['RAEJUUSTO 200G            2,3 E', 'PORKKANA            0,65'], '3,01')}\nKORTTITAPAHTUMA\nDebit/Veloitus      3,00 EUR`;
    expect(readReceiptText(text).items.map((i) => [i.name, i.price])).toEqual([['PORKKANA', 0.65]]);
  });

  it('still guesses a lost digit beside a payment split in two, which its guesses cannot reach', () => {
    const text = `${receipt(['RAEJUUSTO 200G            2,3 E', 'PORKKANA            0,65'], '3,00')}\nKÄTEINEN      2,00\nKORTTIMAKSU      1,00`;
    expect(readReceiptText(text).items.map((i) => [i.name, i.price])).toEqual([
      ['RAEJUUSTO 200G', 2.35],
      ['PORKKANA', 0.65],
    ]);
  });

  it('still reads a name ending in a one-decimal size with its price on the next line', () => {
    expect(items(receipt(['COCA-COLA ZERO 1,5', '              2,99'], '2,99'))).toEqual([['COCA-COLA ZERO 1,5', 2.99]]);
  });
});
