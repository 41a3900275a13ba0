// The cited factor table: a factor and a typical weight for every product key the lexicon can
// produce, a citation on every row, and the committed numbers reproducible from the shared sources.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../src/server/pipeline/data/csv.ts';
import { CATALOGUE } from '../../../../src/server/pipeline/data/catalogue.ts';
import { FACTORS, factorFor } from '../../../../src/server/pipeline/emissions/factors.ts';
import { buildFactorRows } from '../../../../scripts/data/build-factors.ts';
import { REPO_ROOT, SHARED_DATA, sharedDataPresent } from '../../../../scripts/paths.ts';

const repoRoot = REPO_ROOT;
const sharedData = SHARED_DATA;

describe('emission factor table', () => {
  it('has a factor and a positive typical weight for every product key', () => {
    expect(CATALOGUE.keys.size).toBeGreaterThan(100);
    for (const [key, info] of CATALOGUE.keys) {
      expect(FACTORS.has(key), key).toBe(true);
      expect(info.typicalKg, key).toBeGreaterThan(0);
    }
  });

  it('cites a source row on every factor', () => {
    const rows = parseCsv(readFileSync(resolve(repoRoot, 'data/emission-factors.csv'), 'utf8'));
    expect(rows.length).toBe(CATALOGUE.keys.size);
    for (const row of rows) {
      const citation = row.factor_source ?? '';
      if (row.dataset === 'Agribalyse 3.1') expect(citation, row.key).toMatch(/^Agribalyse 3\.1 #\w+ .+\(cradle to retail\)$/);
      else if (row.dataset === 'Finnish literature') expect(citation, row.key).toMatch(/https?:\/\//);
      else if (row.dataset === 'OWID / Poore & Nemecek 2018') expect(citation, row.key).toMatch(/Poore & Nemecek/);
      else expect(row.kg_co2e_per_kg, row.key).toBe('0');
    }
  });

  it('uses the Finnish values for Finnish staples and Agribalyse retail cuts for meat', () => {
    expect(factorFor('tomato-fi-greenhouse').kgCo2ePerKg).toBe(2.6);
    expect(factorFor('cucumber-fi-greenhouse').kgCo2ePerKg).toBe(2);
    expect(factorFor('eggs').kgCo2ePerKg).toBe(1.67);
    expect(factorFor('rye-bread').kgCo2ePerKg).toBe(1.39);
    expect(factorFor('oat-flakes').kgCo2ePerKg).toBe(0.8);
    expect(factorFor('beer').kgCo2ePerKg).toBe(0.9);
    expect(factorFor('potato').kgCo2ePerKg).toBe(0.12);
    expect(factorFor('rainbow-trout').kgCo2ePerKg).toBe(3.7);
    const milk = factorFor('milk-semi-skimmed').kgCo2ePerKg;
    expect(milk).toBeGreaterThanOrEqual(0.9);
    expect(milk).toBeLessThanOrEqual(1.05);
    const herring = factorFor('baltic-herring').kgCo2ePerKg;
    expect(herring).toBeGreaterThanOrEqual(0.4);
    expect(herring).toBeLessThanOrEqual(1.3);
    expect(factorFor('beef-mince').source).toBe('Agribalyse 3.1 #6254 Beef, minced steak, 15% fat, raw (cradle to retail)');
    expect(factorFor('pork').source).toMatch(/^Agribalyse 3\.1 #28302 /);
    expect(factorFor('non-food').kgCo2ePerKg).toBe(0);
  });

  it('names the product a figure measures when it is quoted in the notes of another product’s row', () => {
    expect(factorFor('lettuce-fi-greenhouse').source).toContain(': potted lettuce 2.7 (in the notes of the greenhouse cucumber row), kg CO2e per kg');
    expect(factorFor('lake-fish').source).toContain(': perch fillet 2.5 (in the notes of the vendace row), kg CO2e per kg');
    expect(factorFor('cucumber-fi-greenhouse').source).not.toMatch(/lettuce/);
  });

  it('orders the animal staples as the literature does', () => {
    const f = (key: string): number => factorFor(key).kgCo2ePerKg;
    expect(f('beef-mince')).toBeGreaterThan(f('pork'));
    expect(f('pork')).toBeGreaterThan(f('chicken'));
    expect(f('cheese-hard')).toBeGreaterThan(f('milk-semi-skimmed'));
    expect(f('milk-semi-skimmed')).toBeGreaterThan(f('oat-drink'));
    expect(f('tomato-fi-greenhouse')).toBeGreaterThan(f('tomato'));
  });

  describe.skipIf(!sharedDataPresent(sharedData, 'factor table rebuilt from the shared data'))('rebuilt from ../shared/data', () => {
    it('matches the committed table row for row', () => {
      const rebuilt = buildFactorRows(sharedData);
      const committed = parseCsv(readFileSync(resolve(repoRoot, 'data/emission-factors.csv'), 'utf8'));
      expect(rebuilt.length - 1).toBe(committed.length);
      rebuilt.slice(1).forEach(([key, value, , , source], i) => {
        expect(committed[i]?.key).toBe(key);
        expect(committed[i]?.kg_co2e_per_kg).toBe(value);
        expect(committed[i]?.factor_source).toBe(source);
      });
    });

    it('takes Agribalyse values at cradle to retail (total minus the consumer stage)', () => {
      // Banana: synthèse total 0.909, consumption stage 0.138 (README of the shared data).
      expect(factorFor('banana').kgCo2ePerKg).toBeCloseTo(0.771, 3);
    });
  });
});
