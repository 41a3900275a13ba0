// Weights: the printed weight of a weighed line, else the pack size in the name times the count,
// else a typical pack for the product key (marked estimated). A litre of drink counts as 1 kg.
import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../../../../src/server/pipeline/types.ts';
import { readEggCount, readPackSize } from '../../../../src/server/pipeline/weigh/pack-size.ts';
import { weighItem } from '../../../../src/server/pipeline/weigh/index.ts';
import { CATALOGUE } from '../../../../src/server/pipeline/data/catalogue.ts';

function line(name: string, quantity: number | null = 1, weightKg: number | null = null): ParsedItem {
  return { name, price: 1, quantity, weightKg, unitPrice: null, discount: 0 };
}

describe('pack sizes in names', () => {
  it.each([
    ['Pirkka jauheliha 400G', 0.4],
    ['kinkku 400 g', 0.4],
    ['PORKKANA 1KG', 1],
    ['Coca-Cola 1,5L', 1.5],
    ['COCA-COLA 0,5L PL', 0.5],
    ['KEVYTMAITOJUOMA 1 L UHT', 1],
    ['Kuohukerma 5 dl', 0.5],
    ['Karhu 6X0,33L', 1.98],
    ['Karhu Lager olut 8X0,33L TLK', 2.64],
    ['Olut 12x0,33', 3.96],
    ['Korvapuusti kaurapatukka 6x30g', 0.18],
    ['Herkkumaa viipalekurk 670/360g', 0.67],
    ['TONNIKALA VED MSC 200/', 0.2],
    ['Punajuuret 380/230G', 0.38],
    ['Pirkka kananmunia 10kpl/580g', 0.58],
    ['Jok Iso mustikkapiirakka 2x120', 0.24],
    ['OREGANO 7G', 0.007],
    ['Arla Keso raejuusto 200g 1,5%', 0.2],
    ['sallinen maapähkinä lkg', 1],
    // OCR slips: the 1 read as a stroke letter, the g of a round gram figure read as a 9.
    ['Sallinen maapähkinä ikg', 1],
    ['Rainbow tonnikala vedessä 1859/1409', 0.185],
    ['Broilerin ohutleike 3009', 0.3],
    ['Pirkka kikherneet 380g9/230g', 0.38],
  ])('%s → %s kg', (name, kg) => {
    expect(readPackSize(name)?.kg).toBeCloseTo(kg, 6);
  });

  it('reads no size from percentages, millimetres, centimetres or size classes', () => {
    for (const name of ['Kermaviili 12%', 'Hammasväliharja 0,6mm', 'FOAM-RULLA 46CM', 'SITRUUNA I ESPANJA 35/45', 'D-VITAM 50 MIKROG']) {
      expect(readPackSize(name), name).toBeNull();
    }
  });

  it('reads no grams from a 9 after a figure that is not round', () => {
    for (const name of ['Kivennäisvesi 2119', 'Kivennäisvesi 2019']) expect(readPackSize(name), name).toBeNull();
  });

  it('reads a stroke after a digit as that digit read twice, not as a second 1', () => {
    expect(readPackSize('TURKKILAINEN JOGURTTI 10% 1IKG')?.kg).toBe(1);
    expect(readPackSize('Porkkana 1lkg')?.kg).toBe(1);
  });

  it('counts eggs from 10KPL and size classes like L15', () => {
    expect(readEggCount('Pirkka kananmuna 10KPL')).toBe(10);
    expect(readEggCount('ISOT KANANMUNAT VAPAA L15')).toBe(15);
    expect(readEggCount('Kananmunat M10')).toBe(10);
    expect(readEggCount('Kananmunat')).toBeNull();
    // OCR reads the size class L as a 1; a bare two-digit figure stays unread.
    expect(readEggCount('ISOT KANANMUNAT VAPAA 110')).toBe(10);
    expect(readEggCount('KANANMUNA 12')).toBeNull();
  });
});

describe('line weights', () => {
  it('takes the printed weight of a weighed line, whatever the name says', () => {
    expect(weighItem(line('BANAANI 1KG', null, 0.512), 'banana')).toEqual({ kg: 0.512, estimated: false, quantity: 1, basis: 'printed' });
  });

  it('multiplies the pack size by the count', () => {
    expect(weighItem(line('PORKKANA 1KG', 5), 'carrot')).toMatchObject({ kg: 5, estimated: false, quantity: 5 });
    expect(weighItem(line('GLÖGI TUMMA SOKEROIMATON 1L', 2), 'cordial').kg).toBe(2);
    expect(weighItem(line('Juustopaahtoleipä 450g', 2), 'bread-wheat').kg).toBeCloseTo(0.9, 6);
  });

  it('weighs a pack of eggs at about 60 g an egg', () => {
    expect(weighItem(line('Pirkka suomalainen kananmuna 10kpl'), 'eggs').kg).toBeCloseTo(0.6, 6);
    expect(weighItem(line('ISOT KANANMUNAT VAPAA L15', 2), 'eggs').kg).toBeCloseTo(1.8, 6);
  });

  it('repairs OCR litres on drinks and reads a trailing weight cut short by the till', () => {
    expect(weighItem(line('valio rasvaton maito 1,51'), 'milk-skimmed').kg).toBe(1.5);
    expect(weighItem(line('Rosten Kaura-Vehnäleipävii 400'), 'bread-wheat').kg).toBe(0.4);
  });

  it('falls back to the typical pack of the product key, marked estimated', () => {
    const weight = weighItem(line('KEVYTMAITO', 3), 'milk-semi-skimmed');
    expect(weight).toMatchObject({ estimated: true, quantity: 3, basis: 'typical' });
    expect(weight.kg).toBeCloseTo(3 * CATALOGUE.get('milk-semi-skimmed').typicalKg, 6);
  });

  it('ignores volumes printed on non-food (a bin bag of 30 litres weighs no 30 kg)', () => {
    expect(weighItem(line('COOP ROSKAPUSSI 30L 25KPL MUSTA'), 'non-food')).toMatchObject({ estimated: true, basis: 'typical' });
  });
});
