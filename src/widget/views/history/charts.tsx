// The history's two charts, hand-drawn in SVG: columns of kg per month, and one bar split by
// category. Both are pictures of the numbers the lists beside them carry as text, so the SVG is
// hidden from screen readers.
import { styled } from 'styled-components';
import { stacked } from '../../rules/stack.ts';
import { categoryColor, palette } from '../../theme/palette.ts';

/** Drawn at 1 px per unit, and only ever scaled down (a phone with twelve months). */
const Svg = styled.svg`
  display: block;
  max-width: 100%;
  height: auto;
`;

const COLUMN = 44;
const PLOT = 100;

/** Columns for the last twelve months at most, each labelled with its short month name. */
export function MonthColumns(props: { months: Array<{ label: string; kg: number }> }) {
  const months = props.months.slice(-12);
  const max = Math.max(...months.map((month) => month.kg), 0);
  const width = Math.max(months.length, 4) * COLUMN;
  return (
    <Svg viewBox={`0 0 ${width} ${PLOT + 22}`} width={width} height={PLOT + 22} aria-hidden="true" focusable="false" data-testid="month-chart">
      <line x1="0" x2={width} y1={PLOT} y2={PLOT} stroke={palette.border} />
      {months.map((month, index) => {
        const height = max > 0 ? Math.max((month.kg / max) * (PLOT - 8), 1) : 1;
        return (
          <g key={month.label + index}>
            <rect x={index * COLUMN + 8} y={PLOT - height} width={COLUMN - 16} height={height} rx="4" fill={palette.primary} />
            <text x={index * COLUMN + COLUMN / 2} y={PLOT + 16} textAnchor="middle" fontSize="12" fill={palette.muted}>
              {month.label}
            </text>
          </g>
        );
      })}
    </Svg>
  );
}

const BarSvg = styled(Svg)`
  height: 24px;
`;

/** One bar, a segment per category in its colour, in the legend's order. */
export function CategoryBar(props: { rows: Array<{ name: string; kg: number }> }) {
  return (
    <BarSvg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false" data-testid="category-chart" width="100%">
      {stacked(props.rows, (row) => row.kg, 100).map(({ item: row, start, size }) => (
        <rect key={row.name} data-category={row.name} x={start} y="0" width={size} height="8" fill={categoryColor(row.name)} />
      ))}
    </BarSvg>
  );
}
