// Tips for a lighter basket; each states its priority in words, the colour only repeats it.
import { styled } from 'styled-components';
import { fill } from '../i18n/index.ts';
import { formatKg } from '../rules/format.ts';
import type { Tip } from '../rules/tips.ts';
import { palette } from '../theme/palette.ts';
import { CardList } from './layout.tsx';
import { useWidget } from '../state/widget-context.ts';

const TipCard = styled.li<{ $priority: Tip['priority'] }>`
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${palette.border};
  border-left: 6px solid ${({ $priority }) => palette.priority[$priority].text};
  background: ${palette.surface};
`;

const Chip = styled.span<{ $priority: Tip['priority'] }>`
  display: inline-block;
  margin-bottom: 6px;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.8125em;
  font-weight: 700;
  color: ${({ $priority }) => palette.priority[$priority].text};
  background: ${({ $priority }) => palette.priority[$priority].background};
`;

const Title = styled.h3`
  margin: 0 0 4px;
  font-size: 1.0625em;
  font-weight: 700;
`;

const Body = styled.p`
  margin: 0;
  color: ${palette.muted};
`;

const Saving = styled.p`
  margin: 8px 0 0;
  font-weight: 600;
  color: ${palette.primary};
`;

export function TipList(props: { tips: Tip[] }) {
  const { messages, locale } = useWidget();
  const text = messages.results;
  return (
    <CardList>
      {props.tips.map((tip) => (
        <TipCard key={tip.id} $priority={tip.priority} data-priority={tip.priority}>
          <Chip $priority={tip.priority}>{text.priority[tip.priority]}</Chip>
          <Title>{text.tips[tip.id].title}</Title>
          <Body>{text.tips[tip.id].body}</Body>
          {tip.savingsPercent !== null && tip.savingsKg !== null && (
            <Saving>
              {fill(text.potentialSaving, { percent: tip.savingsPercent, kg: formatKg(locale, tip.savingsKg) })}
            </Saving>
          )}
        </TipCard>
      ))}
    </CardList>
  );
}
