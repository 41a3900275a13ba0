// Layout measurements taken in the page: horizontal overflow, tap-target sizes and font sizes
// of everything the widget renders (looked up inside its shadow root).
import type { Page } from 'playwright-core';

/** Elements that scroll sideways: the document, the widget, or anything inside it. */
export function horizontalOverflow(page: Page, hostSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`document: ${root.scrollWidth} > ${root.clientWidth}`);
    const shadow = document.querySelector(selector)?.shadowRoot;
    if (!shadow) return [`no widget at ${selector}`];
    for (const element of shadow.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      const isWidget = element.matches('section[data-view]');
      if ((scrolls || isWidget) && element.scrollWidth > element.clientWidth) {
        problems.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`);
      }
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > root.clientWidth + 0.5) {
        problems.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}" ends at ${box.right}`);
      }
    }
    return problems;
  }, hostSelector);
}

/**
 * Tap targets under 44 × 44 px: buttons, links, inputs and labels. An input inside a label is
 * measured with its label, which is what a finger actually hits.
 */
export function smallTapTargets(page: Page, hostSelector: string, minimum = 44): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const shadow = document.querySelector(selector)?.shadowRoot;
      if (!shadow) return [`no widget at ${selector}`];
      const problems: string[] = [];
      const targets = shadow.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, label, [role="button"]');
      if (targets.length === 0) return ['no tap targets found'];
      for (const element of targets) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue; // not rendered (hidden inputs)
        const label = element.closest('label');
        const hit = label && label !== element ? label.getBoundingClientRect() : box;
        const width = Math.max(box.width, hit.width);
        const height = Math.max(box.height, hit.height);
        if (width < min || height < min) {
          const name = (element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('aria-label') || element.tagName;
          problems.push(`${element.tagName.toLowerCase()} "${name}": ${width.toFixed(1)} × ${height.toFixed(1)}`);
        }
      }
      return problems;
    },
    { selector: hostSelector, min: minimum },
  );
}

/** Visible text set smaller than `minimum` px inside `scopeSelector` (inside the widget). */
export function smallText(page: Page, hostSelector: string, scopeSelector: string, minimum = 12): Promise<string[]> {
  return page.evaluate(
    ({ selector, scope, min }) => {
      const shadow = document.querySelector(selector)?.shadowRoot;
      const root = shadow?.querySelector(scope);
      if (!root) return [`no ${scope} in the widget`];
      const problems: string[] = [];
      let checked = 0;
      for (const element of [root, ...root.querySelectorAll('*')]) {
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        if (!ownText) continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue; // visually hidden, for screen readers
        checked += 1;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (size < min) problems.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}": ${size}px`);
      }
      return checked > 0 ? problems : ['no text found'];
    },
    { selector: hostSelector, scope: scopeSelector, min: minimum },
  );
}

/**
 * Visible text that does not fit: every element of the widget with text of its own (SVG drawings
 * and form controls' values aside) is checked for text cut by its own box (overflow hidden or
 * clip, and more to scroll than to show), and for text whose lines reach past its own box or the
 * box of any element around it, sideways, up to the widget's root or a box that scrolls. Text
 * hidden for screen readers only (a box of 1 px) is left out. One line per problem.
 */
export function overflowingText(page: Page, hostSelector: string, rootSelector = 'section[data-view]'): Promise<string[]> {
  return page.evaluate(
    ({ selector, rootSelector: rootMatch }) => {
      const shadow = document.querySelector(selector)?.shadowRoot;
      const root = shadow?.querySelector<HTMLElement>(rootMatch);
      if (!root) return [`no ${rootMatch} in ${selector}`];
      const TOLERANCE = 1;
      const name = (element: Element) => {
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
        return `${element.tagName.toLowerCase()} "${(own || (element.textContent ?? '').trim()).slice(0, 40)}"`;
      };
      const screenReaderOnly = (element: Element) => {
        for (let at: Element | null = element; at && at !== root; at = at.parentElement) {
          const box = at.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1) return true;
        }
        return false;
      };
      const cuts = (value: string) => value === 'hidden' || value === 'clip';
      const problems: string[] = [];
      let checked = 0;
      for (const element of root.querySelectorAll<HTMLElement>('*')) {
        if (!(element instanceof HTMLElement) || element.closest('svg, select, option')) continue;
        const texts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        if (texts.length === 0) continue;
        const style = getComputedStyle(element);
        if (style.visibility !== 'visible' || element.getClientRects().length === 0 || screenReaderOnly(element)) continue;
        checked += 1;
        if ((cuts(style.overflowX) && element.scrollWidth > element.clientWidth + TOLERANCE) || (cuts(style.overflowY) && element.scrollHeight > element.clientHeight + TOLERANCE)) {
          problems.push(`${name(element)} is cut by its own box (${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight})`);
          continue;
        }
        const lines = texts.flatMap((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return [...range.getClientRects()].filter((rect) => rect.width > 0);
        });
        if (lines.length === 0) continue;
        const left = Math.min(...lines.map((rect) => rect.left));
        const right = Math.max(...lines.map((rect) => rect.right));
        for (let box: HTMLElement | null = element; box; box = box.parentElement) {
          const edges = box.getBoundingClientRect();
          const past = Math.max(edges.left - left, right - edges.right);
          if (past > TOLERANCE) {
            problems.push(`${name(element)} runs ${past.toFixed(1)} px past ${box === element ? 'its own box' : `the box of ${name(box)}`}`);
            break;
          }
          const overflowX = getComputedStyle(box).overflowX;
          if (box === root || overflowX === 'auto' || overflowX === 'scroll') break;
        }
      }
      return checked > 0 ? problems : ['no text found'];
    },
    { selector: hostSelector, rootSelector },
  );
}
