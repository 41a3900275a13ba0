// The household goal: the household's size, the latest months' bought food per person per day,
// the latest month against Finnish diets, and what those figures are and are not.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { Button, TextLink } from '../../components/Button.tsx';
import { fieldControl, fieldLabel } from '../../components/field.ts';
import { Card, Muted, SectionTitle } from '../../components/layout.tsx';
import { fill, plural } from '../../i18n/index.ts';
import { formatOneDecimal } from '../../rules/format.ts';
import { FINNISH_DIETS, monthFigures, standing, STUDY_URL, type DietKey, type MonthFigure } from '../../rules/goal.ts';
import { checkHousehold, persons, type Household } from '../../rules/household.ts';
import type { SavedReceipt } from '../../rules/history.ts';
import { useSlice, useWidget } from '../../state/widget-context.ts';
import { palette } from '../../theme/palette.ts';
import { monthLabel } from './messages.ts';
import { Actions, Message, Rows } from './parts.ts';
import { useMyReceiptsText } from './text.ts';

const Fields = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-top: 16px;

  label {
    ${fieldLabel}
  }

  input {
    ${fieldControl}
    width: 6em;
  }
`;

const Scale = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
  font-variant-numeric: tabular-nums;

  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 2px 12px;
  }

  svg {
    grid-column: 1 / -1;
    display: block;
    width: 100%;
    height: 10px;
  }
`;

const Note = styled.p`
  margin: 12px 0 0;
  color: ${palette.muted};
  font-size: 0.9375em;
`;

/** The household beside its Change button, on the button's middle. */
const HouseholdRow = styled(Actions)`
  align-items: center;
`;

const SubTitle = styled.h3`
  margin: 20px 0 0;
  font-size: 1em;
  font-weight: 700;
`;

const DIET_LABEL: Record<DietKey, 'dietCurrent' | 'dietMeatHalf' | 'dietFishMilk' | 'dietVegan'> = {
  current: 'dietCurrent',
  meatHalf: 'dietMeatHalf',
  fishMilk: 'dietFishMilk',
  vegan: 'dietVegan',
};

/** The household's size: two whole numbers, saved on this device. */
function HouseholdForm(props: { initial: Household | null; onSaved: () => void }) {
  const { household } = useWidget();
  const text = useMyReceiptsText();
  const [adults, setAdults] = useState(String(props.initial?.adults ?? 1));
  const [children, setChildren] = useState(String(props.initial?.children ?? 0));
  const [bad, setBad] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = checkHousehold({ adults: Number(adults), children: Number(children) });
    setBad(given === null);
    if (given !== null && household.save(given) === null) props.onSaved();
  };

  return (
    <>
      {/* Checked here, so the message is in the widget's language rather than the browser's. */}
      <Fields onSubmit={submit} aria-label={text.goalTitle} noValidate>
        <label>
          {text.adults}
          <input type="number" inputMode="numeric" min={1} max={20} step={1} value={adults} onChange={(event) => setAdults(event.currentTarget.value)} />
        </label>
        <label>
          {text.children}
          <input type="number" inputMode="numeric" min={0} max={20} step={1} value={children} onChange={(event) => setChildren(event.currentTarget.value)} />
        </label>
        <Button type="submit">{text.saveHousehold}</Button>
      </Fields>
      <div role="alert">{bad && <Message $error>{text.householdBad}</Message>}</div>
    </>
  );
}

function MonthRows(props: { figures: MonthFigure[] }) {
  const { locale } = useWidget();
  const text = useMyReceiptsText();
  return (
    <Rows data-testid="goal-months">
      {props.figures.map((figure) => (
        <li key={figure.month}>
          <span>{monthLabel(locale, figure.month, 'long')}</span>
          <span>
            <strong>{fill(text.goalPerDay, { kg: formatOneDecimal(locale, figure.kgPerPersonDay) })}</strong>
            {' '}
            {fill(text.pair, {
              a: plural(locale, figure.soFar ? text.goalSoFar : text.goalDays, figure.days),
              b: plural(locale, text.receiptCount, figure.receipts),
            })}
          </span>
        </li>
      ))}
    </Rows>
  );
}

/** The latest month beside the study's diets: each a row with its figure and a bar (the bars picture the figures beside them). */
function DietScale(props: { figure: MonthFigure }) {
  const { locale } = useWidget();
  const text = useMyReceiptsText();
  const rows = [
    { key: 'you', label: fill(text.goalYou, { month: monthLabel(locale, props.figure.month, 'long') }), kg: props.figure.kgPerPersonDay },
    ...FINNISH_DIETS.map((diet) => ({ key: diet.key, label: text[DIET_LABEL[diet.key]], kg: diet.kg })),
  ];
  const max = Math.max(...rows.map((row) => row.kg));
  const place = standing(props.figure.kgPerPersonDay);
  return (
    <>
      <SubTitle id="rc-goal-scale">{text.goalScaleTitle}</SubTitle>
      <Scale aria-labelledby="rc-goal-scale" data-testid="goal-scale">
        {rows.map((row) => (
          <li key={row.key} data-diet={row.key}>
            <span>{row.label}</span>
            <strong>{formatOneDecimal(locale, row.kg)}</strong>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <rect x="0" y="0" width={max > 0 ? (row.kg / max) * 100 : 0} height="10" rx="2" fill={row.key === 'you' ? palette.primary : palette.border} />
            </svg>
          </li>
        ))}
      </Scale>
      <p data-testid="goal-standing">{place === 'above' ? text.goalAbove : place === 'between' ? text.goalBetween : text.goalBelow}</p>
    </>
  );
}

export function HouseholdGoal(props: { receipts: readonly SavedReceipt[] }) {
  const { household: householdStore, locale } = useWidget();
  const text = useMyReceiptsText();
  const household = useSlice(householdStore.store, (state) => state.household);
  const outcome = useSlice(householdStore.store, (state) => state.outcome);
  const [editing, setEditing] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const focusChange = useRef(false);
  useEffect(() => householdStore.load(), [householdStore]);
  // Saving replaces the form (and the focused Save button) with the household line: focus its Change.
  useEffect(() => {
    if (!editing && focusChange.current) changeButton.current?.focus();
    focusChange.current = false;
  }, [editing, household]);

  const figures = household ? monthFigures(props.receipts, household, new Date()) : [];
  const latest = figures[0];

  return (
    <Card aria-labelledby="rc-goal-title" data-testid="household-goal">
      <SectionTitle id="rc-goal-title">{text.goalTitle}</SectionTitle>
      <Muted>{text.goalIntro}</Muted>
      {household === null || editing ? (
        <HouseholdForm
          initial={household}
          onSaved={() => {
            focusChange.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <HouseholdRow>
          <strong data-testid="household">{plural(locale, text.household, persons(household))}</strong>
          <Button ref={changeButton} $variant="secondary" onClick={() => setEditing(true)}>
            {text.changeHousehold}
          </Button>
        </HouseholdRow>
      )}
      <div role="status">{outcome?.kind === 'saved' && !editing && <Message>{text.householdSaved}</Message>}</div>
      {household && (latest ? <MonthRows figures={figures} /> : <Note>{text.goalNoReceipts}</Note>)}
      {latest && <DietScale figure={latest} />}
      <Note>{text.goalChildren}</Note>
      <Note>{text.goalHonest}</Note>
      <Note>{text.goalSource}</Note>
      {/* On a line of its own: its 44 px tap target would open a gap in the paragraph's lines. */}
      <TextLink href={STUDY_URL} target="_blank" rel="noopener noreferrer">
        {text.goalSourceLink}
      </TextLink>
    </Card>
  );
}
