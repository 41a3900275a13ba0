// The saved receipts, newest first, each with its own Delete; under them the files (export,
// import) and Delete all. After a deletion the button that had focus is gone, so focus goes to
// the list's title.
import { useRef } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card, Muted, SectionTitle } from '../../components/layout.tsx';
import { fill, plural } from '../../i18n/index.ts';
import { kgText } from '../../i18n/kg-text.ts';
import { formatEuro } from '../../rules/format.ts';
import type { SavedReceipt } from '../../rules/history.ts';
import { useHistoryState, useWidget } from '../../state/widget-context.ts';
import { DeleteAll } from './DeleteAll.tsx';
import { HistoryFiles } from './HistoryFiles.tsx';
import { dateLabel } from './messages.ts';
import { Actions, Rows } from './parts.ts';
import { useMyReceiptsText } from './text.ts';

function ReceiptRow(props: { receipt: SavedReceipt; onDelete: () => void }) {
  const { locale, messages } = useWidget();
  const text = useMyReceiptsText();
  const { receipt } = props;
  // The saved total with its range, as the result showed it (older saves have none).
  const kg = kgText(locale, messages, receipt.totalKg, receipt.lowKg, receipt.highKg);
  return (
    <li>
      <span id={`rc-saved-${receipt.id}`}>
        <strong>{dateLabel(locale, receipt.date)}</strong> {receipt.store ?? messages.results.unknownStore}
        <br />
        {fill(text.pair, {
          a: fill(text.pair, { a: kg, b: plural(locale, messages.results.itemCount, receipt.itemCount) }),
          b: formatEuro(locale, receipt.priceTotal),
        })}
        {receipt.items && <Muted>{receipt.items.join(', ')}</Muted>}
      </span>
      <Button $variant="secondary" aria-describedby={`rc-saved-${receipt.id}`} onClick={props.onDelete}>
        {text.remove}
      </Button>
    </li>
  );
}

export function SavedReceipts(props: { receipts: readonly SavedReceipt[] }) {
  const { history, locale } = useWidget();
  const text = useMyReceiptsText();
  const blocked = useHistoryState((state) => state.blocked);
  const title = useRef<HTMLHeadingElement>(null);
  const { receipts } = props;
  const focusTitle = () => title.current?.focus();

  return (
    <Card aria-labelledby="rc-history-list">
      <SectionTitle id="rc-history-list" ref={title} tabIndex={-1}>
        {plural(locale, text.receiptCount, receipts.length)}
      </SectionTitle>
      {receipts.length === 0 && <Muted>{text.empty}</Muted>}
      <Rows data-testid="history-list">
        {[...receipts].reverse().map((receipt) => (
          <ReceiptRow
            key={receipt.id}
            receipt={receipt}
            onDelete={() => {
              history.remove(receipt.id);
              focusTitle();
            }}
          />
        ))}
      </Rows>
      {!blocked && (
        <Actions>
          <HistoryFiles receipts={receipts} />
        </Actions>
      )}
      {!blocked && receipts.length > 0 && <DeleteAll onDeleted={focusTitle} />}
    </Card>
  );
}
