// Correcting the result: per item its category, amount or removal; an added item by name; undo
// and reset. Every number shown comes from the backend's recalculation. Native controls with
// labels; the edited row keeps focus; each change is announced politely.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { CATEGORY_NAMES, isCategoryName, type AnalysisItem, type AnalysisResult } from '../../contract.ts';
import { categoryLabel, fill, type Locale, type Messages } from '../i18n/index.ts';
import { reasonText } from '../i18n/error-text.ts';
import { amountOf, parseAmount, unitsFor, type AmountUnit } from '../rules/edits.ts';
import type { Corrections } from '../state/corrections.ts';
import { formatKg, formatRange } from '../rules/format.ts';
import { plausibleRange } from '../rules/range.ts';
import { atLeast } from '../theme/breakpoints.ts';
import { palette } from '../theme/palette.ts';

type CorrectionStrings = Messages['correction'];
import { useAppState, useWidget } from '../state/widget-context.ts';
import { Button } from './Button.tsx';

const Panel = styled.details`
  border-top: 1px solid ${palette.border};
  margin-top: 16px;
  padding-top: 8px;

  & > summary {
    display: flex;
    align-items: center;
    min-height: 44px;
    cursor: pointer;
    font-weight: 700;
    color: ${palette.primary};
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 12px 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Row = styled.li`
  display: grid;
  gap: 8px;
  padding: 10px 0;
  border-bottom: 1px solid ${palette.border};

  /* A wide widget has room for the name beside its controls; a narrow one stacks them. */
  ${atLeast('large')} {
    grid-template-columns: minmax(8em, 1fr) auto;
    align-items: center;
  }
`;

const Name = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;

  select,
  input {
    min-height: 44px;
    max-width: 100%;
    padding: 8px 10px;
    border: 1px solid ${palette.muted};
    border-radius: 10px;
    background: ${palette.surface};
    color: ${palette.text};
    font: inherit;
  }

  input {
    width: 6.5em;
  }

  label {
    display: grid;
    gap: 4px;
    font-weight: 600;
  }
`;

const Figure = styled.span`
  display: block;
  font-size: 0.8125em;
  font-weight: 400;
  color: ${palette.muted};
  font-variant-numeric: tabular-nums;
`;

/** The item's emissions with its plausible range when the backend sent one. */
function itemFigure(item: AnalysisItem, locale: Locale, messages: Messages): string {
  const kg = formatKg(locale, item.emissions);
  const range = plausibleRange(item.emissions, item.emissions_low, item.emissions_high);
  return range ? fill(messages.estimate.itemFigure, { kg, ...formatRange(locale, range.low, range.high) }) : fill(messages.results.kgValue, { kg });
}

const Mark = styled.span`
  margin-left: 8px;
  padding: 0 8px;
  border-radius: 999px;
  background: ${palette.primaryTint};
  color: ${palette.primary};
  font-size: 0.8125em;
`;

const Note = styled.p<{ $problem?: boolean }>`
  margin: 8px 0;
  min-height: 1.5em;
  font-weight: ${({ $problem }) => ($problem ? 600 : 400)};
  color: ${({ $problem }) => ($problem ? palette.error.text : palette.muted)};
`;

function CategorySelect(props: { item: AnalysisItem; index: number; messages: Messages; t: CorrectionStrings }) {
  const { controller } = useWidget();
  return (
    <select
      aria-label={fill(props.t.categoryOf, { name: props.item.name })}
      value={props.item.category}
      onChange={(event) => {
        const category = event.currentTarget.value;
        if (isCategoryName(category)) void controller.corrections.edit({ type: 'category', index: props.index, category });
      }}
    >
      {CATEGORY_NAMES.map((name) => (
        <option key={name} value={name}>
          {categoryLabel(props.messages, name)}
        </option>
      ))}
    </select>
  );
}

function unitLabel(t: CorrectionStrings, unit: AmountUnit): string {
  return unit === 'g' ? t.unitG : unit === 'kg' ? t.unitKg : t.unitPieces;
}

function AmountEditor(props: { item: AnalysisItem; index: number; locale: Locale; t: CorrectionStrings; onInvalid(): void }) {
  const { controller } = useWidget();
  const { item, index, t } = props;
  const shown = amountOf(item);
  const format = (value: number) => new Intl.NumberFormat(props.locale, { maximumFractionDigits: 3, useGrouping: false }).format(value);
  const [text, setText] = useState(format(shown.value));
  const [unit, setUnit] = useState<AmountUnit>(shown.unit);
  // A new answer from the backend shows its own amount.
  useEffect(() => {
    setText(format(shown.value));
    setUnit(shown.unit);
  }, [shown.value, shown.unit]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(text, unit);
    if (amount === null) return props.onInvalid();
    void controller.corrections.edit({ type: 'amount', index, amount });
  };
  return (
    <Controls as="form" onSubmit={submit}>
      <input aria-label={fill(t.amountOf, { name: item.name })} inputMode="decimal" autoComplete="off" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <select aria-label={fill(t.unitOf, { name: item.name })} value={unit} onChange={(event) => setUnit(event.currentTarget.value as AmountUnit)}>
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

function announcement(t: CorrectionStrings, corrections: Corrections | null, result: AnalysisResult, locale: Locale, messages: Messages): string {
  if (corrections === null) return '';
  if (corrections.pending) return t.working;
  const kg = formatKg(locale, result.total_emissions);
  const last = corrections.last;
  if (last === null) return '';
  if (last.kind === 'undo') return fill(t.undone, { kg });
  if (last.kind === 'reset') return fill(t.resetDone, { kg });
  const { action } = last;
  if (action.type === 'add') {
    const added = last.result.items.at(-1);
    return fill(t.added, { name: action.name, category: added ? categoryLabel(messages, added.category) : '', kg });
  }
  if (action.type === 'remove') return fill(t.removed, { name: corrections.history.at(-1)?.items[action.index]?.name ?? '', kg });
  return fill(t.updated, { kg });
}

export function ItemEditor(props: { result: AnalysisResult }) {
  const { controller, messages, locale } = useWidget();
  const t = messages.correction;
  const corrections = useAppState((state) => state.corrections);
  const { result } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [newAmount, setNewAmount] = useState('');
  const [newUnit, setNewUnit] = useState<AmountUnit>('g');
  const rows = useRef<HTMLUListElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // After a removal the row (and its focused button) is gone: focus the same place in the list.
  const focusAfterRemove = useRef<number | null>(null);

  // A problem with an earlier input is stale once the backend has answered a change.
  useEffect(() => setProblem(null), [result]);

  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null || corrections?.pending) return;
    focusAfterRemove.current = null;
    const buttons = rows.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
    const next = buttons && buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : null;
    (next ?? nameInput.current)?.focus();
  }, [result, corrections?.pending]);

  const failure = corrections?.failure ? fill(t.failed, { reason: reasonText(messages, locale, corrections.failure) }) : null;
  const canUndo = (corrections?.history.length ?? 0) > 0 && !corrections?.pending;
  const canReset = canUndo || (corrections !== null && corrections.original !== result);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (newName.trim() === '') return setProblem(t.nameNeeded);
    const amount = newAmount.trim() === '' ? null : parseAmount(newAmount, newUnit);
    if (newAmount.trim() !== '' && amount === null) return setProblem(t.badAmount);
    setProblem(null);
    void controller.corrections.edit({ type: 'add', name: newName, amount });
    setNewName('');
    setNewAmount('');
  };

  return (
    <Panel data-testid="item-editor">
      <summary>{t.editTitle}</summary>
      <p>{t.editIntro}</p>
      <Rows ref={rows}>
        {result.items.map((item, index) => (
          <Row key={`${index}-${item.name}`} data-testid="edit-row">
            <Name id={`rc-edit-name-${index}`}>
              {item.name}
              {item.edited && <Mark>{t.edited}</Mark>}
              <Figure data-testid="edit-figure">{itemFigure(item, locale, messages)}</Figure>
            </Name>
            <Controls>
              <CategorySelect item={item} index={index} messages={messages} t={t} />
              <AmountEditor item={item} index={index} locale={locale} t={t} onInvalid={() => setProblem(t.badAmount)} />
              <Button
                $variant="secondary"
                data-remove=""
                aria-label={fill(t.removeItem, { name: item.name })}
                onClick={() => {
                  focusAfterRemove.current = index;
                  void controller.corrections.edit({ type: 'remove', index });
                }}
              >
                {t.remove}
              </Button>
            </Controls>
          </Row>
        ))}
      </Rows>

      <Controls as="form" onSubmit={add} aria-labelledby="rc-add-title">
        <strong id="rc-add-title" style={{ width: '100%' }}>{t.addTitle}</strong>
        <label style={{ width: '100%' }}>
          {t.addName}
          <input style={{ width: '100%' }} ref={nameInput} value={newName} autoComplete="off" onChange={(event) => setNewName(event.currentTarget.value)} />
        </label>
        <Controls>
          <label>
            {t.addAmount}
            <input inputMode="decimal" autoComplete="off" value={newAmount} onChange={(event) => setNewAmount(event.currentTarget.value)} />
          </label>
          <label>
            {t.addUnit}
            <select value={newUnit} onChange={(event) => setNewUnit(event.currentTarget.value as AmountUnit)}>
              <option value="g">{t.unitG}</option>
              <option value="kg">{t.unitKg}</option>
              <option value="pcs">{t.unitPieces}</option>
            </select>
          </label>
        </Controls>
        <div>
          <Button type="submit">{t.add}</Button>
        </div>
      </Controls>

      {problem && (
        <Note $problem role="alert">
          {problem}
        </Note>
      )}
      {failure && (
        <Note $problem role="alert">
          {failure}
        </Note>
      )}
      <Note role="status" aria-live="polite" data-testid="edit-status">
        {announcement(t, corrections, result, locale, messages)}
      </Note>

      <Controls>
        <Button $variant="secondary" aria-disabled={!canUndo} onClick={() => canUndo && controller.corrections.undo()}>
          {t.undo}
        </Button>
        <Button $variant="secondary" aria-disabled={!canReset} onClick={() => canReset && controller.corrections.reset()}>
          {t.reset}
        </Button>
      </Controls>
    </Panel>
  );
}
