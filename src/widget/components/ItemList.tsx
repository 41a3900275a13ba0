// The receipt's items: a scrolling list (256 px tall at most) with every number as text and
// honest marks where the backend was unsure (estimated weight, uncertain category), and where a
// correction this device remembers changed a line (with a button that puts it back as read).
import { styled } from 'styled-components';
import type { AnalysisItem, RecalculateItem } from '../../contract.ts';
import { categoryLabel, fill } from '../i18n/index.ts';
import { formatEuro, formatWeight } from '../rules/format.ts';
import { categoryColor, palette } from '../theme/palette.ts';
import { useWidget } from '../state/widget-context.ts';
import { TextButton } from './Button.tsx';
import { CheckPrompt } from './CheckPrompt.tsx';
import { KgFigure } from './KgFigure.tsx';
import { atLeast, below } from '../theme/breakpoints.ts';

/** 16rem of a 16 px base, in px so the host page's root font size cannot change it. */
export const ITEM_LIST_MAX_HEIGHT_PX = 256;

// On a phone the list runs to the card's edges (over its 20 px padding): room for one-line names.
const Scroller = styled.div`
  max-height: ${ITEM_LIST_MAX_HEIGHT_PX}px;
  overflow-y: auto;
  overscroll-behavior: contain;
  border: 1px solid ${palette.border};
  border-radius: 12px;

  ${below('large')} {
    margin: 0 -20px;
    border-width: 1px 0;
    border-radius: 0;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/**
 * Two lines: the name across the row, then one meta line (category chip, weight, price) with
 * the emissions at its right end. 57 px for a row with a one-line name: four rows and the top
 * of a fifth show in 256 px, which tells that the list scrolls. On a wide screen the emissions
 * stand beside both lines instead, nearer the name.
 */
const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: baseline;
  gap: 2px 10px;
  padding: 6px 12px;
  line-height: 1.35;

  & + & {
    border-top: 1px solid ${palette.border};
  }

  ${atLeast('large')} {
    & > :first-child {
      grid-column: 1;
    }

    & > :last-child {
      grid-area: 1 / 2 / span 2;
      align-self: center;
    }
  }
`;

const ItemName = styled.span`
  grid-column: 1 / -1;
  font-size: 0.9375em;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 2px 8px;
  font-size: 0.8125em;
  color: ${palette.muted};
  font-variant-numeric: tabular-nums;
`;

const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 5px;
  padding: 0 7px 0 6px;
  border-radius: 999px;
  background: ${palette.page};
`;

/**
 * Weight and price, kept together: on a narrow row they move to a line of their own as a pair,
 * and where even that line is too narrow ("≈ 0,02 kg, uppskattat" at 320 px), the price goes under
 * the weight. Neither is ever broken inside.
 */
const Amounts = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0 8px;

  & > * {
    white-space: nowrap;
  }
`;

const Dot = styled.span<{ $color: string }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
`;

const Uncertain = styled(Chip)`
  padding: 0 8px;
  background: ${palette.warning.background};
  color: ${palette.warning.text};
  font-weight: 600;
`;

/** The visitor's own correction, remembered from an earlier receipt. */
const Remembered = styled(Chip)`
  padding: 0 8px;
  background: ${palette.primaryTint};
  color: ${palette.primary};
  font-weight: 600;
`;

/** A link-like button beside the chips: its 44 px target overlaps the row's padding rather than widening the row. */
const UndoHere = styled(TextButton)`
  min-width: 44px;
  margin: -12px 0;
  padding: 0 6px;
`;

const isUncertain = (item: AnalysisItem): boolean => item.uncertain === true || item.confidence === 'low';

/**
 * `onCheck`: the visitor asked to check an uncertain item (its index). `rememberedFrom`: per item,
 * the line as read where a remembered correction changed it.
 */
export function ItemList(props: {
  items: AnalysisItem[];
  labelledBy: string;
  onCheck?: (index: number) => void;
  rememberedFrom?: ReadonlyArray<RecalculateItem | null>;
}) {
  const { messages, locale, controller } = useWidget();
  const text = messages.results;
  const correction = messages.correction;
  return (
    <Scroller role="region" aria-labelledby={props.labelledBy} tabIndex={0} data-testid="item-list">
      <List>
        {props.items.map((item, index) => (
          <Row key={`${index}-${item.name}`}>
            <ItemName>{item.name}</ItemName>
            <Meta>
              <Chip>
                <Dot $color={categoryColor(item.category)} aria-hidden="true" />
                {categoryLabel(messages, item.category)}
              </Chip>
              {item.not_food === true ? (
                <Uncertain data-mark="not-food">{text.notFood}</Uncertain>
              ) : (
                isUncertain(item) && <Uncertain data-mark="uncertain">{text.categoryUncertain}</Uncertain>
              )}
              {/* A guess, even one of not food, is the visitor's to check. */}
              {isUncertain(item) && props.onCheck && (
                <CheckPrompt name={item.name} onCheck={() => props.onCheck?.(index)} />
              )}
              {item.edited && <Chip data-testid="edited-mark">{correction.edited}</Chip>}
              {props.rememberedFrom?.[index] && (
                <>
                  <Remembered data-testid="remembered-mark">{correction.remembered}</Remembered>
                  <UndoHere
                    aria-label={fill(correction.undoRememberedOf, { name: item.name })}
                    onClick={() => {
                      const read = props.rememberedFrom?.[index];
                      if (read) void controller.corrections.edit({ type: 'as-read', index, item: read });
                    }}
                  >
                    {correction.undoRemembered}
                  </UndoHere>
                </>
              )}
              <Amounts>
                <span>
                  {fill(item.weight_estimated ? text.itemWeightEstimated : text.itemWeight, {
                    weight: formatWeight(locale, item.weight),
                  })}
                </span>
                <span>{formatEuro(locale, item.price)}</span>
              </Amounts>
            </Meta>
            <KgFigure kg={item.emissions} />
          </Row>
        ))}
      </List>
    </Scroller>
  );
}
