// The sentence for a history outcome or stored-data notice, and dates in the visitor's language.
import { fill, plural, type Locale } from '../../i18n/index.ts';
import type { HistoryStrings } from '../../i18n/history.ts';
import type { MyReceiptsStrings } from '../../i18n/my-receipts.ts';
import type { HistoryNotice } from '../../rules/history.ts';
import type { HistoryOutcome } from '../../state/history.ts';
import { storageFailureText } from './storage-text.ts';

export function outcomeText(
  saving: HistoryStrings,
  text: MyReceiptsStrings,
  locale: Locale,
  outcome: HistoryOutcome,
): { message: string; error: boolean } {
  switch (outcome.kind) {
    case 'saved':
      return { message: saving.saved, error: false };
    case 'duplicate':
      return { message: saving.alreadySaved, error: false };
    case 'deleted':
    case 'cleared':
      return { message: text.deleted, error: false };
    case 'imported': {
      const parts = [
        plural(locale, text.imported, outcome.added),
        ...(outcome.corrections !== undefined && outcome.corrections > 0 ? [plural(locale, text.importedCorrections, outcome.corrections)] : []),
        ...(outcome.household ? [text.importedHousehold] : []),
      ];
      return { message: parts.reduce((a, b) => fill(text.sentences, { a, b })), error: false };
    }
    case 'import-refused':
      return { message: text.refused, error: true };
    case 'failed':
      return { message: storageFailureText(saving, outcome.failure), error: true };
  }
}

export function noticeText(saving: HistoryStrings, text: MyReceiptsStrings, notice: HistoryNotice): string {
  return notice.kind === 'newer' ? saving.newer : text.unreadable;
}

/** `YYYY-MM` → "November 2025" (or the short month alone, for the chart). */
export function monthLabel(locale: string, month: string, style: 'long' | 'short'): string {
  const at = new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
  return new Intl.DateTimeFormat(locale, style === 'long' ? { month: 'long', year: 'numeric' } : { month: 'short' }).format(at);
}

/** `YYYY-MM-DD` → the locale's medium date, e.g. "Nov 3, 2025". */
export function dateLabel(locale: string, date: string): string {
  const at = new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
}

/** A signed percent change, e.g. "−25%" or "+12 %" as the locale writes it. */
export function changePercent(locale: string, percent: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero' }).format(percent / 100);
}
