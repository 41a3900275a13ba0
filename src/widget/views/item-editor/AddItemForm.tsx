// An item the reader missed, by name and an optional amount: the backend classifies the name
// as it would a receipt line.
import { useState, type FormEvent, type Ref } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { parseAmount, type AmountUnit } from '../../rules/edits.ts';
import { useWidget } from '../../state/widget-context.ts';
import { unitLabel } from './AmountForm.tsx';
import { Controls } from './styles.ts';

const Title = styled.strong`
  width: 100%;
`;

const NameField = styled.label`
  width: 100%;

  && input {
    width: 100%;
  }
`;

const UNITS: AmountUnit[] = ['g', 'kg', 'pcs'];

export function AddItemForm({ nameRef, onProblem }: { nameRef: Ref<HTMLInputElement>; onProblem: (problem: string | null) => void }) {
  const { controller, messages } = useWidget();
  const t = messages.correction;
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<AmountUnit>('g');

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return onProblem(t.nameNeeded);
    const parsed = amount.trim() === '' ? null : parseAmount(amount, unit);
    if (amount.trim() !== '' && parsed === null) return onProblem(t.badAmount);
    onProblem(null);
    void controller.corrections.edit({ type: 'add', name, amount: parsed });
    setName('');
    setAmount('');
  };

  return (
    <Controls as="form" onSubmit={add} aria-labelledby="rc-add-title">
      <Title id="rc-add-title">{t.addTitle}</Title>
      <NameField>
        {t.addName}
        <input ref={nameRef} value={name} autoComplete="off" onChange={(event) => setName(event.currentTarget.value)} />
      </NameField>
      <Controls>
        <label>
          {t.addAmount}
          <input inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} />
        </label>
        <label>
          {t.addUnit}
          <select value={unit} onChange={(event) => setUnit(event.currentTarget.value as AmountUnit)}>
            {UNITS.map((option) => (
              <option key={option} value={option}>
                {unitLabel(t, option)}
              </option>
            ))}
          </select>
        </label>
      </Controls>
      <div>
        <Button type="submit">{t.add}</Button>
      </div>
    </Controls>
  );
}
