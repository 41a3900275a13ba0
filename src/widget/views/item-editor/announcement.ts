// The sentence the editor's status line says after a change, an undo or a reset (or while the
// backend recalculates), in the visitor's language with the new total.
import type { AnalysisResult } from '../../../contract.ts';
import { categoryLabel, fill, type Locale, type Messages } from '../../i18n/index.ts';
import { formatKg } from '../../rules/format.ts';
import type { Corrections } from '../../state/corrections.ts';

export function announcement(messages: Messages, locale: Locale, corrections: Corrections | null, result: AnalysisResult): string {
  const t = messages.correction;
  if (corrections === null) return '';
  if (corrections.pending) return t.working;
  const kg = formatKg(locale, result.total_emissions);
  const last = corrections.last;
  if (last === null) return '';
  if (last.kind === 'undo') return fill(t.undone, { kg });
  if (last.kind === 'reset') return fill(t.resetDone, { kg });
  const { action } = last;
  if (action.type === 'add') {
    const added = last.result.items.at(-1);
    return fill(t.added, { name: action.name, category: added ? categoryLabel(messages, added.category) : '', kg });
  }
  if (action.type === 'remove') return fill(t.removed, { name: corrections.history.at(-1)?.result.items[action.index]?.name ?? '', kg });
  return fill(t.updated, { kg });
}
