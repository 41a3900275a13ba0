// "My receipts": the receipts saved on this device, kg per month and per category, the average
// per receipt against the community's, the change from the month before, export, import and
// delete. Everything here is read from and written to this browser only.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { styled } from 'styled-components';
import { Button, TextButton } from '../../components/Button.tsx';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { ButtonRow, Card, Muted, SectionTitle, VisuallyHidden } from '../../components/layout.tsx';
import { ViewHeading } from '../../components/ViewHeading.tsx';
import { categoryLabel, fill, plural } from '../../i18n/index.ts';
import { historyText } from '../../i18n/sections/history.ts';
import { exportCsv, exportJson } from '../../rules/history-export.ts';
import { averagePerReceipt, changeFromPreviousMonth, kgPerCategory, kgPerMonth } from '../../rules/history-report.ts';
import { formatEuro, formatKg, percentOf } from '../../rules/format.ts';
import { localDate } from '../../rules/history.ts';
import { categoryColor, palette } from '../../theme/palette.ts';
import { useAppState, useHistoryState, useWidget } from '../context.ts';
import { CategoryBar, MonthColumns } from './charts.tsx';
import { downloadText } from './download.ts';
import { dateLabel, kgText, monthLabel, noticeText, outcomeText } from './messages.ts';

const Message = styled.p<{ $error: boolean }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: 12px;
  border: 1px solid ${({ $error }) => ($error ? palette.error.border : palette.border)};
  background: ${({ $error }) => ($error ? palette.error.background : palette.primaryTint)};
  color: ${({ $error }) => ($error ? palette.error.text : palette.text)};
  &:empty {
    display: none;
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
  font-variant-numeric: tabular-nums;
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 4px 12px;
  padding-bottom: 8px;
  border-bottom: 1px solid ${palette.border};
  &:last-child {
    border-bottom: 0;
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

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 16px;
  margin: 0 0 12px;
  dd {
    margin: 0;
    font-size: 1.5em;
    font-weight: 800;
    color: ${palette.primary};
  }
  dt {
    color: ${palette.muted};
    font-weight: 600;
  }
`;

export function HistoryView(props: { focusHeading: boolean; returnTo: () => void }) {
  const { history, locale, messages } = useWidget();
  const text = historyText(locale);
  const state = useHistoryState((s) => s);
  const stats = useAppState((s) => s.stats);
  const [confirming, setConfirming] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const downloads = useRef<HTMLDivElement>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);
  const removeAllButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => history.load(), [history]);
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);

  const { receipts } = state;
  const months = kgPerMonth(receipts);
  const categories = kgPerCategory(receipts);
  const categoryTotal = categories.reduce((sum, row) => sum + row.kg, 0);
  const average = averagePerReceipt(receipts);
  const change = changeFromPreviousMonth(months);
  const community = stats.phase === 'ready' ? stats.stats.average_emissions_per_receipt : null;
  const kg = (value: number) => kgText(text, formatKg(locale, value));
  const outcome = state.outcome && outcomeText(text, locale, state.outcome);

  function download(kind: 'csv' | 'json') {
    const name = `my-receipts-${localDate(new Date())}.${kind}`;
    const body = kind === 'csv' ? exportCsv(receipts) : exportJson(receipts, new Date());
    if (downloads.current) downloadText(body, name, kind === 'csv' ? 'text/csv' : 'application/json', downloads.current);
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) history.importText(await file.text());
  }

  function removeAll() {
    history.clear();
    setConfirming(false);
    listTitle.current?.focus();
  }

  let changeText = text.noChange;
  if (change) {
    const values = {
      month: monthLabel(locale, change.month, 'long'),
      previous: monthLabel(locale, change.previous, 'long'),
      percent: Math.abs(change.percent),
      kg: kg(change.kg),
      previousKg: kg(change.previousKg),
    };
    const template = Math.sign(change.percent) === 1 ? text.changeUp : change.percent === 0 ? text.changeSame : text.changeDown;
    changeText = fill(template, values);
  }

  return (
    <>
      <div>
        <TextButton onClick={props.returnTo}>
          <ArrowLeftIcon size={18} />
          {text.back}
        </TextButton>
      </div>
      <div>
        <ViewHeading focusOnMount={props.focusHeading}>{text.title}</ViewHeading>
        <Muted>{text.intro}</Muted>
      </div>

      <div role="status" data-testid="history-status">
        {outcome && !outcome.error && <Message $error={false}>{outcome.message}</Message>}
      </div>
      <div role="alert" data-testid="history-alert">
        {outcome?.error && <Message $error>{outcome.message}</Message>}
        {state.blocked && !outcome?.error && <Message $error>{text.failed.blocked}</Message>}
        {state.notice && <Message $error>{noticeText(text, locale, state.notice)}</Message>}
      </div>

      {receipts.length > 0 && (
        <>
          <Card aria-labelledby="rc-history-compare">
            <SectionTitle id="rc-history-compare">{text.compareTitle}</SectionTitle>
            <Figures data-testid="history-averages">
              <div>
                <dt>{text.yourAverage}</dt>
                <dd>{average === null ? '' : kg(average)}</dd>
              </div>
              <div>
                <dt>{text.communityAverage}</dt>
                <dd>{community === null ? text.notAvailable : kg(community)}</dd>
              </div>
            </Figures>
            <Muted data-testid="history-change">{changeText}</Muted>
          </Card>

          <Card aria-labelledby="rc-history-months">
            <SectionTitle id="rc-history-months">{text.monthsTitle}</SectionTitle>
            <MonthColumns months={months.map((m) => ({ label: monthLabel(locale, m.month, 'short'), kg: m.kg }))} />
            <Rows data-testid="history-months">
              {months.map((m) => (
                <Row key={m.month}>
                  <span>{monthLabel(locale, m.month, 'long')}</span>
                  <strong>{fill(text.monthLine, { kg: kg(m.kg), receipts: plural(locale, text.receiptCount, m.count) })}</strong>
                </Row>
              ))}
            </Rows>
          </Card>

          <Card aria-labelledby="rc-history-categories">
            <SectionTitle id="rc-history-categories">{text.categoriesTitle}</SectionTitle>
            <CategoryBar rows={categories} />
            <Rows data-testid="history-categories">
              {categories.map((row) => (
                <Row key={row.name} data-category={row.name}>
                  <span>
                    <Swatch $color={categoryColor(row.name)} aria-hidden="true" />
                    {categoryLabel(messages, row.name)}
                  </span>
                  <strong>{fill(text.categoryLine, { kg: kg(row.kg), percent: percentOf(row.kg, categoryTotal) })}</strong>
                </Row>
              ))}
            </Rows>
          </Card>
        </>
      )}

      <Card aria-labelledby="rc-history-list">
        <SectionTitle id="rc-history-list" ref={listTitle} tabIndex={-1}>
          {text.listTitle}
        </SectionTitle>
        {receipts.length === 0 ? (
          <Muted>{text.empty}</Muted>
        ) : (
          <Rows data-testid="history-list">
            {[...receipts].reverse().map((receipt) => {
              const date = dateLabel(locale, receipt.date);
              const store = receipt.store ?? text.unknownStore;
              return (
                <Row key={receipt.id}>
                  <span>
                    <strong>{date}</strong> {store}
                    <br />
                    {fill(text.receiptLine, {
                      kg: kg(receipt.totalKg),
                      items: plural(locale, text.itemCount, receipt.itemCount),
                      price: formatEuro(locale, receipt.priceTotal),
                    })}
                    {receipt.items && (
                      <>
                        <br />
                        <Muted as="span">{fill(text.items, { names: receipt.items.join(', ') })}</Muted>
                      </>
                    )}
                  </span>
                  <Button
                    $variant="secondary"
                    aria-label={fill(text.removeLabel, { date, store })}
                    onClick={() => {
                      history.remove(receipt.id);
                      listTitle.current?.focus();
                    }}
                  >
                    {text.remove}
                  </Button>
                </Row>
              );
            })}
          </Rows>
        )}
      </Card>

      {!state.blocked && (
        <Card aria-labelledby="rc-history-data">
          <SectionTitle id="rc-history-data">{text.dataTitle}</SectionTitle>
          <div ref={downloads} hidden />
          <ButtonRow>
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
            <VisuallyHidden as="input" ref={fileInput} type="file" accept="application/json,.json" tabIndex={-1} aria-hidden="true" onChange={importFile} data-testid="history-import" />
            {receipts.length > 0 && !confirming && (
              <Button ref={removeAllButton} $variant="secondary" onClick={() => setConfirming(true)}>
                {text.removeAll}
              </Button>
            )}
          </ButtonRow>
          <Muted style={{ marginTop: 12 }}>{text.importHint}</Muted>
          {confirming && (
            <div role="group" aria-labelledby="rc-history-confirm" style={{ marginTop: 16 }}>
              <Message $error id="rc-history-confirm">
                {plural(locale, text.confirmRemoveAll, receipts.length)}
              </Message>
              <ButtonRow style={{ marginTop: 12 }}>
                <Button onClick={removeAll}>{text.confirm}</Button>
                <Button
                  ref={cancelButton}
                  $variant="secondary"
                  onClick={() => {
                    setConfirming(false);
                    requestAnimationFrame(() => removeAllButton.current?.focus());
                  }}
                >
                  {text.cancel}
                </Button>
              </ButtonRow>
            </div>
          )}
        </Card>
      )}
    </>
  );
}
