// The prompt on an item the backend is unsure of: "Check this", which opens the item editor on it.
import { styled } from 'styled-components';
import { fill } from '../i18n/index.ts';
import { useWidget } from '../state/widget-context.ts';
import { palette } from '../theme/palette.ts';

const Prompt = styled.button`
  min-height: 24px;
  padding: 0 8px;
  border: 1px solid ${palette.warning.text};
  border-radius: 999px;
  background: ${palette.surface};
  color: ${palette.warning.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

export function CheckPrompt(props: { name: string; onCheck: () => void }) {
  const text = useWidget().messages.results;
  return (
    <Prompt type="button" data-testid="check-item" aria-label={fill(text.checkItemLabel, { name: props.name })} onClick={props.onCheck}>
      {text.checkItem}
    </Prompt>
  );
}
