// "My receipts": the way back, the heading and what the view keeps where, shown at once; the body
// below comes from a chunk loaded on first use (./load.ts), with a line while it loads and a way
// to try again when it cannot be loaded.
import { useEffect, useState } from 'react';
import { Button, TextButton } from '../../components/Button.tsx';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { Muted } from '../../components/layout.tsx';
import { ViewHeading } from '../../components/ViewHeading.tsx';
import { useWidget } from '../../state/widget-context.ts';
import { loadBody, loadedBody } from './load.ts';
import { Actions, Message } from './parts.ts';

function LazyBody() {
  const { messages } = useWidget();
  const [body, setBody] = useState(loadedBody);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (body) return;
    let live = true;
    loadBody().then(
      (loaded) => live && setBody(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [body, attempt]);

  if (body) return <body.HistoryBody />;
  if (!failed) return <Muted role="status">{messages.history.loading}</Muted>;
  return (
    <div role="alert">
      <Message $error>{messages.history.loadFailed}</Message>
      <Actions>
        <Button
          $variant="secondary"
          onClick={() => {
            setFailed(false);
            setAttempt(attempt + 1);
          }}
        >
          {messages.home.retry}
        </Button>
      </Actions>
    </div>
  );
}

export function MyReceiptsView(props: { focusHeading: boolean; returnTo: () => void }) {
  const { messages } = useWidget();
  const text = messages.history;
  return (
    <>
      <div>
        <TextButton onClick={props.returnTo}>
          <ArrowLeftIcon size={18} />
          {messages.privacy.back}
        </TextButton>
      </div>
      <div>
        <ViewHeading focusOnMount={props.focusHeading}>{text.title}</ViewHeading>
        <Muted>{text.note}</Muted>
      </div>
      <LazyBody />
    </>
  );
}
