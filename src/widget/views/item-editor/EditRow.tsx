// One item of the result as the editor shows it: its name (marked when the visitor changed it),
// its kg CO2e with the plausible range the backend sent, and its controls. A narrow widget stacks them; a wide one has room for both on one line.
import { styled } from 'styled-components';
import type { AnalysisItem } from '../../../contract.ts';
import { Button } from '../../components/Button.tsx';
import { fill } from '../../i18n/index.ts';
import { kgText } from '../../i18n/kg-text.ts';
import { useWidget } from '../../state/widget-context.ts';
import { atLeast } from '../../theme/breakpoints.ts';
import { palette } from '../../theme/palette.ts';
import { AmountForm } from './AmountForm.tsx';
import { CategorySelect } from './CategorySelect.tsx';
import { Controls } from './styles.ts';

const Row = styled.li`
  display: grid;
  gap: 8px;
  padding: 10px 0;
  border-bottom: 1px solid ${palette.border};

  ${atLeast('large')} {
    grid-template-columns: minmax(8em, 1fr) auto;
    align-items: center;
  }
`;

const Name = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Figure = styled.span`
  display: block;
  font-size: 0.8125em;
  font-weight: 400;
  color: ${palette.muted};
  font-variant-numeric: tabular-nums;
`;

const Mark = styled.span`
  margin-left: 8px;
  padding: 0 8px;
  border-radius: 999px;
  background: ${palette.primaryTint};
  color: ${palette.primary};
  font-size: 0.8125em;
`;

export interface EditRowProps {
  item: AnalysisItem;
  /** The item's place in the result, which the change requests name. */
  index: number;
  /** The item's lasting key (state/corrections.ts), for ids that must not move to another item. */
  rowKey: number | string;
  onInvalidAmount: () => void;
  onRemove: () => void;
}

export function EditRow(props: EditRowProps) {
  const { messages, locale } = useWidget();
  const t = messages.correction;
  const { item, index } = props;
  return (
    <Row data-testid="edit-row">
      <Name id={`rc-edit-name-${props.rowKey}`}>
        {item.name}
        {item.edited && <Mark>{t.edited}</Mark>}
        <Figure data-testid="edit-figure">{kgText(locale, messages, item.emissions, item.emissions_low, item.emissions_high)}</Figure>
      </Name>
      <Controls>
        <CategorySelect item={item} index={index} />
        <AmountForm item={item} index={index} onInvalid={props.onInvalidAmount} />
        <Button $variant="secondary" data-remove="" aria-label={fill(t.removeItem, { name: item.name })} onClick={props.onRemove}>
          {t.remove}
        </Button>
      </Controls>
    </Row>
  );
}
