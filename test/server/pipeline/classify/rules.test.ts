// The whole-name rules of the category guide and the head-of-compound rule, on names of each
// class (not the ones the rules were written from).
import { describe, expect, it } from 'vitest';
import { classifyName } from '../../../../src/server/pipeline/classify/classify.ts';
import { readRules } from '../../../../src/server/pipeline/classify/rules.ts';

const read = (name: string) => classifyName(name);

describe('fuel and other non-food lines', () => {
  it('reads fuel grades and pump lines as non-food Other, for sure', () => {
    for (const name of ['95E10', 'NESTE FUTURA 95E10', 'BE 98 E5', '3 BE 98 41,20 1,689', 'DIESEL 45,12 L', 'MOOTTORIBENSIINI 95']) {
      expect(read(name), name).toMatchObject({ category: 'Other', productKey: 'non-food', confidence: 'high', source: 'rule' });
    }
  });

  it('leaves numbers that are no fuel grade alone', () => {
    for (const name of ['KEVYTMAITO 1L 0,95', 'RUISLEIPÄ 950G', 'OMENA 95 SNT']) expect(readRules(name), name).toBeNull();
  });

  it('reads batteries, hair dye and filters as non-food', () => {
    for (const name of ['VARTA LONGLIFE AA 4KPL', 'DURACELL AAA', 'SCHWARZKOPF HIUSVÄRI 5.0', 'KAHVINSUODATINPUSSI 1X4 100KPL']) {
      expect(read(name).category, name).toBe('Other');
      expect(read(name).productKey, name).toBe('non-food');
    }
  });
});

describe('deposits and carrier bags', () => {
  it('reads a deposit and a bag sold at the till as non-food Other, for sure', () => {
    for (const name of ['PANTTI 0,40', 'Pullopantti', 'TÖLKKIPANTTI 0,15', 'panttimaksu']) {
      expect(read(name), name).toMatchObject({ category: 'Other', productKey: 'non-food', confidence: 'high', source: 'rule' });
    }
    for (const name of ['MUOVIKASSI', 'Paperikassi iso', 'KESTOKASSI', 'K-kauppakassi', 'Biokassi']) {
      expect(read(name), name).toMatchObject({ category: 'Other', productKey: 'carrier-bag', confidence: 'high', source: 'rule' });
    }
  });

  it('leaves foods that only share the letters alone', () => {
    for (const name of ['KASSLER 300G', 'Kasslerpala', 'PANTTERI KARKKI']) expect(readRules(name), name).toBeNull();
  });
});

describe('baby food', () => {
  it('reads a meal with an age marker as baby food, whatever meat or vegetable it names', () => {
    for (const name of ['NAUDANLIHAA JA PERUNAA 8KK', 'LOHI-PASTA 12KK 190G', 'PORKKANASOSE 4 KK', 'KANAA RIISIÄ 6-12KK']) {
      expect(read(name), name).toMatchObject({ category: 'Other', productKey: 'baby-food', source: 'rule' });
    }
  });

  it('reads infant formula by its stage and baby porridge by its words', () => {
    expect(read('NUTRILON 2 800G')).toMatchObject({ category: 'Other', productKey: 'baby-formula' });
    expect(read('NAN OPTIPRO 3 JATKOMAITO')).toMatchObject({ category: 'Other', productKey: 'baby-formula' });
    expect(read('LASTEN PUURO KAURA-BANAANI')).toMatchObject({ category: 'Other', productKey: 'baby-food' });
  });

  it('keeps cheese aged for months a cheese', () => {
    expect(read('GOUDA 18KK 300G').category).toBe('Dairy');
  });
});

describe('the head of a compound decides; derivational adjectives describe', () => {
  it('reads the noun a floury, creamy or sugar-free adjective describes', () => {
    expect(read('PERUNA JAUHOINEN 2KG').category).toBe('Vegetables');
    expect(read('MANSIKKAINEN JOGURTTI 150G').category).toBe('Dairy');
    expect(read('KERMAINEN PERUNAMUUSI').category).not.toBe('Dairy');
  });

  it('still reads a compound whose head is a food', () => {
    expect(read('PERUNAJAUHO 1KG').category).toBe('Grains');
    expect(read('KAURAJAUHO 1KG').category).toBe('Grains');
  });
});

describe('drinks named by style, sweets sold loose, milk snacks, receipt abbreviations', () => {
  it('reads beer styles as Beverages', () => {
    for (const name of ['OLVI EXTRA BITTER 0,33', 'PYYNIKIN NEIPA', 'SAHTI 0,5L', 'LAPIN KULTA PILSNER']) expect(read(name).category, name).toBe('Beverages');
  });

  it('reads loose sweets as Processed Food', () => {
    for (const name of ['IRTONAMUT', 'IRTOMAKEISET 0,312 KG']) expect(read(name).category, name).toBe('Processed Food');
  });

  it('reads milk and quark snacks as Dairy', () => {
    for (const name of ['VALIO RAHKAVÄLIPALA VANILJA', 'EILA MAITOVÄLIPALA', 'RIISIVÄLIPALA MANSIKKA']) expect(read(name).category, name).toBe('Dairy');
  });

  it('reads the broiler abbreviation with a cut as poultry', () => {
    expect(read('BR LEIKE 300G').category).toBe('Poultry');
    expect(read('BRL OHUTLEIKE').category).toBe('Poultry');
  });
});
