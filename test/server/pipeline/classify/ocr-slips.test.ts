// A word OCR misread by one look-alike letter is read as the lexicon's word it was; real words of
// another spelling or inflection, and short words, are left as they are.
import { describe, expect, it } from 'vitest';
import { classifyName } from '../../../../src/server/pipeline/classify/classify.ts';
import { readTokens, snapSlip } from '../../../../src/server/pipeline/classify/ocr-slips.ts';

describe('OCR slips of one letter', () => {
  it('reads a thin or round letter taken for its look-alike as the word it was', () => {
    expect(snapSlip('kevytmatto')).toBe('kevytmaito');
    expect(snapSlip('kevytmaiio')).toBe('kevytmaito');
    expect(snapSlip('kevytmaito')).toBeNull();
    expect(classifyName('KEVYTMATTO 1L')).toMatchObject({ category: 'Dairy', productKey: 'milk-semi-skimmed' });
  });

  it('keeps offsets, so the rest of the name still lines up', () => {
    const tokens = readTokens('VALIO KEVYTMATTO 1L');
    expect(tokens.map((token) => token.text)).toEqual(['valio', 'kevytmaito']);
    expect(tokens[1]?.start).toBe(6);
  });

  it('leaves other spellings, inflections and short words as they are', () => {
    // Another spelling (l for j is no look-alike), another inflection (a for n), another word (matto, a carpet).
    expect(snapSlip('vanilla')).toBeNull();
    expect(snapSlip('broileria')).toBeNull();
    expect(snapSlip('matto')).toBeNull();
    expect(classifyName('KYLPYHUONEEN MATTO').category).toBe('Other');
  });
});
