// My receipts' strings (the saved history's section and the view's own) in every language: the
// same keys, nothing empty, no placeholder that English does not fill, the plural forms each
// language's rules pick, and the history section plugged into every language's catalogue.
import { describe, expect, it } from 'vitest';
import { history as historyStrings } from '../../../src/widget/i18n/history.ts';
import { LOCALES, messagesFor } from '../../../src/widget/i18n/index.ts';
import { myReceipts } from '../../../src/widget/i18n/my-receipts.ts';
import { resolveOptions } from '../../../src/widget/mount/options.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/** Every plural-forms object of a section (an object with an `other` form). */
function pluralForms(tree: Tree): Tree[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [] : 'other' in value ? [value] : pluralForms(value)));
}

const placeholders = (value: string) => new Set(value.match(/\{\w+\}/g) ?? []);

describe.each([
  ['history', historyStrings, 'note', 0],
  ['myReceipts', myReceipts, 'goalSource', 10],
] as const)('%s strings', (_name, strings, sentence, pluralPhrases) => {
  const english = new Map(leaves(strings.en));

  it.each(['fi', 'sv'] as const)('%s has every English string, translated, with known placeholders', (locale) => {
    const translated = leaves(strings[locale]);
    expect(translated.map(([key]) => key).sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of translated) {
      expect(value.trim(), key).not.toBe('');
      const known = placeholders(english.get(key.replace(/\.(zero|one|two|few|many|other)$/, '.other')) ?? english.get(key) ?? '');
      for (const used of placeholders(value)) expect(known, `${locale} ${key}`).toContain(used);
    }
    // Translated, not copied: the sentences differ from English.
    const own = strings[locale] as unknown as Record<string, string>;
    const en = strings.en as unknown as Record<string, string>;
    expect(own[sentence]).not.toBe(en[sentence]);
  });

  it('plural forms cover what each language’s rules select', () => {
    for (const locale of ['en', 'fi', 'sv'] as const) {
      const rules = new Intl.PluralRules(locale);
      const forms = pluralForms(strings[locale]);
      expect(forms.length).toBeGreaterThanOrEqual(pluralPhrases);
      for (const form of forms) {
        for (const n of [0, 1, 2, 5, 21]) expect(Object.keys(form), `${locale} ${n}`).toContain(rules.select(n));
      }
    }
  });
});

describe('the history section', () => {
  it('is each language\'s `history` section, and an unknown locale falls back to English', () => {
    for (const locale of LOCALES) expect(messagesFor(locale).history).toBe(historyStrings[locale]);
    // An unknown language never reaches the catalogue: the mount options fall back to English.
    const unknown = resolveOptions({ locale: 'de' as never }).locale;
    expect(messagesFor(unknown).history).toBe(historyStrings.en);
    expect(messagesFor('fi').history.title).toBe('Omat kuitit');
    expect(historyStrings.fi.privacy).not.toBe(historyStrings.en.privacy);
  });
});
