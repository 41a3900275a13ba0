// kg per month (columns and rows), the change of the latest month against the one before, and
// the average per receipt beside the community's.
import { Card, SectionTitle } from '../../components/layout.tsx';
import { fill, plural } from '../../i18n/index.ts';
import { formatKg } from '../../rules/format.ts';
import type { SavedReceipt } from '../../rules/history.ts';
import { averagePerReceipt, changeFromPreviousMonth, kgPerMonth } from '../../rules/history-report.ts';
import { communityAverage } from '../../rules/stats.ts';
import { useAppState, useWidget } from '../../state/widget-context.ts';
import { MonthColumns } from './charts.tsx';
import { changePercent, monthLabel } from './messages.ts';
import { Rows } from './parts.ts';
import { useMyReceiptsText } from './text.ts';

export function MonthsCard(props: { receipts: readonly SavedReceipt[] }) {
  const { locale, messages } = useWidget();
  const text = useMyReceiptsText();
  const stats = useAppState((state) => state.stats);
  const months = kgPerMonth(props.receipts);
  const change = changeFromPreviousMonth(months);
  const average = averagePerReceipt(props.receipts);
  // undefined: the statistics are not here; null: they are, with no receipt counted yet.
  const community = stats.phase === 'ready' ? communityAverage(stats.stats) : undefined;
  const kg = (value: number) => fill(messages.results.kgValue, { kg: formatKg(locale, value) });

  return (
    <Card aria-labelledby="rc-history-months">
      <SectionTitle id="rc-history-months">{text.monthsTitle}</SectionTitle>
      <MonthColumns months={months.map((month) => ({ label: monthLabel(locale, month.month, 'short'), kg: month.kg }))} />
      <Rows data-testid="history-months">
        {months.map((month) => (
          <li key={month.month}>
            <span>{monthLabel(locale, month.month, 'long')}</span>
            <strong>{fill(text.pair, { a: kg(month.kg), b: plural(locale, text.receiptCount, month.count) })}</strong>
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
  );
}
