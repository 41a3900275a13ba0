// A removed item takes its row, and the Remove button that had focus, with it: once the backend
// has answered, focus goes to the Remove button now in the same place (or the last one), else
// to the add form's name field.
import { useEffect, useRef } from 'react';
import type { AnalysisResult } from '../../../contract.ts';

export function useFocusAfterRemove(result: AnalysisResult, pending: boolean) {
  const rowsRef = useRef<HTMLUListElement>(null);
  const fallbackRef = useRef<HTMLInputElement>(null);
  const removedAt = useRef<number | null>(null);

  useEffect(() => {
    const index = removedAt.current;
    if (index === null || pending) return;
    removedAt.current = null;
    const buttons = rowsRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
    const next = buttons && buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : null;
    (next ?? fallbackRef.current)?.focus();
  }, [result, pending]);

  return {
    rowsRef,
    fallbackRef,
    /** Call as the item at `index` is removed. */
    removing: (index: number) => {
      removedAt.current = index;
    },
  };
}
