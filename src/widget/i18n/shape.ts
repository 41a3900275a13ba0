// The shape a catalogue in another language must have, derived from the English one: strings
// stay strings (not the English literals), plural forms take whichever forms a language's
// rules use. A key missing in (or added to) any language fails the type-check.
import type { Locale } from './locale.ts';

/** A noun phrase in each plural form a language needs (`other` always; `one`, `few`, … as its rules use). */
export type PluralForms = { readonly other: string } & { readonly [form in Intl.LDMLPluralRule]?: string };

export type Widen<T> = T extends string
  ? string
  : T extends { other: string }
    ? PluralForms
    : T extends readonly (infer U)[]
      ? readonly Widen<U>[]
      : { readonly [K in keyof T]: Widen<T[K]> };

/**
 * One area's strings in every language: the English literals, and the other languages in the
 * same shape. A feature brings its strings as one such section (see ../README.md).
 */
export type Section<T> = { readonly en: T } & { readonly [L in Exclude<Locale, 'en'>]: Widen<T> };

/** Checks a section's languages against its English strings (the `const` keeps English literal). */
export function section<const T>(strings: Section<T>): Section<T> {
  return strings;
}
