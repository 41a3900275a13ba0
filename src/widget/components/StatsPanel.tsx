// Live impact statistics on the home view: loading skeleton, numbers, or an error with Retry.
import { keyframes, styled } from 'styled-components';
import { fill, plural } from '../i18n/index.ts';
import { formatKg, shortenCount } from '../rules/format.ts';
import { communityAverage } from '../rules/stats.ts';
import type { StatsState } from '../state/app-state.ts';
import { palette } from '../theme/palette.ts';
import { useWidget } from '../state/widget-context.ts';
import { Button } from './Button.tsx';
import { Card, SectionTitle, VisuallyHidden } from './layout.tsx';
import { atLeast } from '../theme/breakpoints.ts';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Grid = styled.dl`
  display: grid;
  gap: 8px;
  margin: 0;

  ${atLeast('small')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 16px;
  }
`;

/** A label–value row on narrow screens, a centred tile from 480 px up. */
const Tile = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-width: 0;
  padding: 10px 14px;
  border-radius: 12px;
  background: ${palette.primaryTint};

  ${atLeast('small')} {
    flex-direction: column;
    justify-content: flex-start;
    gap: 4px;
    padding: 14px 8px;
    text-align: center;
  }
`;

const Value = styled.dd`
  margin: 0;
  font-size: 1.375em;
  font-weight: 800;
  line-height: 1.2;
  color: ${palette.primary};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;

  ${atLeast('large')} {
    font-size: 1.75em;
  }
`;

/** Where a figure has no data yet: words, not a number, so they wrap and stay quieter. */
const NoData = styled.dd`
  margin: 0;
  font-weight: 600;
  line-height: 1.2;
  color: ${palette.muted};
`;

const Label = styled.dt`
  margin: 0;
  font-size: 0.875em;
  font-weight: 600;
  color: ${palette.muted};
  overflow-wrap: normal;
`;

const Skeleton = styled.div`
  height: 28px;
  width: 72px;
  border-radius: 8px;
  background: ${palette.skeleton};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

const ErrorRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 16px;
  border-radius: 12px;
  background: ${palette.error.background};
  color: ${palette.error.text};
  font-weight: 600;
`;

const LiveDot = styled.span`
  display: inline-block;
  width: 10px;
  height: 10px;
  margin-right: 8px;
  border-radius: 50%;
  background: #16a34a;
  animation: ${pulse} 2s ease-in-out infinite;
`;

export function StatsPanel(props: { stats: StatsState; onRetry: () => void }) {
  const { messages, locale } = useWidget();
  const text = messages.home;
  const { stats } = props;
  const ready = stats.phase === 'ready' ? stats.stats : null;
  const average = ready && communityAverage(ready);
  // [label, value]; the value is null while loading, and words where there is no data yet.
  // Before the numbers come, labels speak of receipts in general.
  const tiles: Array<[label: string, value: string | { noData: string } | null]> = [
    [
      ready ? plural(locale, text.statsReceipts, ready.total_receipts_processed) : text.statsReceipts.other,
      ready && shortenCount(locale, ready.total_receipts_processed),
    ],
    [text.statsToday, ready && shortenCount(locale, ready.receipts_today)],
    [text.statsAverage, ready && (average === null ? { noData: text.noReceiptsYet } : fill(text.statsAverageValue, { kg: formatKg(locale, average) }))],
  ];
  return (
    <Card aria-labelledby="rc-stats-title" aria-busy={stats.phase === 'loading'}>
      <SectionTitle id="rc-stats-title">
        <LiveDot aria-hidden="true" />
        {text.statsTitle}
      </SectionTitle>
      {stats.phase === 'error' ? (
        <ErrorRow role="alert">
          <span>{text.statsError}</span>
          <Button $variant="secondary" onClick={props.onRetry}>
            {text.retry}
          </Button>
        </ErrorRow>
      ) : (
        <>
          {ready === null && <VisuallyHidden>{text.statsLoading}</VisuallyHidden>}
          <Grid>
            {tiles.map(([label, value], index) => (
              <Tile key={index}>
                <Label>{label}</Label>
                {typeof value === 'object' && value !== null ? (
                  <NoData data-testid="no-data">{value.noData}</NoData>
                ) : (
                  <Value>{value ?? <Skeleton aria-hidden="true" />}</Value>
                )}
              </Tile>
            ))}
          </Grid>
        </>
      )}
    </Card>
  );
}
