import { describe, expect, it } from 'vitest';
import { readReceiptText } from '../../../../src/server/pipeline/read/index.ts';
import {
  ALEPA,
  K_CITYMARKET,
  K_MARKET,
  K_SUPERMARKET_OCR,
  LIDL,
  LIDL_OFFSET_OCR,
  NBSP_FRAGMENT,
  PRISMA,
  PRISMA_OCR,
  SALE,
  SOKOS_HERKKU,
  S_KAUPAT_ONLINE,
  S_MARKET,
  TOKMANNI,
  UNKNOWN_STORE,
} from './receipt-texts.ts';

const store = (text: string) => readReceiptText(text).store;

describe('store name and chain', () => {
  it.each([
    ['K-Citymarket', K_CITYMARKET, 'K-Citymarket Espoo Iso Omena', 'K-Citymarket'],
    ['K-Market', K_MARKET, 'K-Market Kalevanpuisto', 'K-Market'],
    ['K-Supermarket (lower-case OCR)', K_SUPERMARKET_OCR, 'K-Supermarket Kamppi', 'K-Supermarket'],
    ['Prisma', PRISMA, 'Prisma Kaleva', 'Prisma'],
    ['Prisma (noisy OCR)', PRISMA_OCR, 'Prisma Kaleva', 'Prisma'],
    ['S-market', S_MARKET, 'S-market Hervanta', 'S-market'],
    ['Sale', SALE, 'Sale Kaleva', 'Sale'],
    ['Alepa', ALEPA, 'Alepa Kallio', 'Alepa'],
    ['Sokos Herkku (named in the footer only)', SOKOS_HERKKU, 'Sokos Herkku Keskusta', 'Sokos Herkku'],
    ['Lidl (logo line, then the place)', LIDL, 'Lidl Tampere-Hatanpää', 'Lidl'],
    ['Lidl (OCR)', LIDL_OFFSET_OCR, 'Lidl Tampere-Hatanpää', 'Lidl'],
    ['Tokmanni', TOKMANNI, 'Tokmanni Tampere Lielahti', 'Tokmanni'],
    ['S-kaupat online order', S_KAUPAT_ONLINE, 'Prisma ruoan verkkokauppa Espoo', 'S-kaupat'],
  ])('%s', (_, text, name, chain) => {
    expect(store(text)).toEqual({ name, chain });
  });

  it('names an unknown store by its first meaningful header line, with no chain', () => {
    expect(store(UNKNOWN_STORE)).toEqual({ name: 'Lähikauppa Koivula', chain: null });
  });

  it('leaves both empty for a fragment without a header', () => {
    expect(store(NBSP_FRAGMENT)).toEqual({ name: null, chain: null });
  });

  it.each([
    ['*PRISMA HERVANTA TAMPERE p. 0107670000*', 'Prisma Hervanta', 'Prisma'],
    ['MYLLYPURON PRISMA', 'Myllypuron Prisma', 'Prisma'],
    ['SOKOS TURKU puh.0107671234', 'Sokos Turku', 'Sokos'],
    ['k-citymarket ideapark', 'K-Citymarket Ideapark', 'K-Citymarket'],
    ['K CITYMARKET RAISIO', 'K-Citymarket Raisio', 'K-Citymarket'],
    ['S MARKET TAMMELA', 'S-market Tammela', 'S-market'],
    ['K-MARKET SAMMONKATU', 'K-Market Sammonkatu', 'K-Market'],
    ['K-SUPERMARKET KONALA', 'K-Supermarket Konala', 'K-Supermarket'],
    ['ALEPA MERIHAKA', 'Alepa Merihaka', 'Alepa'],
  ])('writes the header %j as %j', (header, name, chain) => {
    expect(store(`${header}\nPuh. 010 123 4567\n1.2.2024 12:00\nMAITO 1,15\nYHTEENSÄ 1,15\n`)).toEqual({ name, chain });
  });

  it('does not mistake the address, phone or business ID for the name of an unknown store', () => {
    const text = 'Y-tunnus 1234567-8\nKoivukuja 5, 12345 Koivula\n040 123 4567\nKYLÄKAUPPA HONKA\n1.2.2024 12:00\nMAITO 1,15\nYHTEENSÄ 1,15\n';
    expect(store(text)).toEqual({ name: 'Kyläkauppa Honka', chain: null });
  });
});
