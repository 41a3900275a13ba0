// "Check this" on an uncertain item: the item editor opens on that item's row, its category
// control focused and in view, so the visitor can confirm or correct what the backend was unsure of.
import { useEffect, type RefObject } from 'react';

/** Which item to check; `serial` grows with each request, so asking for the same item again acts again. */
export interface CheckRequest {
  index: number;
  serial: number;
}

export function nextCheck(previous: CheckRequest | null, index: number): CheckRequest {
  return { index, serial: (previous?.serial ?? 0) + 1 };
}

/** Opens the editor panel and focuses the checked row's category control. */
export function useCheckItem(check: CheckRequest | null, panel: RefObject<HTMLDetailsElement | null>, rows: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!check || !panel.current) return;
    panel.current.open = true;
    const row = rows.current?.children[check.index];
    row?.scrollIntoView({ block: 'nearest' });
    row?.querySelector<HTMLSelectElement>('select')?.focus();
  }, [check, panel, rows]);
}
