// The saved receipts as files the browser makes (CSV; JSON with the remembered corrections and the
// household too) and a JSON export brought back.
// Each download's URL is released when the view goes away: no timer outlives the widget.
import { useEffect, useRef, type ChangeEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { checkImport, exportCsv, exportJson, MAX_IMPORT_BYTES } from '../../rules/history-export.ts';
import { localDate, type SavedReceipt } from '../../rules/history.ts';
import { useSlice, useWidget } from '../../state/widget-context.ts';
import { downloadText } from './download.ts';
import { useMyReceiptsText } from './text.ts';

export function HistoryFiles(props: { receipts: readonly SavedReceipt[] }) {
  const { history, remembered, household } = useWidget();
  const text = useMyReceiptsText();
  const corrections = useSlice(remembered.store, (state) => state.corrections);
  const size = useSlice(household.store, (state) => state.household);
  const fileInput = useRef<HTMLInputElement>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const releases = useRef(new Set<() => void>());
  useEffect(() => {
    const pending = releases.current;
    return () => {
      for (const release of pending) release();
      pending.clear();
    };
  }, []);

  function download(kind: 'csv' | 'json') {
    const body = kind === 'csv' ? exportCsv(props.receipts) : exportJson(props.receipts, new Date(), { corrections, household: size });
    const type = kind === 'csv' ? 'text/csv' : 'application/json';
    if (anchor.current) releases.current.add(downloadText(body, `my-receipts-${localDate(new Date())}.${kind}`, type, anchor.current));
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) history.importChecked(file.size > MAX_IMPORT_BYTES ? { ok: false, reason: 'too-large' } : checkImport(await file.text()));
  }

  return (
    <>
      {props.receipts.length > 0 && (
        <Button $variant="secondary" onClick={() => download('csv')}>
          {text.exportCsv}
        </Button>
      )}
      {(props.receipts.length > 0 || corrections.length > 0 || size !== null) && (
        <Button $variant="secondary" onClick={() => download('json')}>
          {text.exportJson}
        </Button>
      )}
      <Button $variant="secondary" onClick={() => fileInput.current?.click()}>
        {text.importJson}
      </Button>
      <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={(event) => void importFile(event)} data-testid="history-import" />
      {/* Where the download links are made for a moment, inside the shadow root. */}
      <span ref={anchor} hidden />
    </>
  );
}
