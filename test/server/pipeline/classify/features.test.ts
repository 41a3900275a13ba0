// What the category model reads in a line: compound heads, packs, unit cues, the lexicon's reading
// only when asked, and the cues of the line and store.
import { describe, expect, it } from 'vitest';
import { lineFeatures } from '../../../../src/server/pipeline/classify/features.ts';
import { readLexicon } from '../../../../src/server/pipeline/classify/lexical.ts';
import { repairOcrLetters } from '../../../../src/server/pipeline/classify/normalize.ts';

const features = (name: string, lexicon = false): string[] => lineFeatures(name, {}, lexicon ? readLexicon(name) : null, { lexicon });

describe('the letters and words of a name', () => {
  it('reads the head of a compound, its end, by the word\'s place in the name', () => {
    const read = features('Oddlygood Barista kaurajuoma korvapuusti');
    expect(read).toEqual(expect.arrayContaining(['w:kaurajuoma', 'h5:juoma', 'pm:juoma', 'pl:uusti', 'b:kaurajuoma_korvapuusti']));
  });

  it('reads a compound headed by a pack on its contents, and keeps the pack and the whole word', () => {
    const read = features('PORKKANAPUSSI 1KG');
    expect(read).toEqual(expect.arrayContaining(['w:porkkanapussi', 'pk:pussi', 'h6:rkkana']));
    expect(read).not.toContain('h5:pussi');
    expect(features('TÄYTTÖPUSSI KULTA PS')).toEqual(expect.arrayContaining(['pk:tayttopussi', 'w:kulta']));
  });

  it('reads the pack, its size band and exact size, a multipack, a percentage with its pack\'s unit and an egg size class', () => {
    expect(features('Karhu Lager olut 6X0,33L TLK')).toEqual(expect.arrayContaining(['u:l', 'u:multi', 'u:multi:l', 'u:l:s']));
    expect(features('PERUNA YLEIS 4KG')).toEqual(expect.arrayContaining(['u:kg', 'u:g:l']));
    expect(features('VALIO EMMENTAL 17% 400G')).toEqual(expect.arrayContaining(['u:pct', 'u:pct:g', 'u:g=400']));
    expect(features('Sandels 4,7% 0,33l 6-pack')).toEqual(expect.arrayContaining(['u:l=0.33', 'u:multi', 'u:multi:l', 'u:pct:l']));
    expect(features('PERUNA YLEIS 4KG')).not.toContain('u:multi');
    expect(features('Kanatarhan munat L15')).toContain('u:eggsize');
    expect(features('Kanatarhan munat L15')).not.toContain('u:pct');
  });
});

describe('the lexicon, the line and the store', () => {
  it('adds the lexicon\'s reading only when asked', () => {
    expect(features('kevytmaito 1l').some((f) => f.startsWith('lx:'))).toBe(false);
    expect(features('kevytmaito 1l', true)).toEqual(expect.arrayContaining(['lx:Dairy', 'lx:Dairy:high']));
    expect(features('XQZY', true)).toContain('lx:none');
  });

  it('adds the store kind', () => {
    expect(lineFeatures('PERUNA', { store: 'kiosk' }, null, { lexicon: false })).toContain('s:kiosk');
    expect(lineFeatures('PERUNA', {}, null, { lexicon: false }).some((f) => f.startsWith('s:'))).toBe(false);
  });
});

describe('OCR letters', () => {
  it('reads an exclamation mark after letters as the i OCR lost, and leaves one after digits', () => {
    expect(repairOcrLetters('vaniljakreemidonits!')).toBe('vaniljakreemidonitsi');
    expect(repairOcrLetters('jauhel!ha')).toBe('jauheliha');
    expect(repairOcrLetters('1,99!')).toBe('1,99!');
  });
});
