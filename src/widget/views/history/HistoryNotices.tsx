// What the last action on the saved receipts did (a polite status) and what is wrong with the
// stored data or storage itself (an alert).
import { useHistoryState, useWidget } from '../../state/widget-context.ts';
import { noticeText, outcomeText } from './messages.ts';
import { Message } from './parts.ts';
import { useMyReceiptsText } from './text.ts';

export function HistoryNotices() {
  const { locale, messages } = useWidget();
  const saving = messages.history;
  const text = useMyReceiptsText();
  const outcome = useHistoryState((state) => state.outcome);
  const blocked = useHistoryState((state) => state.blocked);
  const notice = useHistoryState((state) => state.notice);
  const said = outcome && outcomeText(saving, text, locale, outcome);
  const problems = [said?.error && said.message, blocked && !said?.error && saving.blocked, notice && noticeText(saving, text, notice)].filter(
    (problem): problem is string => typeof problem === 'string',
  );
  return (
    <>
      <div role="status" data-testid="history-status">
        {said && !said.error && <Message>{said.message}</Message>}
      </div>
      <div role="alert" data-testid="history-alert">
        {problems.map((problem) => (
          <Message $error key={problem}>
            {problem}
          </Message>
        ))}
      </div>
    </>
  );
}
