// The message catalogues. Components read every user-facing string from here, so a language is
// one catalogue file (./en.ts, ./fi.ts, ./sv.ts, each checked against the English shape) and a
// feature is one section (`{ en, fi, sv }`, see ./shape.ts) added to FEATURE_SECTIONS below.
import { backend } from './backend.ts';
import { correction } from './correction.ts';
import { en, type Catalogue } from './en.ts';
import { estimate } from './estimate.ts';
import { fi } from './fi.ts';
import { history } from './history.ts';
import type { Locale } from './locale.ts';
import type { PluralForms, Section, Widen } from './shape.ts';
import { sv } from './sv.ts';

export { DEFAULT_LOCALE, isLocale, LANGUAGE_NAMES, LOCALES, SAVED_LOCALE_KEY, type Locale } from './locale.ts';
export type { PluralForms } from './shape.ts';

const CATALOGUES: Readonly<Record<Locale, Catalogue>> = { en, fi, sv };

/** Strings of the features that bring their own: one line each. */
const FEATURE_SECTIONS = {
  backend,
  history,
  correction,
  estimate,
};

type Features = typeof FEATURE_SECTIONS;
type SectionStrings<S> = S extends Section<infer T> ? Widen<T> : never;

/** Everything a view can say in one language: the views' catalogue and every feature's section. */
export type Messages = Catalogue & { readonly [K in keyof Features]: SectionStrings<Features[K]> };

const built = new Map<Locale, Messages>();

export function messagesFor(locale: Locale): Messages {
  let messages = built.get(locale);
  if (messages === undefined) {
    const features = Object.fromEntries(
      Object.entries(FEATURE_SECTIONS).map(([name, strings]) => [name, strings[locale]]),
    ) as { [K in keyof Features]: SectionStrings<Features[K]> };
    messages = { ...CATALOGUES[locale], ...features };
    built.set(locale, messages);
  }
  return messages;
}

/** Fills `{name}` placeholders; an unknown placeholder stays visible so a missing value is noticed. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

/** A category's display name; names the catalogue does not know are shown as sent. */
export function categoryLabel(messages: Catalogue, name: string): string {
  return Object.hasOwn(messages.categories, name)
    ? messages.categories[name as keyof Catalogue['categories']]
    : name;
}

/**
 * The form the locale's plural rules pick for `count`, with `{count}` filled by `shown` (the count
 * as displayed, e.g. "3.2K"; the bare count by default). `fractionDigits` is how many decimals
 * the count is shown with, which some rules look at: English says "1 tonne" but "1.0 tonnes".
 */
export function plural(
  locale: Locale,
  forms: PluralForms,
  count: number,
  shown: string | number = count,
  fractionDigits = 0,
): string {
  const form = new Intl.PluralRules(locale, { minimumFractionDigits: fractionDigits }).select(count);
  return fill(forms[form] ?? forms.other, { count: shown });
}
