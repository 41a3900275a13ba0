// The cited factor table: a factor, a range and a typical weight for every product key the lexicon
// can produce, a citation on every row, the committed numbers reproducible from the shared sources,
// and every value compared with another source (a far one saying why).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../../../../src/contract.ts';
import { parseCsv } from '../../../../src/server/pipeline/data/csv.ts';
import { CATALOGUE } from '../../../../src/server/pipeline/data/catalogue.ts';
import { CATEGORY_SPREAD, categoryMedianFactor } from '../../../../src/server/pipeline/emissions/category-factors.ts';
import { FACTORS, factorFor } from '../../../../src/server/pipeline/emissions/factors.ts';
import { buildFactorRows, FACTOR_COLUMNS } from '../../../../scripts/data/build-factors.ts';
import { loadSources } from '../../../../scripts/data/factors/sources.ts';
import { NOTE_RATIO, sourcedFactors, uncompared, unexplained } from '../../../../scripts/data/factors/table.ts';
import { REPO_ROOT, SHARED_DATA, sharedDataPresent } from '../../../../scripts/paths.ts';

const committed = parseCsv(readFileSync(resolve(REPO_ROOT, 'data/emission-factors.csv'), 'utf8'));
const f = (key: string): number => factorFor(key).kgCo2ePerKg;

describe('emission factor table', () => {
  it('has a factor and a positive typical weight for every product key', () => {
    expect(CATALOGUE.keys.size).toBeGreaterThan(100);
    for (const [key, info] of CATALOGUE.keys) {
      expect(FACTORS.has(key), key).toBe(true);
      expect(info.typicalKg, key).toBeGreaterThan(0);
    }
  });

  it('cites a source row on every factor', () => {
    expect(committed.length).toBe(CATALOGUE.keys.size);
    for (const row of committed) {
      const citation = row.factor_source ?? '';
      if (row.dataset === 'Agribalyse 3.1') expect(citation, row.key).toMatch(/^Agribalyse 3\.1 #\w+ .+\(cradle to retail\)$/);
      else if (row.dataset === 'Finnish literature' || row.dataset === 'Published literature') expect(citation, row.key).toMatch(/https?:\/\//);
      else if (row.dataset === 'OWID / Poore & Nemecek 2018') expect(citation, row.key).toMatch(/Poore & Nemecek/);
      else expect(row.kg_co2e_per_kg, row.key).toBe('0');
    }
  });

  it('gives every food factor a range around it, and says how it was made', () => {
    for (const factor of FACTORS.values()) {
      if (factor.kgCo2ePerKg === 0) {
        expect([factor.low, factor.high], factor.key).toEqual([0, 0]);
        continue;
      }
      expect(factor.low, factor.key).toBeLessThan(factor.kgCo2ePerKg);
      expect(factor.high, factor.key).toBeGreaterThan(factor.kgCo2ePerKg);
    }
    for (const row of committed) if (row.kg_co2e_per_kg !== '0') expect(row.range_basis, row.key).toMatch(/^low .+; high .+/);
  });

  it('makes a Finnish value narrower than a French one, that narrower than a proxy, and a category widest', () => {
    // Rows whose sources reach neither side keep the default width of their data quality.
    const widths = new Map<string, Set<number>>();
    for (const row of committed) {
      if (!/^low ×\/÷ .*; high ×\/÷ /.test(row.range_basis ?? '')) continue;
      const width = Number(row.high) / Number(row.kg_co2e_per_kg);
      widths.set(row.quality ?? '', new Set([...(widths.get(row.quality ?? '') ?? []), Math.round(width * 100) / 100]));
    }
    expect([...(widths.get('finnish') ?? [])]).toEqual([1.25]);
    expect([...(widths.get('french') ?? [])]).toEqual([1.5]);
    expect([...(widths.get('proxy') ?? [])]).toEqual([2]);
    for (const category of CATEGORY_NAMES) {
      const median = categoryMedianFactor(category);
      expect(median.high / median.kgCo2ePerKg, category).toBeGreaterThanOrEqual(CATEGORY_SPREAD - 1e-3);
      expect(median.kgCo2ePerKg / median.low, category).toBeGreaterThanOrEqual(CATEGORY_SPREAD - 1e-3);
    }
  });

  it('uses Finnish values for Finnish staples and sets the range, not the value, with figures per carcass kg', () => {
    expect(f('tomato-fi-greenhouse')).toBe(2.6);
    expect(f('cucumber-fi-greenhouse')).toBe(2);
    expect(f('eggs')).toBe(1.67);
    expect(f('rye-bread')).toBe(1.39);
    expect(f('oat-flakes')).toBe(0.8);
    expect(f('beer')).toBe(0.9);
    expect(f('potato')).toBe(0.12);
    expect(f('rainbow-trout')).toBe(3.7);
    expect(f('sugar')).toBe(0.675);
    expect(f('oat-drink')).toBe(0.32);
    const milk = f('milk-semi-skimmed');
    expect(milk).toBeGreaterThanOrEqual(0.9);
    expect(milk).toBeLessThanOrEqual(1.05);
    const herring = f('baltic-herring');
    expect(herring).toBeGreaterThanOrEqual(0.4);
    expect(herring).toBeLessThanOrEqual(1.3);
    expect(factorFor('beef-mince').source).toBe('Agribalyse 3.1 #6254 Beef, minced steak, 15% fat, raw (cradle to retail)');
    // Finnish pork is 3.2–3.75 per kg carcass at the slaughterhouse gate: the French retail cut stays, the Finnish figure sets its low.
    expect(factorFor('pork').source).toMatch(/^Agribalyse 3\.1 #28302 /);
    expect(factorFor('pork').low).toBe(3.21);
    expect(factorFor('chicken').low).toBe(2.4);
    expect(factorFor('beef').low).toBe(13.4);
    expect(f('non-food')).toBe(0);
  });

  it('names the product a figure measures when it is quoted in the notes of another product’s row', () => {
    expect(factorFor('lettuce-fi-greenhouse').source).toContain(': potted lettuce 2.7 (in the notes of the greenhouse cucumber row), kg CO2e per kg');
    expect(factorFor('lake-fish').source).toContain(': perch fillet 2.5 (in the notes of the vendace row), kg CO2e per kg');
    expect(factorFor('cucumber-fi-greenhouse').source).not.toMatch(/lettuce/);
  });

  it('books each product as itself, not as another product or another form of it', () => {
    // Game and reindeer are not beef steak.
    expect(f('game')).toBeLessThan(f('beef') / 2);
    expect(f('reindeer')).toBeLessThan(f('beef'));
    expect(factorFor('reindeer').source).toMatch(/reindeer meat/);
    // Tea leaves are not brewed tea scaled up; a butter–rapeseed blend lies between its two fats.
    expect(factorFor('tea').source).not.toMatch(/brewed/);
    expect(f('butter-blend')).toBeLessThan(f('butter'));
    expect(f('butter-blend')).toBeGreaterThan(f('rapeseed-oil'));
    // A sausage or soup is not far above or below the meat or vegetables it is made of.
    expect(f('chicken-sausage')).toBeLessThan(1.5 * f('chicken'));
    expect(f('soup-poultry')).toBeGreaterThan(f('soup'));
    expect(f('soup-fish')).toBeLessThan(f('salmon'));
    expect(f('meatballs')).toBeGreaterThan(f('mince-mixed') / 2);
    // Sea white fish is not cod alone, and the Finnish catch reaches into its range; mussels' range reaches their farm-gate figure.
    expect(f('white-fish')).toBeLessThan(f('herring') * 4);
    expect(factorFor('white-fish').low).toBeLessThanOrEqual(2.5);
    expect(factorFor('mussels').low).toBeLessThanOrEqual(1);
  });

  it('keeps every category fallback among the products it stands for', () => {
    for (const category of CATEGORY_NAMES) {
      const members = [...CATALOGUE.keys.values()]
        .filter((info) => info.category === category)
        .map((info) => f(info.key))
        .filter((value) => value > 0)
        .sort((a, b) => a - b);
      if (members.length === 0) continue;
      const fallback = categoryMedianFactor(category).kgCo2ePerKg;
      // Not below every member (unknown grains below any bread), nor above every one.
      expect(fallback, category).toBeGreaterThanOrEqual(members[Math.floor((members.length - 1) / 4)]!);
      expect(fallback, category).toBeLessThanOrEqual(members[Math.ceil(((members.length - 1) * 3) / 4)]!);
    }
    expect(categoryMedianFactor('Grains').kgCo2ePerKg).toBeGreaterThanOrEqual(f('rye-bread'));
  });

  it('orders the animal staples as the literature does', () => {
    expect(f('beef-mince')).toBeGreaterThan(f('pork'));
    expect(f('pork')).toBeGreaterThan(f('chicken'));
    expect(f('cheese-hard')).toBeGreaterThan(f('milk-semi-skimmed'));
    expect(f('milk-semi-skimmed')).toBeGreaterThan(f('oat-drink'));
    expect(f('tomato-fi-greenhouse')).toBeGreaterThan(f('tomato'));
  });

  it('keeps the columns the build writes', () => {
    const header = readFileSync(resolve(REPO_ROOT, 'data/emission-factors.csv'), 'utf8').split('\n')[0];
    expect(header).toBe(FACTOR_COLUMNS.join(','));
  });

  const sharedFactors = resolve(SHARED_DATA, 'emission-factors');
  describe.skipIf(!sharedDataPresent(sharedFactors, 'factor table rebuilt from the shared data'))('rebuilt from ../shared/data', () => {
    it('matches the committed table row for row', () => {
      const rebuilt = buildFactorRows(SHARED_DATA);
      expect(rebuilt.length - 1).toBe(committed.length);
      rebuilt.slice(1).forEach((cells, i) => {
        FACTOR_COLUMNS.forEach((column, c) => expect(committed[i]?.[column], `${cells[0]} ${column}`).toBe(cells[c]));
      });
    });

    it('compares every food factor with another source, and says why where it differs by more than 1.6×', () => {
      const rows = sourcedFactors({ sources: loadSources(SHARED_DATA) });
      expect(uncompared(rows).map((row) => row.key)).toEqual([]);
      expect(unexplained(rows).map((row) => row.key)).toEqual([]);
      const far = rows.filter((row) => row.best !== null && row.best.ratio > NOTE_RATIO);
      expect(far.length).toBeGreaterThan(10);
      for (const row of far) expect(row.whyDiffers, row.key).toMatch(/^(method|country|product form|product|boundary|data): \S/);
    });

    it('takes Agribalyse values at cradle to retail (total minus the consumer stage)', () => {
      // Banana: synthèse total 0.909, consumption stage 0.138 (README of the shared data).
      expect(f('banana')).toBeCloseTo(0.771, 3);
    });
  });
});
