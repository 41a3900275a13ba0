// The locked fold: a stable quarter of the labelled names, decided by the name's words alone, that
// no training name or lexicon term may come from.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldOnlyEntries } from '../../../../scripts/data/audit-lexicon.ts';
import { crossValidationPart, foldKey, inLockedFold } from '../../../../scripts/data/model/fold.ts';
import { allTrainingNames } from '../../../../scripts/data/model/sources.ts';
import { SHARED_DATA, sharedDataPresent } from '../../../../scripts/paths.ts';

// Made-up names of every shape, so the share is a property of the hash, not of a data set.
const NAMES = Array.from({ length: 4000 }, (_, i) => `Tuote${i.toString(36)} maku${(i * 7919).toString(36)} 400g`);

describe('the locked fold', () => {
  it('holds about a quarter of the names, the same ones on every run', () => {
    const share = NAMES.filter(inLockedFold).length / NAMES.length;
    expect(share).toBeGreaterThan(0.22);
    expect(share).toBeLessThan(0.28);
    expect(NAMES.map(inLockedFold)).toEqual(NAMES.map(inLockedFold));
  });

  it('keeps pack-size and spelling variants of a name on the same side', () => {
    expect(foldKey('Valio kevytmaito 1l')).toBe(foldKey('VALIO KEVYTMAITO 1,5L'));
    for (const name of NAMES.slice(0, 200)) {
      expect(inLockedFold(name.replace('400g', '1KG').toUpperCase()), name).toBe(inLockedFold(name));
    }
  });

  it('is drawn on the words as they were read when it was drawn, not as the classifier reads them now', () => {
    // The same 950 of these names every time: a change of the hash or of the key would move names
    // into the fold after the model was trained on them.
    expect(NAMES.filter(inLockedFold)).toHaveLength(950);
    // The classifier skips what a product lacks and reads `!` after letters as an i; the key does not.
    expect(foldKey('CURRY EI LIS SUOLAA 50G')).toBe('curry ei lis suolaa');
    expect(foldKey('Jauhel!ha 400g')).toBe('jauhel ha');
  });

  it('is split again, independently, for cross-validation', () => {
    const inFold = NAMES.filter(inLockedFold);
    const parts = new Set(inFold.map((name) => crossValidationPart(name, 5)));
    expect(parts.size).toBe(5);
  });

  it.skipIf(!sharedDataPresent(join(SHARED_DATA, 'products'), 'the locked fold of the shared product names'))(
    'gives the model no training name and the lexicon no term of its own',
    () => {
      expect(allTrainingNames().filter((sample) => inLockedFold(sample.name))).toHaveLength(0);
      // Counted, never listed: the fold stays unread.
      expect(foldOnlyEntries().length).toBe(0);
    },
  );
});
