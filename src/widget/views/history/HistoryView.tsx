// "My receipts": everything this device keeps, read from and written to this browser only. The
// view only lays its parts out; each part does one job.
import { useEffect } from 'react';
import { TextButton } from '../../components/Button.tsx';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { Muted } from '../../components/layout.tsx';
import { ViewHeading } from '../../components/ViewHeading.tsx';
import { useHistoryState, useWidget } from '../../state/widget-context.ts';
import { AddReceipts } from './AddReceipts.tsx';
import { CategoriesCard } from './CategoriesCard.tsx';
import { HistoryNotices } from './HistoryNotices.tsx';
import { HouseholdGoal } from './HouseholdGoal.tsx';
import { MonthsCard } from './MonthsCard.tsx';
import { RememberedCorrections } from './RememberedCorrections.tsx';
import { SavedReceipts } from './SavedReceipts.tsx';

export function HistoryView(props: { focusHeading: boolean; returnTo: () => void }) {
  const { history, messages } = useWidget();
  const text = messages.history;
  const receipts = useHistoryState((state) => state.receipts);
  useEffect(() => history.load(), [history]);

  return (
    <>
      <div>
        <TextButton onClick={props.returnTo}>
          <ArrowLeftIcon size={18} />
          {messages.privacy.back}
        </TextButton>
      </div>
      <div>
        <ViewHeading focusOnMount={props.focusHeading}>{text.title}</ViewHeading>
        <Muted>{text.note}</Muted>
      </div>
      <HistoryNotices />
      <AddReceipts />
      <HouseholdGoal receipts={receipts} />
      {receipts.length > 0 && <MonthsCard receipts={receipts} />}
      {receipts.length > 0 && <CategoriesCard receipts={receipts} />}
      <SavedReceipts receipts={receipts} />
      <RememberedCorrections />
    </>
  );
}
