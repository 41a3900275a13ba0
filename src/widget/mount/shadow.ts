// The shadow root the widget lives in. `attachShadow` throws on an element that already has
// one, so a remount on the same element reuses it (and clears what a previous mount left).

export function openShadowRoot(element: HTMLElement): ShadowRoot {
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  root.replaceChildren();
  return root;
}

/** The node styled-components writes its `<style>` elements into: inside the shadow root,
 *  present before the first render, so no rule ever lands in document.head. */
export function createStyleTarget(root: ShadowRoot): HTMLElement {
  const target = root.ownerDocument.createElement('div');
  target.setAttribute('data-receipt-calculator-styles', '');
  target.hidden = true;
  root.append(target);
  return target;
}

export function createAppContainer(root: ShadowRoot): HTMLElement {
  const container = root.ownerDocument.createElement('div');
  container.setAttribute('data-receipt-calculator-app', '');
  root.append(container);
  return container;
}
