// The languages the widget speaks. Each names itself in the language switch, whatever the
// language shown around it, as Finnish services list "Suomi · Svenska · English".

export const LOCALES = ['fi', 'sv', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { fi: 'Suomi', sv: 'Svenska', en: 'English' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Where the visitor's own choice of language is kept; it wins over the embedding's `locale`. */
export const SAVED_LOCALE_KEY = 'receiptCalculator.locale';
