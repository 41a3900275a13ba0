// What the editor has to say: a problem with what was typed, a change the backend refused (both
// alerts), and, politely, what the last change did to the total.
import type { AnalysisResult } from '../../../contract.ts';
import { reasonText } from '../../i18n/error-text.ts';
import { fill } from '../../i18n/index.ts';
import type { Corrections } from '../../state/corrections.ts';
import { useWidget } from '../../state/widget-context.ts';
import { announcement } from './announcement.ts';
import { Note } from './styles.ts';

export function EditStatus(props: { problem: string | null; corrections: Corrections | null; result: AnalysisResult }) {
  const { messages, locale } = useWidget();
  const { corrections } = props;
  const failure = corrections?.failure ? fill(messages.correction.failed, { reason: reasonText(messages, locale, corrections.failure) }) : null;
  return (
    <>
      {props.problem && (
        <Note $problem role="alert">
          {props.problem}
        </Note>
      )}
      {failure && (
        <Note $problem role="alert">
          {failure}
        </Note>
      )}
      <Note role="status" aria-live="polite" data-testid="edit-status">
        {announcement(messages, locale, corrections, props.result)}
      </Note>
    </>
  );
}
