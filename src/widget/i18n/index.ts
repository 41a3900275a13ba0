// The message catalogues. Components read every user-facing string from here, so adding a
// language means adding one catalogue file and one entry below, without touching components.
import { en, type Messages } from './en.ts';

export type { Messages } from './en.ts';

const CATALOGUES = { en } satisfies Record<string, Messages>;

export type Locale = keyof typeof CATALOGUES;
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALES = Object.keys(CATALOGUES) as Locale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(CATALOGUES, value);
}

export function messagesFor(locale: Locale): Messages {
  return CATALOGUES[locale];
}

/** Fills `{name}` placeholders; an unknown placeholder stays visible so a missing value is noticed. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

/** A category's display name; names the catalogue does not know are shown as sent. */
export function categoryLabel(messages: Messages, name: string): string {
  return Object.hasOwn(messages.categories, name)
    ? messages.categories[name as keyof Messages['categories']]
    : name;
}

/** Picks the plural form for `count` by the locale's rules (`one`, `other`, …) and fills it. */
export function plural(locale: Locale, forms: { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>, count: number): string {
  const form = forms[new Intl.PluralRules(locale).select(count)] ?? forms.other;
  return fill(form, { count });
}
