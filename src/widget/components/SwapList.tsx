// Swaps the backend offers for the heaviest items: the same amount of a lower-carbon product,
// the saving for this receipt, and both factors' citations on request.
import { styled } from 'styled-components';
import type { LocalizedName, Swap } from '../../contract.ts';
import { fill, type Locale } from '../i18n/index.ts';
import { formatKg, formatNumber, formatWeight } from '../rules/format.ts';
import { palette } from '../theme/palette.ts';
import { CardList } from './layout.tsx';
import { useWidget } from '../state/widget-context.ts';

const Entry = styled.li`
  padding: 14px 16px;
  border-radius: 12px;
  border: 1px solid ${palette.border};
  overflow-wrap: anywhere;

  strong {
    display: block;
    color: ${palette.primary};
  }

  ul {
    margin: 0;
    padding-left: 20px;
    color: ${palette.muted};
    font-size: 0.875em;
  }

  summary {
    display: flex;
    align-items: center;
    min-height: 44px;
    cursor: pointer;
    color: ${palette.primary};
    font-weight: 600;
  }
`;

/** The alternative's name in the visitor's language (every locale the widget speaks has one). */
function nameIn(name: LocalizedName, locale: Locale): string {
  return name[locale];
}

export function SwapList(props: { swaps: Swap[] }) {
  const { locale, messages } = useWidget();
  const t = messages.correction;
  // 400 g reads better than 0.4 kg; a kilo and more in kg.
  const weight = (kg: number) =>
    kg >= 1 ? fill(t.weightKg, { value: formatWeight(locale, kg) }) : fill(t.weightG, { value: formatWeight(locale, Math.round(kg * 1000)) });
  return (
    <CardList data-testid="swaps">
      {props.swaps.map((swap) => (
        <Entry key={`${swap.item_index}-${swap.to.key}`}>
          <span>
            {fill(t.swapLine, { from: swap.item_name, to: nameIn(swap.to.name, locale), weight: weight(swap.weight) })}
          </span>
          <strong>{fill(t.swapSaving, { kg: formatKg(locale, swap.saving) })}</strong>
          <details>
            <summary>{t.swapSources}</summary>
            <ul>
              <li>{fill(t.swapFrom, { factor: formatNumber(locale, swap.from.factor), source: swap.from.factor_source })}</li>
              <li>{fill(t.swapTo, { factor: formatNumber(locale, swap.to.factor), source: swap.to.factor_source })}</li>
            </ul>
          </details>
        </Entry>
      ))}
    </CardList>
  );
}
