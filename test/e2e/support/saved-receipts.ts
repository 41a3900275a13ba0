// "My receipts" filled as a household's would be: summaries of real analyses of the project's
// labelled receipts, on the days given. The backend recalculates each label's items (it counts no
// receipt for that), and the widget's own summary and stored format are used, so the stored
// text is what the widget itself would have written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_RECEIPTS } from '../../../scripts/paths.ts';
import type { AnalysisResult, RecalculateRequest } from '../../../src/contract.ts';
import { summarize, writeHistory, type SavedReceipt } from '../../../src/widget/rules/history.ts';

/** Where the widget keeps the history in the page's localStorage. */
export const HISTORY_KEY = 'receiptCalculator.history';

interface Label {
  store: string;
  printed_total: number | null;
  items: Array<{ name: string; price: number; weight_kg?: number | null }>;
}

/** The stored history for `receipts` ([label name in test/fixtures/receipts/labels, YYYY-MM-DD]). */
export async function savedHistory(backendUrl: string, receipts: ReadonlyArray<readonly [label: string, date: string]>): Promise<string> {
  const saved: SavedReceipt[] = [];
  for (const [name, date] of receipts) {
    const label = JSON.parse(readFileSync(join(FIXTURE_RECEIPTS, 'labels', `${name}.json`), 'utf8')) as Label;
    const request: RecalculateRequest = {
      items: label.items.map((item) => ({ name: item.name, price: item.price, ...(item.weight_kg ? { weight: item.weight_kg } : {}) })),
      store_info: { name: label.store, total: label.printed_total },
    };
    const response = await fetch(`${backendUrl}/api/recalculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (response.status !== 200) throw new Error(`The backend refused to recalculate ${name}: ${response.status}`);
    saved.push(summarize((await response.json()) as AnalysisResult, { id: name, date, includeItems: true }));
  }
  return writeHistory(saved);
}
