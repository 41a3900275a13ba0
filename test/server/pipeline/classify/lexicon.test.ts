// The lexicon and product-key tables are data: these checks keep them loadable and consistent.
import { describe, expect, it } from 'vitest';
import { buildCatalogue, CATALOGUE } from '../../../../src/server/pipeline/data/catalogue.ts';
import { parseCsv } from '../../../../src/server/pipeline/data/csv.ts';
import { buildLexicon, LEXICON } from '../../../../src/server/pipeline/classify/lexicon.ts';
import { FACTORS } from '../../../../src/server/pipeline/emissions/factors.ts';

const HEADER = 'term,key,role,match,rank';

describe('lexicon table', () => {
  it('names only known product keys and folded terms', () => {
    expect(LEXICON.length).toBeGreaterThan(1000);
    for (const entry of LEXICON) {
      expect(entry.term).toMatch(/^[a-z]{2,}$/);
      if (entry.role !== 'ignore' && entry.role !== 'pack' && entry.role !== 'origin') {
        expect(CATALOGUE.keys.has(entry.key), entry.term).toBe(true);
      }
    }
  });

  it('gives every product key it names a cited factor and a typical weight', () => {
    for (const entry of LEXICON) {
      if (!entry.key) continue;
      expect(FACTORS.get(entry.key)?.source, entry.term).toBeTruthy();
      expect(CATALOGUE.get(entry.key).typicalKg, entry.term).toBeGreaterThan(0);
    }
  });

  it('rejects an unknown product key, an unfolded term, a cut without a cut key and a repeated term', () => {
    const load = (rows: string) => () => buildLexicon(parseCsv(`${HEADER}\n${rows}`), CATALOGUE);
    expect(load('banaani,no-such-key,,,')).toThrow(/unknown product key/);
    expect(load('päärynä,pear,,,')).toThrow(/folded/);
    expect(load('banaani,banana,cut,,')).toThrow(/cut/);
    expect(load('banaani,banana,,,\nbanaani,apple,,,')).toThrow(/twice/);
    expect(load('banaani,banana,,,')).not.toThrow();
  });

  it('reaches every category through some term', () => {
    const categories = new Set(LEXICON.filter((e) => e.key).map((e) => CATALOGUE.get(e.key).category));
    expect(categories.size).toBe(13);
  });
});

describe('product keys table', () => {
  it('refines cuts and dishes by species and group', () => {
    expect(CATALOGUE.refine('mince-mixed', 'beef')).toBe('beef-mince');
    expect(CATALOGUE.refine('pork-sausage', 'chicken')).toBe('chicken-sausage');
    expect(CATALOGUE.refine('chicken-fillet', 'salmon')).toBe('salmon');
    expect(CATALOGUE.refine('soup', 'salmon')).toBe('soup-fish');
    expect(CATALOGUE.refine('soup', 'game')).toBe('soup-meat');
    expect(CATALOGUE.refine('pasta', 'tuna')).toBe('meal-fish');
    expect(CATALOGUE.refine('banana', 'beef')).toBeNull();
  });

  it('has one fallback key per category', () => {
    for (const info of CATALOGUE.keys.values()) {
      if (info.fallbackFor) expect(CATALOGUE.fallbackKey(info.fallbackFor)).toBe(info.key);
    }
    expect(CATALOGUE.fallbackKey('Eggs')).toBe('eggs');
  });

  it('rejects an unknown category and a missing typical weight', () => {
    const header = 'key,category,typical_kg,species,group,cut,finnish_key,fallback_for,description';
    expect(() => buildCatalogue(parseCsv(`${header}\nx,Snacks,0.1,,,,,,`))).toThrow(/category/);
    expect(() => buildCatalogue(parseCsv(`${header}\nx,Fruits,,,,,,,`))).toThrow(/typical_kg/);
  });
});
