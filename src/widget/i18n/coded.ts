// The backend's coded sentences in the visitor's language: the catalogue's sentence for a code
// it knows, filled with the code's params formatted for the language; the server's own sentence
// for a code it does not know (a newer backend) or for a sentence without a code.
import type { MessageParams, Notice } from '../../contract.ts';
import { formatEuro, formatNumber } from '../rules/format.ts';
import { fill, plural, type Locale, type Messages } from './index.ts';
import type { PluralForms } from './shape.ts';

/** Params that are euro amounts (the rest are counts and sizes). */
const EURO_PARAMS = new Set(['items_total', 'printed_total']);

function formatted(locale: Locale, params: MessageParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value !== 'number' ? value : EURO_PARAMS.has(key) ? formatEuro(locale, value) : formatNumber(locale, value),
    ]),
  );
}

function say(
  locale: Locale,
  sentences: Readonly<Record<string, string | PluralForms>>,
  code: string | undefined,
  params: MessageParams | undefined,
  fallback: string,
): string {
  if (code === undefined || !Object.hasOwn(sentences, code)) return fallback;
  const sentence = sentences[code]!;
  const values = formatted(locale, params ?? {});
  if (typeof sentence === 'string') return fill(sentence, values);
  const count = params?.count;
  // A plural sentence without its count cannot be said right: the server's words are.
  if (typeof count !== 'number') return fallback;
  return fill(plural(locale, sentence, count, values.count), values);
}

export function noticeText(messages: Messages, locale: Locale, notice: Notice): string {
  return say(locale, messages.backend.notices, notice.code, notice.params, notice.message);
}

export function errorCodeText(
  messages: Messages,
  locale: Locale,
  code: string | undefined,
  params: MessageParams | undefined,
  serverSentence: string,
): string {
  return say(locale, messages.backend.errors, code, params, serverSentence);
}
