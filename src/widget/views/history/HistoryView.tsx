// "My receipts": the receipts saved on this device, kg per month and per category, the average
// per receipt against the community's, the change from the month before, export, import and
// delete. Everything here is read from and written to this browser only.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { styled } from 'styled-components';
import { Button, TextButton } from '../../components/Button.tsx';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { ButtonRow, Card, Muted, SectionTitle } from '../../components/layout.tsx';
import { ViewHeading } from '../../components/ViewHeading.tsx';
import { categoryLabel, fill, plural } from '../../i18n/index.ts';
import { kgText } from '../../i18n/kg-text.ts';
import { exportCsv, exportJson } from '../../rules/history-export.ts';
import { averagePerReceipt, changeFromPreviousMonth, kgPerCategory, kgPerMonth } from '../../rules/history-report.ts';
import { formatEuro, formatKg } from '../../rules/format.ts';
import { localDate, type SavedReceipt } from '../../rules/history.ts';
import { communityAverage } from '../../rules/stats.ts';
import { below } from '../../theme/breakpoints.ts';
import { categoryColor, palette } from '../../theme/palette.ts';
import { useAppState, useHistoryState, useWidget } from '../../state/widget-context.ts';
import { CategoryBar, MonthColumns } from './charts.tsx';
import { downloadText } from './download.ts';
import { changePercent, dateLabel, monthLabel, noticeText, outcomeText } from './messages.ts';

export const Message = styled.p<{ $error?: boolean }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: 12px;
  background: ${({ $error }) => ($error ? palette.error.background : palette.primaryTint)};
  color: ${({ $error }) => ($error ? palette.error.text : palette.text)};
`;

/**
 * Label on the left, its figures on the right; in a narrow widget (a phone, a sidebar) one above
 * the other, so a long month name or store never squeezes its figures.
 */
const Rows = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  font-variant-numeric: tabular-nums;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 4px 12px;
    padding: 6px 0;
    border-top: 1px solid ${palette.border};
  }

  ${below('small')} {
    li {
      flex-direction: column;
      align-items: flex-start;
    }
  }
`;

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 12px;
  height: 12px;
  margin-right: 8px;
  border-radius: 3px;
  background: ${({ $color }) => $color};
`;

const Actions = styled(ButtonRow)`
  margin-top: 16px;
`;

const Confirm = styled.div`
  margin-top: 16px;
`;

const ConfirmButtons = styled(ButtonRow)`
  margin-top: 12px;
`;

export function HistoryView(props: { focusHeading: boolean; returnTo: () => void }) {
  const { history, locale, messages } = useWidget();
  const text = messages.history;
  const state = useHistoryState((s) => s);
  const stats = useAppState((s) => s.stats);
  const [confirming, setConfirming] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const downloads = useRef<HTMLDivElement>(null);
  // Each download's URL, released when the view goes away (also on unmount): no timer outlives the widget.
  const releases = useRef(new Set<() => void>());
  useEffect(() => {
    const pending = releases.current;
    return () => {
      for (const release of pending) release();
      pending.clear();
    };
  }, []);
  const listTitle = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => history.load(), [history]);
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);

  const { receipts } = state;
  const months = kgPerMonth(receipts);
  const categories = kgPerCategory(receipts);
  const average = averagePerReceipt(receipts);
  const change = changeFromPreviousMonth(months);
  const community = stats.phase === 'ready' ? communityAverage(stats.stats) : undefined;
  const kg = (value: number) => fill(messages.results.kgValue, { kg: formatKg(locale, value) });
  // A saved total with its range, as the result showed it (older saves have none).
  const savedKg = (receipt: SavedReceipt) => kgText(locale, messages, receipt.totalKg, receipt.lowKg, receipt.highKg);
  const outcome = state.outcome && outcomeText(text, locale, state.outcome);
  const problems = [
    outcome?.error && outcome.message,
    state.blocked && !outcome?.error && text.blocked,
    state.notice && noticeText(text, state.notice),
  ].filter((problem): problem is string => typeof problem === 'string');

  function download(kind: 'csv' | 'json') {
    const body = kind === 'csv' ? exportCsv(receipts) : exportJson(receipts, new Date());
    const type = kind === 'csv' ? 'text/csv' : 'application/json';
    if (downloads.current) releases.current.add(downloadText(body, `my-receipts-${localDate(new Date())}.${kind}`, type, downloads.current));
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) history.importText(await file.text());
  }

  /** After a deletion the button that had focus is gone: focus goes to the list's title. */
  function deleted(remove: () => void) {
    remove();
    setConfirming(false);
    listTitle.current?.focus();
  }

  return (
    <>
      <div>
        <TextButton onClick={props.returnTo}>
          <ArrowLeftIcon size={18} />
          {messages.privacy.back}
        </TextButton>
      </div>
      <div>
        <ViewHeading focusOnMount={props.focusHeading}>{text.title}</ViewHeading>
        <Muted>{text.note}</Muted>
      </div>

      <div role="status" data-testid="history-status">
        {outcome && !outcome.error && <Message>{outcome.message}</Message>}
      </div>
      <div role="alert" data-testid="history-alert">
        {problems.map((problem) => (
          <Message $error key={problem}>
            {problem}
          </Message>
        ))}
      </div>

      {receipts.length > 0 && (
        <Card aria-labelledby="rc-history-months">
          <SectionTitle id="rc-history-months">{text.monthsTitle}</SectionTitle>
          <MonthColumns months={months.map((m) => ({ label: monthLabel(locale, m.month, 'short'), kg: m.kg }))} />
          <Rows data-testid="history-months">
            {months.map((m) => (
              <li key={m.month}>
                <span>{monthLabel(locale, m.month, 'long')}</span>
                <strong>{fill(text.pair, { a: kg(m.kg), b: plural(locale, text.receiptCount, m.count) })}</strong>
              </li>
            ))}
            {change && (
              <li data-testid="history-change">
                {fill(text.change, {
                  month: monthLabel(locale, change.month, 'long'),
                  previous: monthLabel(locale, change.previous, 'long'),
                  percent: changePercent(locale, change.percent),
                })}
              </li>
            )}
            <li data-testid="history-average">
              <span>{text.yourAverage}</span>
              <strong>{average === null ? '' : kg(average)}</strong>
            </li>
            <li>
              <span>{text.communityAverage}</span>
              <strong>{community === undefined ? messages.home.noValue : community === null ? messages.home.noReceiptsYet : kg(community)}</strong>
            </li>
          </Rows>
        </Card>
      )}

      {receipts.length > 0 && (
        <Card aria-labelledby="rc-history-categories">
          <SectionTitle id="rc-history-categories">{messages.results.categoriesTitle}</SectionTitle>
          <CategoryBar rows={categories} />
          <Rows data-testid="history-categories">
            {categories.map((row) => (
              <li key={row.name} data-category={row.name}>
                <span>
                  <Swatch $color={categoryColor(row.name)} aria-hidden="true" />
                  {categoryLabel(messages, row.name)}
                </span>
                <strong>{kg(row.kg)}</strong>
              </li>
            ))}
          </Rows>
        </Card>
      )}

      <Card aria-labelledby="rc-history-list">
        <SectionTitle id="rc-history-list" ref={listTitle} tabIndex={-1}>
          {plural(locale, text.receiptCount, receipts.length)}
        </SectionTitle>
        {receipts.length === 0 && <Muted>{text.empty}</Muted>}
        <Rows data-testid="history-list">
          {[...receipts].reverse().map((receipt) => (
            <li key={receipt.id}>
              <span id={`rc-saved-${receipt.id}`}>
                <strong>{dateLabel(locale, receipt.date)}</strong> {receipt.store ?? messages.results.unknownStore}
                <br />
                {fill(text.pair, {
                  a: fill(text.pair, { a: savedKg(receipt), b: plural(locale, messages.results.itemCount, receipt.itemCount) }),
                  b: formatEuro(locale, receipt.priceTotal),
                })}
                {receipt.items && <Muted>{receipt.items.join(', ')}</Muted>}
              </span>
              <Button $variant="secondary" aria-describedby={`rc-saved-${receipt.id}`} onClick={() => deleted(() => history.remove(receipt.id))}>
                {text.remove}
              </Button>
            </li>
          ))}
        </Rows>
        {!state.blocked && (
          <Actions ref={downloads}>
            {receipts.length > 0 && (
              <>
                <Button $variant="secondary" onClick={() => download('csv')}>
                  {text.exportCsv}
                </Button>
                <Button $variant="secondary" onClick={() => download('json')}>
                  {text.exportJson}
                </Button>
              </>
            )}
            <Button $variant="secondary" onClick={() => fileInput.current?.click()}>
              {text.importJson}
            </Button>
            <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={(event) => void importFile(event)} data-testid="history-import" />
            {receipts.length > 0 && (
              <Button $variant="secondary" aria-expanded={confirming} onClick={() => setConfirming(true)}>
                {text.removeAll}
              </Button>
            )}
          </Actions>
        )}
        {confirming && (
          <Confirm role="group" aria-labelledby="rc-history-confirm">
            <Message $error id="rc-history-confirm">
              {text.confirmRemoveAll}
            </Message>
            <ConfirmButtons>
              <Button onClick={() => deleted(() => history.clear())}>{text.removeAll}</Button>
              <Button ref={cancelButton} $variant="secondary" onClick={() => setConfirming(false)}>
                {text.cancel}
              </Button>
            </ConfirmButtons>
          </Confirm>
        )}
      </Card>
    </>
  );
}
