// The category breakdown: a donut chart drawn in SVG (one colour per category, grey for
// unknown names) beside a legend that carries every number as text.
import { styled } from 'styled-components';
import { categoryLabel, fill, plural } from '../i18n/index.ts';
import type { CategoryRow } from '../rules/categories.ts';
import { formatEuro, formatKg, percentOf } from '../rules/format.ts';
import { stacked } from '../rules/stack.ts';
import { categoryColor, palette } from '../theme/palette.ts';
import { useWidget } from '../state/widget-context.ts';
import { KgFigure } from './KgFigure.tsx';
import { atLeast } from '../theme/breakpoints.ts';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 20px;

  ${atLeast('medium')} {
    flex-direction: row;
    align-items: flex-start;
  }
`;

const Figure = styled.figure`
  margin: 0;
  flex: none;
  width: 180px;
  height: 180px;
`;

/** One column on a phone; two beside the chart on a wide screen, so no figure sits far from its name. */
const Legend = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: 10px 32px;
`;

/**
 * The name with its kg CO2e at the right end, then share, item count and price below. A name
 * is never broken inside a word (Finnish "Kasviproteiinit" is long): where name and figure do not
 * fit on one line, the figure moves under the name instead.
 */
const Entry = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: 10px;

  & > :nth-child(3) {
    margin-left: auto;
  }
`;

const Swatch = styled.span<{ $color: string }>`
  flex: none;
  align-self: center;
  width: 14px;
  height: 14px;
  border-radius: 4px;
  background: ${({ $color }) => $color};
`;

const Name = styled.span`
  flex: 1 1 0;
  font-weight: 700;
`;

const Numbers = styled.span`
  flex-basis: 100%;
  padding-left: 24px;
  font-size: 0.875em;
  color: ${palette.muted};
  font-variant-numeric: tabular-nums;
`;

const RADIUS = 70;
const STROKE = 28;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function CategoryChart(props: { rows: CategoryRow[]; total: number }) {
  const { messages, locale } = useWidget();
  const text = messages.results;
  const sum = props.rows.reduce((acc, row) => acc + Math.max(row.emissions, 0), 0);
  return (
    <Layout>
      <Figure>
        <svg viewBox="0 0 180 180" width="180" height="180" role="img" aria-label={text.chartLabel}>
          <circle cx="90" cy="90" r={RADIUS} fill="none" stroke={palette.primaryTint} strokeWidth={STROKE} />
          {stacked(props.rows, (row) => row.emissions, CIRCUMFERENCE).map(({ item: row, start, size }) => (
              <circle
                key={row.name}
                data-category={row.name}
                cx="90"
                cy="90"
                r={RADIUS}
                fill="none"
                stroke={categoryColor(row.name)}
                strokeWidth={STROKE}
                strokeDasharray={`${size} ${CIRCUMFERENCE - size}`}
                strokeDashoffset={-start}
                transform="rotate(-90 90 90)"
              >
                <title>
                  {fill(text.chartSegment, {
                    category: categoryLabel(messages, row.name),
                    kg: fill(text.kgValue, { kg: formatKg(locale, row.emissions) }),
                  })}
                </title>
              </circle>
          ))}
          <text x="90" y="88" textAnchor="middle" fontSize="24" fontWeight="800" fill={palette.text}>
            {formatKg(locale, props.total)}
          </text>
          <text x="90" y="110" textAnchor="middle" fontSize="13" fill={palette.muted}>
            {text.kgUnit}
          </text>
        </svg>
      </Figure>
      <Legend>
        {props.rows.map((row) => (
          <Entry key={row.name} data-category={row.name}>
            <Swatch $color={categoryColor(row.name)} aria-hidden="true" />
            <Name>{categoryLabel(messages, row.name)}</Name>
            <KgFigure kg={row.emissions} />
            <Numbers>
              {fill(text.categoryLine, {
                percent: percentOf(row.emissions, sum),
                items: plural(locale, text.itemCount, row.count),
                price: formatEuro(locale, row.price),
              })}
            </Numbers>
          </Entry>
        ))}
      </Legend>
    </Layout>
  );
}
