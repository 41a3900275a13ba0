// "Save to this device" under a result: keeps its summary in this browser (item names only if
// ticked) and leads to "My receipts".
import { useRef, useState } from 'react';
import { styled } from 'styled-components';
import type { AnalysisResult } from '../../../contract.ts';
import { Button } from '../../components/Button.tsx';
import { ButtonRow, Card, Muted, SectionTitle } from '../../components/layout.tsx';
import { Switch } from '../../components/Switch.tsx';
import { palette } from '../../theme/palette.ts';
import { useHistoryState, useWidget } from '../../state/widget-context.ts';
import { storageFailureText } from './storage-text.ts';

const Failure = styled.p`
  margin: 12px 0 0;
  color: ${palette.error.text};
  font-weight: 600;
`;

const Saved = styled.p`
  margin: 0;
  &:empty {
    display: none;
  }
  align-self: center;
  font-weight: 700;
  color: ${palette.primary};
`;

export function SaveReceipt(props: { result: AnalysisResult }) {
  const { history, controller, messages } = useWidget();
  const text = messages.history;
  const saved = useHistoryState((state) => state.savedResult === props.result);
  const outcome = useHistoryState((state) => state.outcome);
  const [includeItems, setIncludeItems] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const failure = !saved && outcome?.kind === 'failed' ? storageFailureText(text, outcome.failure) : null;

  return (
    <Card aria-labelledby="rc-save-title" data-testid="save-receipt">
      <SectionTitle id="rc-save-title">{text.title}</SectionTitle>
      <Muted>{text.note}</Muted>
      {!saved && (
        <Switch aria-checked={includeItems} onClick={() => setIncludeItems(!includeItems)}>
          {text.includeItems}
        </Switch>
      )}
      <ButtonRow>
        <Saved role="status">{saved && (outcome?.kind === 'duplicate' ? text.alreadySaved : text.saved)}</Saved>
        {!saved && (
          <Button
            onClick={() => {
              history.save(props.result, includeItems);
              // The Save button goes away once saved: focus moves on to where the receipt now is.
              if (history.store.getState().savedResult === props.result) openButton.current?.focus();
            }}
          >
            {text.save}
          </Button>
        )}
        <Button ref={openButton} $variant="secondary" onClick={() => controller.navigate('history')}>
          {text.title}
        </Button>
      </ButtonRow>
      <div role="alert">{failure && <Failure>{failure}</Failure>}</div>
    </Card>
  );
}
