// The widget's batch of receipts being added (made on first use; see state/batch.ts).
import { batchFor, type Batch } from '../../state/batch.ts';
import { useWidget } from '../../state/widget-context.ts';

export function useBatch(): Batch {
  const { controller, history } = useWidget();
  return batchFor(controller, history);
}
