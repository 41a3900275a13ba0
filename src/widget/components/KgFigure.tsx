// A kg CO2e figure in a list: the number in bold, its unit smaller and muted beside it, so that
// a column of them reads down the numbers.
import { styled } from 'styled-components';
import { formatKg } from '../rules/format.ts';
import { palette } from '../theme/palette.ts';
import { useWidget } from '../state/widget-context.ts';

const Figure = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Kg = styled.span`
  font-size: 0.9375em;
  font-weight: 700;
`;

const Unit = styled.span`
  font-size: 0.75em;
  color: ${palette.muted};
`;

export function KgFigure(props: { kg: number }) {
  const { messages, locale } = useWidget();
  return (
    <Figure>
      <Kg>{formatKg(locale, props.kg)}</Kg> <Unit>{messages.results.kgUnit}</Unit>
    </Figure>
  );
}
