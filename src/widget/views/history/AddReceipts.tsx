// "Add receipts": many PDFs and photos at once, read one after another and saved to this device.
import { ConsentBox, ConsentWarning } from '../../components/ConsentCard.tsx';
import { Card, Muted, SectionTitle } from '../../components/layout.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useSlice, useWidget } from '../../state/widget-context.ts';
import { BatchDrop } from './BatchDrop.tsx';
import { BatchLines } from './BatchLines.tsx';
import { useMyReceiptsText } from './text.ts';
import { useBatch } from './use-batch.ts';

export function AddReceipts() {
  const { messages } = useWidget();
  const text = useMyReceiptsText();
  const batch = useBatch();
  const includeItems = useSlice(batch.store, (state) => state.includeItems);
  return (
    <Card aria-labelledby="rc-add-receipts" data-testid="add-receipts">
      <SectionTitle id="rc-add-receipts">{text.addTitle}</SectionTitle>
      <Muted>{text.addIntro}</Muted>
      <ConsentBox />
      <ConsentWarning />
      <Switch aria-checked={includeItems} onClick={() => batch.setIncludeItems(!includeItems)}>
        {messages.history.includeItems}
      </Switch>
      <BatchDrop />
      <BatchLines />
    </Card>
  );
}
