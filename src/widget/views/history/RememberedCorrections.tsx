// The corrections this device remembers: the switch that turns remembering on and off, each
// correction with its Forget, and Forget all. After a Forget the button that had focus is gone,
// so focus goes to the card's title.
import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card, Muted, SectionTitle } from '../../components/layout.tsx';
import { Switch } from '../../components/Switch.tsx';
import { categoryLabel, fill, plural, type Locale, type Messages } from '../../i18n/index.ts';
import type { MyReceiptsStrings } from '../../i18n/my-receipts.ts';
import { formatNumber } from '../../rules/format.ts';
import type { RememberedCorrection } from '../../rules/remembered.ts';
import type { RememberedOutcome } from '../../state/remembered.ts';
import { useRememberedState, useWidget } from '../../state/widget-context.ts';
import { Actions, Message, Rows } from './parts.ts';
import { storageFailureText } from './storage-text.ts';
import { useMyReceiptsText } from './text.ts';

/** What a correction changes, e.g. "Category: Dairy · Amount: 500 g". */
function correctionText(entry: RememberedCorrection, text: MyReceiptsStrings, messages: Messages, locale: Locale): string {
  const parts: string[] = [];
  if (entry.category) parts.push(fill(text.rememberedCategory, { category: categoryLabel(messages, entry.category) }));
  if (entry.amount) {
    const { unit, value, per } = entry.amount;
    const amount =
      unit === 'pcs'
        ? plural(locale, text.rememberedPieces, value, formatNumber(locale, value))
        : fill(unit === 'g' ? messages.correction.weightG : messages.correction.weightKg, { value: formatNumber(locale, value) });
    parts.push(per === 1 ? fill(text.rememberedAmount, { amount }) : fill(plural(locale, text.rememberedAmountFor, per), { amount }));
  }
  return parts.reduce((joined, part) => fill(text.pair, { a: joined, b: part }));
}

function outcomeMessage(outcome: RememberedOutcome, text: MyReceiptsStrings, messages: Messages): { message: string; error: boolean } {
  switch (outcome.kind) {
    case 'forgotten':
      return { message: fill(text.forgotten, { name: outcome.name }), error: false };
    case 'forgotten-all':
      return { message: text.forgottenAll, error: false };
    case 'switched':
      return { message: outcome.enabled ? text.rememberOn : text.rememberOff, error: false };
    case 'failed':
      return { message: storageFailureText(messages.history, outcome.failure), error: true };
  }
}

export function RememberedCorrections() {
  const { remembered, locale, messages } = useWidget();
  const text = useMyReceiptsText();
  const enabled = useRememberedState((state) => state.enabled);
  const corrections = useRememberedState((state) => state.corrections);
  const blocked = useRememberedState((state) => state.blocked);
  const unreadable = useRememberedState((state) => state.unreadable);
  const outcome = useRememberedState((state) => state.outcome);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => remembered.load(), [remembered]);

  const said = outcome && outcomeMessage(outcome, text, messages);
  const problems = [said?.error && said.message, blocked && !said?.error && messages.history.blocked, unreadable && text.rememberedUnreadable].filter(
    (problem): problem is string => typeof problem === 'string',
  );

  return (
    <Card aria-labelledby="rc-remembered-title" data-testid="remembered-corrections">
      <SectionTitle id="rc-remembered-title" ref={title} tabIndex={-1}>
        {text.rememberedTitle}
      </SectionTitle>
      <Muted>{text.rememberedIntro}</Muted>
      <Switch aria-checked={enabled} disabled={blocked} onClick={() => remembered.setEnabled(!enabled)}>
        {text.rememberSwitch}
      </Switch>
      <div role="status">{said && !said.error && <Message>{said.message}</Message>}</div>
      <div role="alert">
        {problems.map((problem) => (
          <Message $error key={problem}>
            {problem}
          </Message>
        ))}
      </div>
      {corrections.length === 0 ? (
        <Muted>{text.rememberedEmpty}</Muted>
      ) : (
        <Rows data-testid="remembered-list">
          {corrections.map((entry, index) => (
            <li key={entry.key}>
              <span id={`rc-remembered-${index}`}>
                <strong>{entry.name}</strong>
                <br />
                {correctionText(entry, text, messages, locale)}
              </span>
              <Button
                $variant="secondary"
                aria-describedby={`rc-remembered-${index}`}
                onClick={() => {
                  remembered.forget(entry.key);
                  title.current?.focus();
                }}
              >
                {text.forget}
              </Button>
            </li>
          ))}
        </Rows>
      )}
      {corrections.length > 0 && (
        <Actions>
          <Button
            $variant="secondary"
            onClick={() => {
              remembered.forgetAll();
              title.current?.focus();
            }}
          >
            {text.forgetAll}
          </Button>
        </Actions>
      )}
    </Card>
  );
}
