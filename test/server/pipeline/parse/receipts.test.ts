// Whole receipts of each chain's layout, read end to end.
import { describe, expect, it } from 'vitest';
import { parseText } from '../../../../src/server/pipeline/parse/index.ts';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';
import type { ParsedReceipt } from '../../../../src/server/pipeline/types.ts';
import {
  ALEPA,
  K_CITYMARKET,
  K_MARKET,
  K_SUPERMARKET_OCR,
  LIDL,
  NBSP_FRAGMENT,
  PRISMA,
  SALE,
  SOKOS_HERKKU,
  S_KAUPAT_ONLINE,
  S_MARKET,
  TOKMANNI,
  UNKNOWN_STORE,
} from './receipt-texts.ts';

const priced = (parsed: ParsedReceipt) => parsed.items.map((i) => [i.name, i.price]);

function addsUp(parsed: ParsedReceipt): boolean {
  const items = parsed.items.reduce((sum, i) => sum + Math.round(i.price * 100), 0);
  const extras = Math.round((parsed.deposits + parsed.fees - parsed.returns) * 100);
  return parsed.printedTotal !== null && items + extras === Math.round(parsed.printedTotal * 100);
}

describe('whole receipts', () => {
  it('K-Citymarket: PLUSSA-TASAERÄ offer, PLUSSA-ETU and ALENNUS lines, weighed item, loyalty block', () => {
    const parsed = readReceiptText(K_CITYMARKET);
    expect(priced(parsed)).toEqual([
      ['Pirkka täysmaito 1l', 1.19],
      ['Snellman kinkkuleike 300g', 6],
      ['Pirkka kurkku', 1.12],
      ['Vaasan ruispalat 12 kpl 660g', 2.02],
      ['K-Menu jauheliha 400g', 3.79],
      ['Muovikassi', 0.25],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 14.37, deposits: 0, returns: 0, fees: 0, notices: [] });
    expect(parseText(K_CITYMARKET).witnesses.vatCents).toBe(1437);
  });

  it('K-Market: `2 KPL x` line, can deposit and a can return', () => {
    const parsed = readReceiptText(K_MARKET);
    expect(parsed.items).toEqual([
      { name: 'Pirkka banaani', price: 0.61, quantity: null, weightKg: 0.322, unitPrice: 1.89, discount: 0 },
      { name: 'Valio Eila kevytmaitojuoma 1l', price: 1.98, quantity: 2, weightKg: null, unitPrice: 0.99, discount: 0 },
      { name: 'Karhu III olut 0,33l tlk', price: 1.49, quantity: 1, weightKg: null, unitPrice: null, discount: 0 },
    ]);
    expect(parsed).toMatchObject({ printedTotal: 3.83, deposits: 0.15, returns: 0.4, notices: [] });
  });

  it('K-Supermarket, as lower-case OCR with point decimals', () => {
    const parsed = readReceiptText(K_SUPERMARKET_OCR);
    expect(priced(parsed)).toEqual([
      ['arla lempi jogurtti 1kg', 2.49],
      ['pirkka omena jonagold', 1.35],
      ['fazer sininen 200g', 2.95],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 6.79, notices: [] });
    expect(parseText(K_SUPERMARKET_OCR).witnesses.vatCents).toBe(679);
  });

  it('Prisma: NORM./KAMPANJA already netted, RIVIALENNUS applied, deposit, bag', () => {
    const parsed = readReceiptText(PRISMA);
    expect(priced(parsed)).toEqual([
      ['KEVYTMAITO LAKTOOSITON 1L', 1.29],
      ['JAUHELIHA NAUTA 10% 400G', 4.79],
      ['KURKKU SUOMI', 1.07],
      ['COCA-COLA ZERO 1,5L', 2.49],
      ['KAURAJUOMA 1L', 1.18],
      ['MUOVIKASSI PR HARMAA', 0.25],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 11.47, deposits: 0.4, notices: [] });
    expect(parseText(PRISMA).witnesses.vatCents).toBe(1147);
  });

  it('S-market: bottle return line first, KAMPANJA, weighed apples', () => {
    const parsed = readReceiptText(S_MARKET);
    expect(priced(parsed)).toEqual([
      ['RUISLEIPÄ PALAT 6KPL 330G', 1.89],
      ['OMENA PINK LADY', 2.32],
      ['SUOMALAINEN RYPSIÖLJY 1L', 3.45],
      ['KANANMUNA M 10KPL LUOMU', 3.19],
      ['TOMAATTIMURSKA 390G', 2.25],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 11, returns: 2.1, notices: [] });
  });

  it('Sale: drink and its deposit', () => {
    const parsed = readReceiptText(SALE);
    expect(priced(parsed)).toEqual([
      ['ENERGIAJUOMA SOKERITON 0,5L', 1.79],
      ['NAKKI 300G', 2.29],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 4.28, deposits: 0.2, notices: [] });
  });

  it('Alepa: S-Etu KAMPANJA', () => {
    const parsed = readReceiptText(ALEPA);
    expect(priced(parsed)).toEqual([
      ['KAURAPUURO VALMIS 300G', 1.39],
      ['BANAANI', 0.43],
      ['KAHVI TUMMA PAAHTO 500G', 4.99],
    ]);
    expect(parsed.notices.map((notice) => notice.message)).toEqual([]);
  });

  it('Sokos Herkku: two discounts on one item', () => {
    const parsed = readReceiptText(SOKOS_HERKKU);
    expect(parsed.items.map((i) => [i.name, i.price, i.discount])).toEqual([
      ['SALAATTIBUFFET', 6.9, 0],
      ['GRILLATTU KANANKOIVET', 2.24, 1.96],
    ]);
    expect(parsed.printedTotal).toBe(9.14);
  });

  it('Lidl: VAT letters, Lidl Plus and Alennus lines, can return; not fooled by "Alennukset yhteensä"', () => {
    const parsed = readReceiptText(LIDL);
    expect(priced(parsed)).toEqual([
      ['Kevytmaito 1l', 0.95],
      ['Juustoviipale 150g', 1.98],
      ['Kananmunat 10 kpl M', 1.89],
      ['Perunat 2kg', 1.19],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 5.61, returns: 0.4, notices: [] });
    expect(parseText(LIDL).witnesses.vatCents).toBe(561);
  });

  it('Tokmanni: EAN codes before names, a name whose price is on its quantity line, cash and change', () => {
    const parsed = readReceiptText(TOKMANNI);
    expect(priced(parsed)).toEqual([
      ['FAIRY ASTIANPESUAINE 650ML', 2.79],
      ['MARABOU MAITOSUKLAA 200G', 2.49],
      ['KOIRANRUOKA NAPPULA 3KG', 9.95],
      ['PAPERIPYYHE 4 RL', 2.58],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 17.81, notices: [] });
  });

  it('an unknown shop', () => {
    const parsed = readReceiptText(UNKNOWN_STORE);
    expect(priced(parsed)).toEqual([
      ['MAITO 1L', 1.15],
      ['LEIPÄ', 2.4],
    ]);
    expect(parsed.printedTotal).toBe(3.55);
  });

  it('S-kaupat online order: CRLF, fees apart, VÄLISUMMA and BONUSTA lines ignored', () => {
    const parsed = readReceiptText(S_KAUPAT_ONLINE);
    expect(priced(parsed)).toEqual([
      ['KAURAHIUTALE 1KG', 1.45],
      ['BROILERIN RINTAFILE 500G', 6.99],
      ['PAPRIKA PUNAINEN', 1.52],
      ['JOGURTTI MANSIKKA 1KG', 2.98],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 25.34, fees: 12.4, notices: [] });
    expect(parseText(S_KAUPAT_ONLINE).witnesses.vatCents).toBe(2534);
  });

  it('a delivery fragment padded with non-breaking spaces', () => {
    const parsed = readReceiptText(NBSP_FRAGMENT);
    expect(priced(parsed)).toEqual([
      ['PORKKANA 1KG', 1.39],
      ['RUUSUKAALI', 3.58],
    ]);
    expect(parsed).toMatchObject({ printedTotal: 15.47, fees: 10.5, notices: [] });
  });

  it.each([
    ['K-Citymarket', K_CITYMARKET],
    ['K-Market', K_MARKET],
    ['Prisma', PRISMA],
    ['S-market', S_MARKET],
    ['Sale', SALE],
    ['Alepa', ALEPA],
    ['Lidl', LIDL],
    ['Tokmanni', TOKMANNI],
    ['S-kaupat', S_KAUPAT_ONLINE],
  ])('%s: items + deposits + fees − returns equal the printed total', (_, text) => {
    expect(addsUp(readReceiptText(text))).toBe(true);
  });

  it('returns an empty receipt with a warning for text with no receipt in it', () => {
    const parsed = readReceiptText('hello world\n\nnothing to see here');
    expect(parsed.items).toEqual([]);
    expect(parsed.notices.map((notice) => notice.message)).toEqual(['No product lines could be read from this receipt.']);
    expect(parsed.notices.map((notice) => notice.code)).toEqual(['no-product-lines']);
  });
});
