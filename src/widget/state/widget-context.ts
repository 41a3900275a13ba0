// The one React binding of the plain-TypeScript store, beside the state it binds: how
// components reach the controller, the app state, the catalogue of the current language and
// the embedding's links, and the receipts saved on this device.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { messagesFor, type Locale, type Messages } from '../i18n/index.ts';
import type { AppState } from './app-state.ts';
import type { Controller } from './controller.ts';
import type { History, HistoryState } from './history.ts';

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
  links: WidgetLinks;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

/** Selects one slice of the app state; re-renders when that slice changes. */
export function useAppState<T>(select: (state: AppState) => T): T {
  const { store } = useContextValue().controller;
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

function useContextValue(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (value === null) throw new Error('Widget components render inside <WidgetContext.Provider>.');
  return value;
}

/** The controller, the links, and the language the visitor reads now with its catalogue. */
export function useWidget(): WidgetContextValue & { locale: Locale; messages: Messages } {
  const value = useContextValue();
  const locale = useAppState((state) => state.locale);
  return { ...value, locale, messages: messagesFor(locale) };
}

/** Selects one slice of the saved history's state. */
export function useHistoryState<T>(select: (state: HistoryState) => T): T {
  const { store } = useContextValue().history;
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
