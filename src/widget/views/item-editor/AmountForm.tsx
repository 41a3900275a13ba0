// An item's amount in g, kg or pieces (pieces only where the backend sent a piece weight), sent
// when the visitor presses Set. What they type is theirs until an answer shows another amount
// for the item: then the answer's amount shows, written as the current language writes numbers.
import { useState, type FormEvent } from 'react';
import type { AnalysisItem } from '../../../contract.ts';
import { fill, type Messages } from '../../i18n/index.ts';
import { amountOf, parseAmount, unitsFor, type AmountUnit } from '../../rules/edits.ts';
import { formatAmountInput } from '../../rules/format.ts';
import { useWidget } from '../../state/widget-context.ts';
import { Button } from '../../components/Button.tsx';
import { Controls } from './styles.ts';

export function unitLabel(t: Messages['correction'], unit: AmountUnit): string {
  return unit === 'g' ? t.unitG : unit === 'kg' ? t.unitKg : t.unitPieces;
}

interface Draft {
  text?: string;
  unit?: AmountUnit;
  /** The amount shown when the visitor began typing. */
  typedAgainst: string;
}

export function AmountForm(props: { item: AnalysisItem; index: number; onInvalid: () => void }) {
  const { controller, locale, messages } = useWidget();
  const t = messages.correction;
  const { item, index } = props;
  const shown = amountOf(item);
  const shownKey = `${shown.value} ${shown.unit}`;
  const [draft, setDraft] = useState<Draft | null>(null);
  const typed = draft?.typedAgainst === shownKey ? draft : null;
  const text = typed?.text ?? formatAmountInput(locale, shown.value);
  const unit = typed?.unit ?? shown.unit;
  const type = (change: Omit<Draft, 'typedAgainst'>) => setDraft({ ...typed, ...change, typedAgainst: shownKey });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(text, unit);
    if (amount === null) return props.onInvalid();
    void controller.corrections.edit({ type: 'amount', index, amount });
  };
  return (
    <Controls as="form" onSubmit={submit}>
      <input
        aria-label={fill(t.amountOf, { name: item.name })}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => type({ text: event.currentTarget.value })}
      />
      <select aria-label={fill(t.unitOf, { name: item.name })} value={unit} onChange={(event) => type({ unit: event.currentTarget.value as AmountUnit })}>
        {unitsFor(item).map((option) => (
          <option key={option} value={option}>
            {unitLabel(t, option)}
          </option>
        ))}
      </select>
      <Button type="submit" $variant="secondary" aria-label={fill(t.setAmountOf, { name: item.name })}>
        {t.setAmount}
      </Button>
    </Controls>
  );
}
