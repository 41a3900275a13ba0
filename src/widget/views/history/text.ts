// My receipts' own strings in the language the visitor reads now.
import { myReceipts, type MyReceiptsStrings } from '../../i18n/my-receipts.ts';
import { useWidget } from '../../state/widget-context.ts';

export function useMyReceiptsText(): MyReceiptsStrings {
  return myReceipts[useWidget().locale];
}
