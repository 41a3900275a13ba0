// The receipt's items: a scrolling list (256 px tall at most) with every number as text and
// honest marks where the backend was unsure (estimated weight, uncertain category).
import { styled } from 'styled-components';
import type { AnalysisItem } from '../../contract.ts';
import { categoryLabel, fill } from '../i18n/index.ts';
import { formatEuro, formatKg, formatWeight } from '../rules/format.ts';
import { categoryColor, palette } from '../theme/palette.ts';
import { useWidget } from '../views/context.ts';

/** 16rem of a 16 px base, in px so the host page's root font size cannot change it. */
export const ITEM_LIST_MAX_HEIGHT_PX = 256;

const Scroller = styled.div`
  max-height: ${ITEM_LIST_MAX_HEIGHT_PX}px;
  overflow-y: auto;
  overscroll-behavior: contain;
  border: 1px solid ${palette.border};
  border-radius: 12px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 12px;
  padding: 10px 14px;

  & + & {
    border-top: 1px solid ${palette.border};
  }
`;

const Main = styled.div`
  min-width: 0;
  flex: 1 1 160px;
`;

const ItemName = styled.span`
  display: block;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 10px;
  font-size: 0.8125em;
  color: ${palette.muted};
`;

const Category = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
`;

const Dot = styled.span<{ $color: string }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
`;

const Uncertain = styled.span`
  padding: 0 6px;
  border-radius: 6px;
  background: ${palette.warning.background};
  color: ${palette.warning.text};
  font-weight: 600;
`;

const Figures = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  font-variant-numeric: tabular-nums;
  text-align: end;
`;

const Emissions = styled.span`
  font-weight: 700;
`;

const Price = styled.span`
  font-size: 0.8125em;
  color: ${palette.muted};
`;

export function ItemList(props: { items: AnalysisItem[]; labelledBy: string }) {
  const { messages, locale } = useWidget();
  const text = messages.results;
  return (
    <Scroller role="region" aria-labelledby={props.labelledBy} tabIndex={0} data-testid="item-list">
      <List>
        {props.items.map((item, index) => (
          <Row key={`${index}-${item.name}`}>
            <Main>
              <ItemName>{item.name}</ItemName>
              <Meta>
                <Category>
                  <Dot $color={categoryColor(item.category)} aria-hidden="true" />
                  {categoryLabel(messages, item.category)}
                </Category>
                {item.confidence === 'low' && <Uncertain>{text.categoryUncertain}</Uncertain>}
                <span>
                  {fill(item.weight_estimated ? text.itemWeightEstimated : text.itemWeight, {
                    weight: formatWeight(locale, item.weight),
                  })}
                </span>
              </Meta>
            </Main>
            <Figures>
              <Emissions>{fill(text.kgValue, { kg: formatKg(locale, item.emissions) })}</Emissions>
              <Price>{formatEuro(locale, item.price)}</Price>
            </Figures>
          </Row>
        ))}
      </List>
    </Scroller>
  );
}
