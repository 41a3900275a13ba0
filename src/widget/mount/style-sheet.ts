// Where and how styled-components writes the widget's rules. Its fast path (CSSOM injection)
// needs each <style> element's `sheet`, and the browser leaves that null while the element is
// outside the document and when the page's Content-Security-Policy refuses the element (no
// nonce, or a wrong one). styled-components then throws (its error 17) during the first render
// and the whole widget fails to mount. The page is asked once, up front, instead.

/** For the site's editor, not the visitor: English, in the console only. */
export const CSP_WARNING =
  "Receipt Carbon Calculator: this page's Content-Security-Policy blocks the widget's styles, so it shows unstyled. " +
  "Pass the page's style nonce: mountReceiptCalculator(element, apiBaseUrl, { nonce }).";

export interface StyleSheetOptions {
  target: HTMLElement;
  nonce: string | undefined;
  disableCSSOMInjection: boolean;
}

/** Whether the page applies a <style> element with this nonce placed in `target`. */
function stylesApply(target: HTMLElement, nonce: string | undefined): boolean {
  const probe = target.ownerDocument.createElement('style');
  if (nonce) probe.setAttribute('nonce', nonce);
  target.append(probe);
  const applies = probe.sheet !== null;
  probe.remove();
  return applies;
}

/** The StyleSheetManager options for a style target inside the widget's shadow root. */
export function styleSheetOptions(target: HTMLElement, nonce: string | undefined): StyleSheetOptions {
  // A host element not yet in the document: rules written as text apply once it is attached.
  if (!target.isConnected) return { target, nonce, disableCSSOMInjection: true };
  if (stylesApply(target, nonce)) return { target, nonce, disableCSSOMInjection: false };
  console.warn(CSP_WARNING);
  // Refused: the rules go to an element outside the document, where they are never applied, so
  // the browser is not asked again (and does not report another violation) for every rule.
  return { target: target.ownerDocument.createElement('div'), nonce, disableCSSOMInjection: true };
}
