// The one React binding of the plain-TypeScript store, beside the state it binds: how
// components reach the controller, the app state, the catalogue of the current language and
// the embedding's links, and what this device keeps (saved receipts, remembered corrections).
import { createContext, useContext, useSyncExternalStore } from 'react';
import { messagesFor, type Locale, type Messages } from '../i18n/index.ts';
import type { AppState } from './app-state.ts';
import type { Controller } from './controller.ts';
import type { History, HistoryState } from './history.ts';
import type { HouseholdStore } from './household.ts';
import type { Remembered, RememberedState } from './remembered.ts';
import type { Store } from './store.ts';

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
  /** The corrections this device remembers. */
  remembered: Remembered;
  /** The household's size for the goal in My receipts. */
  household: HouseholdStore;
  links: WidgetLinks;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

/** Selects one slice of any of the widget's stores (the batch, say); re-renders when it changes. */
export function useSlice<S, T>(store: Store<S>, select: (state: S) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** Selects one slice of the app state; re-renders when that slice changes. */
export function useAppState<T>(select: (state: AppState) => T): T {
  return useSlice(useContextValue().controller.store, select);
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
  return useSlice(useContextValue().history.store, select);
}

/** Selects one slice of the remembered corrections' state. */
export function useRememberedState<T>(select: (state: RememberedState) => T): T {
  return useSlice(useContextValue().remembered.store, select);
}
