// The history's strings in every language: the same keys, nothing empty, no placeholder that
// English does not fill, the plural forms each language's rules pick, and the section plugged
// into every language's catalogue.
import { describe, expect, it } from 'vitest';
import { history as historyStrings } from '../../../src/widget/i18n/history.ts';
import { LOCALES, messagesFor } from '../../../src/widget/i18n/index.ts';
import { resolveOptions } from '../../../src/widget/mount/options.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const placeholders = (value: string) => new Set(value.match(/\{\w+\}/g) ?? []);

describe('history strings', () => {
  const english = new Map(leaves(historyStrings.en));

  it.each(['fi', 'sv'] as const)('%s has every English string, translated, with known placeholders', (locale) => {
    const strings = leaves(historyStrings[locale]);
    expect(strings.map(([key]) => key).sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of strings) {
      expect(value.trim(), key).not.toBe('');
      const known = placeholders(english.get(key.replace(/\.(zero|one|two|few|many|other)$/, '.other')) ?? english.get(key) ?? '');
      for (const used of placeholders(value)) expect(known, `${locale} ${key}`).toContain(used);
    }
    // Translated, not copied: the sentences differ from English.
    expect(historyStrings[locale].note).not.toBe(historyStrings.en.note);
    expect(historyStrings[locale].privacy).not.toBe(historyStrings.en.privacy);
  });

  it('plural forms cover what each language’s rules select', () => {
    for (const locale of ['en', 'fi', 'sv'] as const) {
      const rules = new Intl.PluralRules(locale);
      for (const forms of [historyStrings[locale].receiptCount, historyStrings[locale].imported]) {
        for (const n of [0, 1, 2, 5, 21]) expect(Object.keys(forms), `${locale} ${n}`).toContain(rules.select(n));
      }
    }
  });

  it('is each language\'s `history` section, and an unknown locale falls back to English', () => {
    for (const locale of LOCALES) expect(messagesFor(locale).history).toBe(historyStrings[locale]);
    // An unknown language never reaches the catalogue: the mount options fall back to English.
    const unknown = resolveOptions({ locale: 'de' as never }).locale;
    expect(messagesFor(unknown).history).toBe(historyStrings.en);
    expect(messagesFor('fi').history.title).toBe('Omat kuitit');
  });
});
