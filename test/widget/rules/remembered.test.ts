// Remembered corrections as pure rules: the key a line is kept under, what a change keeps, how a
// later receipt's lines change (and which do not), marks through later edits, the stored list.
import { describe, expect, it } from 'vitest';
import type { AnalysisItem, AnalysisResult } from '../../../src/contract.ts';
import {
  carryMarks,
  checkRemembered,
  checkRememberedList,
  mergeRemembered,
  normalizedName,
  readRemembered,
  rememberedRequest,
  rememberEdit,
  writeRemembered,
  type RememberedCorrection,
} from '../../../src/widget/rules/remembered.ts';
import { analysis } from '../support/fixtures.ts';

const oats: AnalysisItem = { name: 'Elovena kaurahiutale 1kg', category: 'Grains', weight: 1, emissions: 0.8, price: 1.89, quantity: 1, piece_weight: 1 };
const drink: AnalysisItem = { name: 'Oatly kaurajuoma 1L', category: 'Plant Proteins', weight: 2, emissions: 1.1, price: 2.3, quantity: 2, piece_weight: 1 };
const banana: AnalysisItem = { name: 'Pirkka banaani', category: 'Fruits', weight: 0.52, emissions: 0.4, price: 0.98, quantity: 1 };

function receipt(items: AnalysisItem[]): AnalysisResult {
  return analysis({ items });
}

describe('normalizedName', () => {
  it('gives one key to the same line printed, or read, with other case, spacing and specks', () => {
    const key = normalizedName('Pirkka banaani');
    for (const variant of ['PIRKKA BANAANI', ' Pirkka  banaani ', '*Pirkka banaani.', 'Pirkka\u00a0banaani']) {
      expect(normalizedName(variant)).toBe(key);
    }
    // Decomposed Ä (as some PDFs write it) is the same letter.
    expect(normalizedName('HA\u0308RKIS')).toBe(normalizedName('Härkis'));
  });

  it('keeps what tells two products apart: sizes, percentages, letters inside', () => {
    expect(normalizedName('Valio maito 1l')).not.toBe(normalizedName('Valio maito 1,5l'));
    expect(normalizedName('Lapin Kulta 4,5%')).toBe('lapin kulta 4,5%');
    expect(normalizedName('Kevytmaito')).not.toBe(normalizedName('Rasvaton maito'));
  });
});

describe('rememberEdit', () => {
  it('keeps a category and an amount under the line’s name, the latest first, beside what was kept', () => {
    let list = rememberEdit([], oats, { type: 'category', index: 0, category: 'Processed Food' }, '2025-11-04');
    expect(list).toEqual([{ key: 'elovena kaurahiutale 1kg', name: 'Elovena kaurahiutale 1kg', category: 'Processed Food', date: '2025-11-04' }]);
    list = rememberEdit(list, drink, { type: 'amount', index: 1, amount: { unit: 'kg', value: 2.1 } }, '2025-11-05');
    list = rememberEdit(list, oats, { type: 'amount', index: 0, amount: { unit: 'g', value: 500 } }, '2025-11-06');
    expect(list.map((entry) => entry.key)).toEqual(['elovena kaurahiutale 1kg', 'oatly kaurajuoma 1l']);
    expect(list[0]).toMatchObject({ category: 'Processed Food', amount: { unit: 'g', value: 500, per: 1 }, date: '2025-11-06' });
    // The drink's amount was given for a line of two packs.
    expect(list[1]!.amount).toEqual({ unit: 'kg', value: 2.1, per: 2 });
  });

  it('remembers nothing of a removal, an added item, a line put back as read, or a weighed line’s amount', () => {
    const kept = rememberEdit([], oats, { type: 'category', index: 0, category: 'Other' }, '2025-11-04');
    expect(rememberEdit(kept, banana, { type: 'amount', index: 2, amount: { unit: 'kg', value: 2 } }, '2025-11-05')).toEqual(kept);
    expect(rememberEdit(kept, oats, { type: 'remove', index: 0 }, '2025-11-05')).toEqual(kept);
    expect(rememberEdit(kept, oats, { type: 'add', name: 'Maito', amount: null }, '2025-11-05')).toEqual(kept);
    expect(rememberEdit(kept, oats, { type: 'as-read', index: 0, item: { name: oats.name } }, '2025-11-05')).toEqual(kept);
  });
});

describe('rememberedRequest', () => {
  const kept: RememberedCorrection[] = [
    { key: 'elovena kaurahiutale 1kg', name: 'Elovena kaurahiutale 1kg', category: 'Processed Food', date: '2025-11-04' },
    { key: 'oatly kaurajuoma 1l', name: 'Oatly kaurajuoma 1L', amount: { unit: 'kg', value: 2.2, per: 2 }, date: '2025-11-04' },
    { key: 'pirkka banaani', name: 'Pirkka banaani', category: 'Other', amount: { unit: 'kg', value: 2, per: 1 }, date: '2025-11-04' },
  ];

  it('changes the lines of the same name, keeps the rest as read, and keeps each changed line as read', () => {
    const later = receipt([{ ...drink, name: 'OATLY KAURAJUOMA 1L', quantity: 3, weight: 3 }, { ...oats, name: 'Elovena  kaurahiutale 1KG' }, { ...banana, weight: 0.8 }]);
    const planned = rememberedRequest(later, kept)!;
    expect(planned.request.items).toEqual([
      // Three packs at the 1.1 kg a pack the visitor gave.
      { name: 'OATLY KAURAJUOMA 1L', category: 'Plant Proteins', price: 2.3, weight: 3.3 },
      { name: 'Elovena  kaurahiutale 1KG', category: 'Processed Food', price: 1.89, quantity: 1 },
      // A weighed line keeps the weight printed on this receipt; only its category changes.
      { name: 'Pirkka banaani', category: 'Other', price: 0.98, weight: 0.8 },
    ]);
    expect(planned.asRead).toEqual([
      { name: 'OATLY KAURAJUOMA 1L', category: 'Plant Proteins', price: 2.3, quantity: 3 },
      { name: 'Elovena  kaurahiutale 1KG', category: 'Grains', price: 1.89, quantity: 1 },
      { name: 'Pirkka banaani', category: 'Fruits', price: 0.98, weight: 0.8 },
    ]);
    expect(planned.request.store_info).toEqual(later.store_info);
  });

  it('is null when no line would change: other names, or the correction is already what was read', () => {
    expect(rememberedRequest(receipt([{ ...oats, name: 'Elovena kaurahiutale 500g' }]), kept)).toBeNull();
    expect(rememberedRequest(receipt([{ ...oats, category: 'Processed Food' }]), kept)).toBeNull();
    expect(rememberedRequest(receipt([oats]), [])).toBeNull();
  });

  it('leaves an amount out that would pass the backend’s bounds', () => {
    const huge: RememberedCorrection[] = [{ key: 'oatly kaurajuoma 1l', name: 'Oatly kaurajuoma 1L', amount: { unit: 'kg', value: 60, per: 1 }, date: '2025-11-04' }];
    expect(rememberedRequest(receipt([{ ...drink, quantity: 2 }]), huge)).toBeNull();
  });

  it('scales pieces by the line’s count', () => {
    const eggs: AnalysisItem = { name: 'Kananmuna', category: 'Eggs', weight: 0.06, emissions: 0.1, price: 0.3, quantity: 1, piece_weight: 0.06 };
    const pieces: RememberedCorrection[] = [{ key: 'kananmuna', name: 'Kananmuna', amount: { unit: 'pcs', value: 6, per: 1 }, date: '2025-11-04' }];
    expect(rememberedRequest(receipt([{ ...eggs, quantity: 2 }]), pieces)!.request.items[0]).toMatchObject({ quantity: 12 });
  });
});

describe('carryMarks', () => {
  const marks = [{ name: 'a' }, null, { name: 'c' }];
  const shown = { ...receipt([oats, drink, banana]), rememberedFrom: marks };
  const answer = receipt([oats, drink, banana]);

  it('follows removals and additions, and drops the mark of a line the visitor changed or put back', () => {
    expect(carryMarks(shown, { type: 'remove', index: 0 }, answer).rememberedFrom).toEqual([null, { name: 'c' }]);
    expect(carryMarks(shown, { type: 'add', name: 'x', amount: null }, answer).rememberedFrom).toEqual([...marks, null]);
    expect(carryMarks(shown, { type: 'category', index: 2, category: 'Other' }, answer).rememberedFrom).toEqual([{ name: 'a' }, null, null]);
    const back = carryMarks(shown, { type: 'as-read', index: 0, item: { name: 'a' } }, answer);
    expect(back.rememberedFrom).toEqual([null, null, { name: 'c' }]);
    // No marks left: the answer as it came.
    expect(carryMarks({ ...answer, rememberedFrom: [{ name: 'a' }, null, null] }, { type: 'as-read', index: 0, item: { name: 'a' } }, answer)).toBe(answer);
  });
});

describe('the stored list', () => {
  const entry: RememberedCorrection = { key: 'pirkka banaani', name: 'Pirkka banaani', category: 'Fruits', date: '2025-11-04' };

  it('writes and reads back the switch and the list; nothing stored is on and empty', () => {
    expect(readRemembered(writeRemembered(false, [entry]))).toEqual({ enabled: false, corrections: [entry], unreadable: false });
    expect(readRemembered(null)).toEqual({ enabled: true, corrections: [], unreadable: false });
  });

  it('reads damaged data as nothing kept, and says so', () => {
    for (const bad of ['{', '[]', JSON.stringify({ version: 2, enabled: true, corrections: [] }), JSON.stringify({ version: 1, enabled: true, corrections: [{ ...entry, category: 'Cake' }] })]) {
      expect(readRemembered(bad)).toEqual({ enabled: true, corrections: [], unreadable: true });
    }
  });

  it('checks every field of an entry', () => {
    expect(checkRemembered(entry)).toEqual(entry);
    expect(checkRemembered({ ...entry, key: 'Pirkka Banaani' })).toBeNull();
    expect(checkRemembered({ ...entry, name: 'Jotain muuta' })).toBeNull();
    expect(checkRemembered({ key: entry.key, name: entry.name, date: entry.date })).toBeNull();
    expect(checkRemembered({ ...entry, amount: { unit: 'l', value: 1, per: 1 } })).toBeNull();
    expect(checkRemembered({ ...entry, amount: { unit: 'kg', value: -1, per: 1 } })).toBeNull();
    expect(checkRemembered({ ...entry, date: '4.11.2025' })).toBeNull();
    expect(checkRememberedList([entry, entry])).toBeNull();
  });

  it('merges an import: new names join, the one changed last wins a name', () => {
    const newer = { ...entry, category: 'Other' as const, date: '2025-12-01' };
    const older = { ...entry, category: 'Vegetables' as const, date: '2025-10-01' };
    const other = { key: 'kurkku', name: 'Kurkku', category: 'Vegetables' as const, date: '2025-11-10' };
    expect(mergeRemembered([entry], [newer, other])).toEqual({ list: [newer, other], added: 1 });
    expect(mergeRemembered([entry], [older]).list).toEqual([entry]);
  });
});
