// Undo the last change, or go back to the result as it was read. Both stay in place while they
// cannot act (aria-disabled), so focus never falls off the page when they stop applying.
import type { AnalysisResult } from '../../../contract.ts';
import { Button } from '../../components/Button.tsx';
import type { Corrections } from '../../state/corrections.ts';
import { useWidget } from '../../state/widget-context.ts';
import { Controls } from './styles.ts';

export function UndoReset(props: { corrections: Corrections | null; result: AnalysisResult }) {
  const { controller, messages } = useWidget();
  const { corrections } = props;
  const canUndo = (corrections?.history.length ?? 0) > 0 && !corrections?.pending;
  const canReset = canUndo || (corrections !== null && corrections.original !== props.result);
  return (
    <Controls>
      <Button $variant="secondary" aria-disabled={!canUndo} onClick={() => canUndo && controller.corrections.undo()}>
        {messages.correction.undo}
      </Button>
      <Button $variant="secondary" aria-disabled={!canReset} onClick={() => canReset && controller.corrections.reset()}>
        {messages.correction.reset}
      </Button>
    </Controls>
  );
}
