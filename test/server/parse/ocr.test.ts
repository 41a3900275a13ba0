// Text from phone-photo OCR: slips in digits and keywords, specks from the paper's edge,
// garbage lines, prices that lost their decimal comma, prices printed off their line.
import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '../../../src/server/pipeline/parse/index.ts';
import { LIDL_OFFSET_OCR, PRISMA, PRISMA_OCR } from './receipt-texts.ts';

describe('noisy OCR text', () => {
  it('reads the noisy Prisma receipt as the clean one', () => {
    const clean = parseReceiptText(PRISMA);
    const noisy = parseReceiptText(PRISMA_OCR);
    expect(noisy.items.map((i) => [i.name, i.price])).toEqual(clean.items.map((i) => [i.name, i.price]));
    expect(noisy).toMatchObject({ printedTotal: 11.47, deposits: 0.4, warnings: [] });
    expect(noisy.store).toEqual({ name: 'Prisma Kaleva', chain: 'Prisma' });
  });

  it('does not invent items from garbage lines (letters only, a price only, punctuation)', () => {
    const parsed = parseReceiptText(PRISMA_OCR);
    expect(parsed.items.map((i) => i.name)).not.toContain('aaaa bbbb');
    expect(parsed.items).toHaveLength(6);
  });

  it('repairs the one price read without its decimal comma when that makes the sum match', () => {
    const text = 'K-Market Testi\n1.2.2024 12:00\nMAITO 1L 1,15\nJUUSTO 400G 549\nLEIPÄ 2,40\nYHTEENSÄ 9,04\n';
    const parsed = parseReceiptText(text);
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['MAITO 1L', 1.15],
      ['JUUSTO 400G', 5.49],
      ['LEIPÄ', 2.4],
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('picks the reading that fits when OCR read the decimal comma as a digit (1135 for 1,35)', () => {
    const text = 'K-Market Testi\n1.2.2024 12:00\nMAITO 1L 1135\nLEIPÄ 2,40\nYHTEENSÄ 3,75\n';
    expect(parseReceiptText(text).items.map((i) => i.price)).toEqual([1.35, 2.4]);
  });

  it('keeps a price it cannot confirm and tells the visitor the sum does not match', () => {
    const text = 'K-Market Testi\n1.2.2024 12:00\nMAITO 1L 1,15\nJUUSTO 400G 549\nYHTEENSÄ 9,04\n';
    const parsed = parseReceiptText(text);
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['MAITO 1L', 1.15],
      ['JUUSTO 400G', 5.49],
    ]);
    expect(parsed.warnings).toEqual([
      'The items found add up to 6,64 € but the receipt total is 9,04 €; some lines may not have been read.',
    ]);
  });

  it('takes the quantity line’s price when OCR misread the printed one and the total agrees', () => {
    const text = 'PRISMA TESTI\nK001 M000001/0001 1.1.2024 12:00\nKANAN FILEE 11,60\n  4 KPL 2,95 €/KPL\nKAMPANJA 5,84-\nYHTEENSÄ 5,96\n';
    expect(parseReceiptText(text).items.map((i) => [i.name, i.price])).toEqual([['KANAN FILEE', 5.96]]);
  });

  it('pairs Lidl prices printed half a line above their names by column', () => {
    const parsed = parseReceiptText(LIDL_OFFSET_OCR);
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([
      ['Juustoviipale 150g', 1.98],
      ['Kananmunat 10 kpl M', 1.89],
      ['Perunat 2kg', 1.19],
      ['Kevytmaito 1l', 0.95],
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads a total whose keyword OCR misspelled, and one that lost its comma', () => {
    expect(parseReceiptText('MAITO 1,15\nLEIPÄ 2,40\nYHTEENSA 3,55\n').printedTotal).toBe(3.55);
    expect(parseReceiptText('MAITO 1,15\nLEIPÄ 2,40\nVHTEENSÄ 3,55\n').printedTotal).toBe(3.55);
    expect(parseReceiptText('MAITO 1,15\nLEIPÄ 2,40\nYHTEENSÄ 355\n').printedTotal).toBe(3.55);
  });

  it('reads `0:20` on a deposit line as 0,20 but never a clock time as a price', () => {
    const parsed = parseReceiptText('PRISMA TESTI\n4.9.2014 18:04\nCOLA 0,5L 1.78\nPANTTI MUOVI 0,5L 0:20\nYHTEENSÄ 1.98\n');
    expect(parsed.items.map((i) => [i.name, i.price])).toEqual([['COLA 0,5L', 1.78]]);
    expect(parsed.deposits).toBe(0.2);
    expect(parsed.warnings).toEqual([]);
  });
});
