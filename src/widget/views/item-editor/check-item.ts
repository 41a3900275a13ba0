// "Check this" on an uncertain item (the item list's prompt): the editor opens on that item's row,
// its category control focused and in view, so the visitor can confirm or correct what the backend
// was unsure of.
import { useEffect, useRef, type RefObject } from 'react';

/** Which item to check; `serial` grows with each request, so asking for the same item again acts again. */
export interface CheckRequest {
  index: number;
  serial: number;
}

export function nextCheck(previous: CheckRequest | null, index: number): CheckRequest {
  return { index, serial: (previous?.serial ?? 0) + 1 };
}

/**
 * The ref for the editor's panel: on each request the panel opens and the checked row (a child of
 * `rows`) comes into view with its category control focused.
 */
export function useCheckItem(check: CheckRequest | null, rows: RefObject<HTMLElement | null>): RefObject<HTMLDetailsElement> {
  const panelRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    if (!check || !panel) return;
    panel.open = true;
    const row = rows.current?.children[check.index];
    row?.scrollIntoView({ block: 'nearest' });
    row?.querySelector<HTMLSelectElement>('select')?.focus();
  }, [check, rows]);
  return panelRef;
}
