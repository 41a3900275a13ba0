// Delete all, set apart from the other actions, asks first; Cancel keeps everything. The
// question takes focus on its Cancel.
import { useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { ButtonRow } from '../../components/layout.tsx';
import { useWidget } from '../../state/widget-context.ts';
import { Actions, Message } from './parts.ts';
import { useMyReceiptsText } from './text.ts';

const Question = styled.div`
  display: grid;
  gap: 12px;
  margin-top: 16px;
`;

export function DeleteAll(props: { onDeleted: () => void }) {
  const { history } = useWidget();
  const text = useMyReceiptsText();
  const [confirming, setConfirming] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) cancel.current?.focus();
  }, [confirming]);

  return (
    <>
      <Actions>
        <Button $variant="secondary" aria-expanded={confirming} onClick={() => setConfirming(true)}>
          {text.removeAll}
        </Button>
      </Actions>
      {confirming && (
        <Question role="group" aria-labelledby="rc-history-confirm">
          <Message $error id="rc-history-confirm">
            {text.confirmRemoveAll}
          </Message>
          <ButtonRow>
            <Button
              onClick={() => {
                history.clear();
                setConfirming(false);
                props.onDeleted();
              }}
            >
              {text.removeAll}
            </Button>
            <Button ref={cancel} $variant="secondary" onClick={() => setConfirming(false)}>
              {text.cancel}
            </Button>
          </ButtonRow>
        </Question>
      )}
    </>
  );
}
