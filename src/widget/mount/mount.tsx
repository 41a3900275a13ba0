// mountReceiptCalculator: one independent widget in an element's open shadow root.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { StyleSheetManager } from 'styled-components';
import { SAMPLE_RECEIPT_TEXT } from '../../sample-receipt.ts';
import { isLocale, SAVED_LOCALE_KEY, type Locale } from '../i18n/index.ts';
import { resolveBaseUrl, SAVED_BASE_URL_KEY } from '../rules/base-url.ts';
import { createController } from '../state/controller.ts';
import { createHistory } from '../state/history.ts';
import { createHousehold } from '../state/household.ts';
import { createRemembered } from '../state/remembered.ts';
import { WidgetContext } from '../state/widget-context.ts';
import { App } from '../views/App.tsx';
import { resolveOptions, type MountOptions } from './options.ts';
import { createAppContainer, createStyleTarget, openShadowRoot } from './shadow.ts';
import { styleSheetOptions } from './style-sheet.ts';

export interface ReceiptCalculatorHandle {
  /** Removes the widget's DOM and styles, stops its timers and aborts its requests. */
  unmount(): void;
}

/** Set at build time (RECEIPT_CALCULATOR_API_URL); empty in the default build. */
declare const __RECEIPT_CALCULATOR_API_URL__: string | undefined;
const BUILD_DEFAULT_API_URL: string =
  typeof __RECEIPT_CALCULATOR_API_URL__ === 'string' ? __RECEIPT_CALCULATOR_API_URL__ : '';

function saved(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    // Storage can be blocked (sandboxed frames, privacy modes): behave as if nothing was saved.
    return null;
  }
}

const savedBaseUrl = () => saved(SAVED_BASE_URL_KEY);

function saveLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(SAVED_LOCALE_KEY, locale);
  } catch {
    // Blocked storage: the choice holds for this visit only.
  }
}

const mounted = new WeakMap<HTMLElement, ReceiptCalculatorHandle>();

export function mountReceiptCalculator(
  element: HTMLElement,
  apiBaseUrl?: string,
  options?: MountOptions,
): ReceiptCalculatorHandle {
  if (!element || typeof element.attachShadow !== 'function') {
    throw new TypeError('mountReceiptCalculator needs an HTML element to mount into.');
  }
  mounted.get(element)?.unmount();

  const resolved = resolveOptions(options);
  // The visitor's own choice of language wins over the embedding's default.
  const savedLocale = saved(SAVED_LOCALE_KEY);
  const baseUrl = () =>
    resolveBaseUrl({ saved: savedBaseUrl(), argument: apiBaseUrl, buildDefault: BUILD_DEFAULT_API_URL }).url;
  const remembered = createRemembered();
  const household = createHousehold();
  const history = createHistory({
    importExtras(extras) {
      const merged = remembered.merge(extras.corrections);
      if ('failure' in merged) return merged;
      const failure = extras.household ? household.save(extras.household) : null;
      return failure === null ? { corrections: merged.added } : { failure };
    },
  });
  const controller = createController({
    baseUrl,
    checkHealth: resolveBaseUrl({ saved: savedBaseUrl(), argument: apiBaseUrl, buildDefault: '' }).fromEmbedding,
    sampleText: SAMPLE_RECEIPT_TEXT,
    locale: isLocale(savedLocale) ? savedLocale : resolved.locale,
    saveLocale,
    remembered,
  });

  const shadow = openShadowRoot(element);
  const styleSheet = styleSheetOptions(createStyleTarget(shadow), resolved.nonce);
  const root = createRoot(createAppContainer(shadow));
  const context = { controller, history, remembered, household, links: resolved.links };
  // Rendered synchronously so the widget is in the DOM when this function returns.
  flushSync(() =>
    root.render(
      <StyleSheetManager {...styleSheet}>
        <WidgetContext.Provider value={context}>
          <App />
        </WidgetContext.Provider>
      </StyleSheetManager>,
    ),
  );
  controller.start();

  let active = true;
  const handle: ReceiptCalculatorHandle = {
    unmount() {
      if (!active) return;
      active = false;
      controller.dispose();
      root.unmount();
      shadow.replaceChildren();
      if (mounted.get(element) === handle) mounted.delete(element);
    },
  };
  mounted.set(element, handle);
  return handle;
}
