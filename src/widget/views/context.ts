// How components reach the controller, the catalogue and the embedding's links, and the one
// React binding of the plain-TypeScript store.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Locale, Messages } from '../i18n/index.ts';
import type { AppState } from '../state/app-state.ts';
import type { Controller } from '../state/controller.ts';
import type { History, HistoryState } from '../state/history.ts';

export interface WidgetLinks {
  mainSiteUrl: string;
  contactUrl: string;
  aboutUrl: string;
  contactEmail: string;
}

export interface WidgetContextValue {
  controller: Controller;
  /** The receipts saved on this device. */
  history: History;
  messages: Messages;
  locale: Locale;
  links: WidgetLinks;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (value === null) throw new Error('Widget components render inside <WidgetContext.Provider>.');
  return value;
}

/** Selects one slice of the app state; re-renders when that slice changes. */
export function useAppState<T>(select: (state: AppState) => T): T {
  const { store } = useWidget().controller;
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** Selects one slice of the saved history's state. */
export function useHistoryState<T>(select: (state: HistoryState) => T): T {
  const { store } = useWidget().history;
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
