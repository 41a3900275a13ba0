// A batch as it goes: one line per file with its state (waiting, reading, waiting for the busy
// service, saved, already saved, not read and why), a summary that screen readers hear as it
// changes, and Cancel while it runs.
import { styled } from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { reasonText } from '../../i18n/error-text.ts';
import { fill, plural, type Locale, type Messages } from '../../i18n/index.ts';
import type { MyReceiptsStrings } from '../../i18n/my-receipts.ts';
import { formatKg } from '../../rules/format.ts';
import type { BatchLine, BatchState } from '../../state/batch.ts';
import { useSlice, useWidget } from '../../state/widget-context.ts';
import { palette } from '../../theme/palette.ts';
import { dateLabel } from './messages.ts';
import { storageFailureText } from './storage-text.ts';
import { Actions } from './parts.ts';
import { useMyReceiptsText } from './text.ts';
import { useBatch } from './use-batch.ts';

const Lines = styled.ol`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;

  li {
    display: grid;
    gap: 2px;
    padding: 8px 0;
    border-top: 1px solid ${palette.border};
    overflow-wrap: anywhere;
  }
`;

const State = styled.span<{ $tone: 'done' | 'problem' | 'plain' }>`
  color: ${({ $tone }) => ($tone === 'problem' ? palette.error.text : $tone === 'done' ? palette.primary : palette.muted)};
  font-weight: ${({ $tone }) => ($tone === 'plain' ? 400 : 600)};
`;

const Summary = styled.p`
  margin: 12px 0 0;
  font-weight: 600;
`;

function lineText(line: BatchLine, text: MyReceiptsStrings, messages: Messages, locale: Locale): string {
  const { status } = line;
  switch (status.phase) {
    case 'waiting':
      return text.batchWaiting;
    case 'reading':
      return text.batchReading;
    case 'retrying':
      return fill(text.batchRetry, { seconds: status.seconds });
    case 'saved':
      return fill(text.batchSaved, {
        kg: fill(messages.results.kgValue, { kg: formatKg(locale, status.receipt.totalKg) }),
        store: status.receipt.store ?? messages.results.unknownStore,
      });
    case 'duplicate':
      return fill(text.batchDuplicate, { store: status.receipt.store ?? messages.results.unknownStore, date: dateLabel(locale, status.receipt.date) });
    case 'failed':
      return fill(text.batchFailed, { reason: reasonText(messages, locale, status.reason) });
    case 'not-saved':
      return fill(text.batchNotSaved, { reason: storageFailureText(messages.history, status.failure) });
    case 'cancelled':
      return text.batchCancelled;
  }
}

function tone(line: BatchLine): 'done' | 'problem' | 'plain' {
  const { phase } = line.status;
  if (phase === 'saved' || phase === 'duplicate') return 'done';
  return phase === 'failed' || phase === 'not-saved' ? 'problem' : 'plain';
}

function summary(state: BatchState, text: MyReceiptsStrings, locale: Locale): string {
  const count = state.lines.length;
  const saved = state.lines.filter((line) => line.status.phase === 'saved').length;
  if (state.running) {
    const current = state.lines.findIndex((line) => ['reading', 'retrying'].includes(line.status.phase)) + 1;
    return fill(plural(locale, text.batchProgress, count), { current: Math.max(current, 1) });
  }
  return fill(plural(locale, state.cancelled ? text.batchStopped : text.batchDone, count), { saved });
}

export function BatchLines() {
  const { locale, messages } = useWidget();
  const text = useMyReceiptsText();
  const batch = useBatch();
  const state = useSlice(batch.store, (current) => current);
  if (state.lines.length === 0) return null;
  return (
    <>
      <Summary role="status" data-testid="batch-summary">
        {summary(state, text, locale)}
      </Summary>
      <Lines aria-label={text.batchList} data-testid="batch-lines">
        {state.lines.map((line) => (
          <li key={line.id} data-status={line.status.phase}>
            <strong>{line.name}</strong>
            <State $tone={tone(line)}>{lineText(line, text, messages, locale)}</State>
          </li>
        ))}
      </Lines>
      {state.running && (
        <Actions>
          <Button $variant="secondary" onClick={() => batch.cancel()}>
            {text.cancelBatch}
          </Button>
        </Actions>
      )}
    </>
  );
}
