// Correcting the result: per item its category, amount or removal; an added item by name; undo
// and reset. Every number shown comes from the backend's recalculation. Native controls with
// labels; the edited row keeps focus; each change is announced politely. Each part has a file
// of its own: a row (EditRow, with CategorySelect and AmountForm), the add form, the status
// line, the undo/reset buttons, and opening on an item the visitor was asked to check.
import { useState } from 'react';
import { styled } from 'styled-components';
import type { AnalysisResult } from '../../../contract.ts';
import { rowKeys } from '../../state/corrections.ts';
import { useAppState, useWidget } from '../../state/widget-context.ts';
import { palette } from '../../theme/palette.ts';
import { AddItemForm } from './AddItemForm.tsx';
import { useCheckItem, type CheckRequest } from './check-item.ts';
import { EditRow } from './EditRow.tsx';
import { EditStatus } from './EditStatus.tsx';
import { useFocusAfterRemove } from './focus-after-remove.ts';
import { UndoReset } from './UndoReset.tsx';

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

/** `check`: open on this item (the item list's "Check this" on an uncertain item). */
export function ItemEditor(props: { result: AnalysisResult; check?: CheckRequest | null }) {
  const { controller, messages } = useWidget();
  const t = messages.correction;
  const corrections = useAppState((state) => state.corrections);
  const { result } = props;
  const keys = rowKeys(result, corrections);
  const { rowsRef, fallbackRef, removing } = useFocusAfterRemove(result, corrections?.pending ?? false);
  const panelRef = useCheckItem(props.check ?? null, rowsRef);
  // A problem with what was typed belongs to the answer it was typed against: the backend's
  // next answer leaves it behind.
  const [problem, setProblem] = useState<{ text: string; against: AnalysisResult } | null>(null);
  const say = (text: string | null) => setProblem(text === null ? null : { text, against: result });

  return (
    <Panel data-testid="item-editor" ref={panelRef}>
      <summary>{t.editTitle}</summary>
      <p>{t.editIntro}</p>
      <Rows ref={rowsRef}>
        {result.items.map((item, index) => {
          const key = keys[index] ?? `unkeyed-${index}`;
          return (
            <EditRow
              key={key}
              rowKey={key}
              item={item}
              index={index}
              onInvalidAmount={() => say(t.badAmount)}
              onRemove={() => {
                removing(index);
                void controller.corrections.edit({ type: 'remove', index });
              }}
            />
          );
        })}
      </Rows>
      <AddItemForm nameRef={fallbackRef} onProblem={say} />
      <EditStatus problem={problem?.against === result ? problem.text : null} corrections={corrections} result={result} />
      <UndoReset corrections={corrections} result={result} />
    </Panel>
  );
}
