import { describe, expect, it } from 'vitest';
import {
  amountsIn,
  commalessReadings,
  signedCommalessReading,
  parseAmount,
  tokenize,
  trailingAmount,
} from '../../../../src/server/pipeline/parse/numbers.ts';
import { formatEuros } from '../../../../src/server/pipeline/money.ts';

describe('parseAmount (cents)', () => {
  it.each([
    ['1,29', 129],
    ['1.29', 129],
    ['0,80-', -80],
    ['-1,14', -114],
    ['− 1,14', -114],
    ['1 234,56', 123456],
    ['1\u00a0234,56 €', 123456],
    ['1.234,56', 123456],
    ['EUR 12.96', 1296],
    ['46,90 EUR', 4690],
    ['0,00', 0],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each([
    ['l,29', 129],
    ['O,80', 80],
    ['1,2 9', 129],
    ['6, 00-', -600],
    ['-2,l9', -219],
  ])('undoes the OCR slip in %s', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each(['129', '14,00%', '2.11.2023', '10:20', 'KPL', '', '1,2', '0,80-5', '-0,80-'])('does not read %j as an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('tokenize', () => {
  it('re-joins amounts split by OCR or layout, and thousands only when asked', () => {
    expect(tokenize('KURKKU 1,0 7')).toEqual(['KURKKU', '1,07']);
    expect(tokenize('KAMPANJA 6, 00-')).toEqual(['KAMPANJA', '6,00-']);
    expect(tokenize('ALENNUS - 1,14')).toEqual(['ALENNUS', '-1,14']);
    expect(tokenize('SUIHKUSAIPPUA 500 1,79')).toEqual(['SUIHKUSAIPPUA', '500', '1,79']);
    expect(tokenize('YHTEENSÄ 1 234,56', { thousands: true })).toEqual(['YHTEENSÄ', '1234,56']);
  });

  it('splits a VAT letter OCR joined to its price, and nothing else joined to a number', () => {
    expect(tokenize('Pullonpalautus -2,10A')).toEqual(['Pullonpalautus', '-2,10', 'A']);
    expect(tokenize('Maitosuklaa 100g 2,97B')).toEqual(['Maitosuklaa', '100g', '2,97', 'B']);
    expect(tokenize("Pullonpalautus -2,10'A")).toEqual(['Pullonpalautus', '-2,10', 'A']);
    expect(tokenize('Pepsi Max 1,5L 1,99 A')).toEqual(['Pepsi', 'Max', '1,5L', '1,99', 'A']);
    expect(tokenize('Omena 1,25KG')).toEqual(['Omena', '1,25KG']);
  });
});

describe('trailingAmount', () => {
  const end = (line: string) => trailingAmount(tokenize(line));

  it('finds the price that ends a line, with its VAT letter and OCR specks after it', () => {
    expect(end('Olvi III olut 12X0,33L TLK 17,88')?.cents).toBe(1788);
    expect(end('arla kevyt maito 1,51 1.25')?.cents).toBe(125);
    expect(end('Juustoviipale 150g 1,98 B')).toMatchObject({ cents: 198, vatLetter: 'B' });
    expect(end('RIISIKAKKU SUOLA 2.35 W')?.cents).toBe(235);
    expect(end('PANTTI 0,15 EUR TÖLKKI 1,80')?.cents).toBe(180);
    expect(end('KAMPANJA 12,40-')?.cents).toBe(-1240);
  });

  it('does not take a weight, a name ending in digits or a clock time for a price', () => {
    expect(end('PUNASIPULI 0,46 KG')).toBeNull();
    expect(end('RUISPALAT 12KPL')).toBeNull();
    expect(end('MAISSI VED KULTA 340/')).toBeNull();
    expect(end('K005 M003318/4402 12.3.2024 17:48')).toBeNull();
    expect(trailingAmount(tokenize('PANTTI MUOVI 0,5L 0:20'), true)?.cents).toBe(20);
  });

  it('reads a price whose comma OCR read as a colon with the paper edge’s bracket after it, as with a comma', () => {
    expect(trailingAmount(tokenize('PANTTI MUOVI 0,5L / <1,0L 0:20)'), true)?.cents).toBe(20);
    expect(trailingAmount(tokenize('KEVÄTSIPULI NIPPU 2:19|'), true)?.cents).toBe(219);
    expect(trailingAmount(tokenize('K005 M003318/4402 12.3.2024 17:48)'))).toBeNull();
  });
});

describe('amountsIn', () => {
  it('lists a VAT row’s amounts but not its rate', () => {
    expect(amountsIn(tokenize('2 14,00% 12,39 1,73 14,12')).map((a) => a.cents)).toEqual([1239, 173, 1412]);
  });
});

describe('commalessReadings', () => {
  it('offers what a bare number may have meant as a price', () => {
    expect(commalessReadings('129')).toEqual([129]);
    expect(commalessReadings('1135')).toEqual([135, 1135]);
    expect(commalessReadings('(0575)')).toEqual([75, 575]);
    expect(commalessReadings('0579)')).toEqual([79, 579]);
    expect(commalessReadings('12')).toEqual([]);
    expect(commalessReadings('12345')).toEqual([]);
  });
});


describe('formatEuros', () => {
  it('writes euros the Finnish way', () => {
    expect(formatEuros(4690)).toBe('46,90');
    expect(formatEuros(5)).toBe('0,05');
    expect(formatEuros(-114)).toBe('-1,14');
  });
});

describe('signedCommalessReading', () => {
  it('reads `0,55-` read with its comma and its minus as digits', () => {
    expect(signedCommalessReading('01555')).toBe(55);
    expect(signedCommalessReading('07557')).toBe(55);
  });

  it('reads nothing where the comma cannot be placed', () => {
    for (const token of ['1555', '11555', '015555', '0,55-', 'O1555x']) expect(signedCommalessReading(token), token).toBeNull();
  });
});
