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

/** A noun phrase in each plural form a language needs (`other` always; `one`, `few`, … as its rules use). */
export type PluralForms = { readonly other: string } & { readonly [form in Intl.LDMLPluralRule]?: string };

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
