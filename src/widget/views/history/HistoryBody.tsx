// "My receipts" below its heading: everything this device keeps, read from and written to this
// browser only. It only lays its parts out; each part does one job. Loaded on first use, beside
// the bundle (./MyReceiptsView.tsx).
import { useEffect } from 'react';
import { useHistoryState, useWidget } from '../../state/widget-context.ts';
import { AddReceipts } from './AddReceipts.tsx';
import { CategoriesCard } from './CategoriesCard.tsx';
import { HistoryNotices } from './HistoryNotices.tsx';
import { HouseholdGoal } from './HouseholdGoal.tsx';
import { MonthsCard } from './MonthsCard.tsx';
import { RememberedCorrections } from './RememberedCorrections.tsx';
import { SavedReceipts } from './SavedReceipts.tsx';

export function HistoryBody() {
  const { history } = useWidget();
  const receipts = useHistoryState((state) => state.receipts);
  useEffect(() => history.load(), [history]);

  return (
    <>
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
