// Styles for the shadow root as a whole. Host-page CSS cannot select inside the shadow root,
// but inherited properties set on the host element (or its ancestors) flow in: they are reset
// here on :host (important, so host rules that select the host element itself lose) and again
// on the widget's own wrapper (see ./root.ts). Sizes are px/em: rem follows the host's root.
import { createGlobalStyle, css } from 'styled-components';
import { CONTAINER_NAME } from './breakpoints.ts';
import { palette } from './palette.ts';

export const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/** Every inherited property a host page is likely to set, back to the widget's own values. */
export const inheritedReset = (important: boolean) => {
  const flag = important ? ' !important' : '';
  return css`
    color: ${palette.text}${flag};
    font-family: ${FONT_STACK}${flag};
    font-size: 16px${flag};
    font-style: normal${flag};
    font-variant: normal${flag};
    font-weight: 400${flag};
    font-stretch: normal${flag};
    line-height: 1.5${flag};
    letter-spacing: normal${flag};
    word-spacing: normal${flag};
    text-transform: none${flag};
    text-align: start${flag};
    text-indent: 0${flag};
    text-shadow: none${flag};
    white-space: normal${flag};
    text-wrap: pretty${flag};
    word-break: normal${flag};
    overflow-wrap: break-word${flag};
    hyphens: manual${flag};
    direction: ltr${flag};
    visibility: visible${flag};
    cursor: auto${flag};
    list-style: none${flag};
    quotes: auto${flag};
    tab-size: 8${flag};
    font-kerning: auto${flag};
    -webkit-font-smoothing: antialiased${flag};
    -webkit-text-size-adjust: 100%${flag};
    text-size-adjust: 100%${flag};
  `;
};

export const GlobalStyle = createGlobalStyle`
  :host {
    all: initial;
    display: block;
    ${inheritedReset(true)}
  }

  :host([hidden]) {
    display: none;
  }

  /* The container every layout rule measures (./breakpoints.ts): the widget's own width. */
  [data-receipt-calculator-app] {
    container: ${CONTAINER_NAME} / inline-size;
  }

  *, *::before, *::after {
    box-sizing: border-box;
  }

  h1, h2, h3 {
    text-wrap: balance;
  }

  :focus-visible {
    outline: 3px solid ${palette.focus};
    outline-offset: 2px;
  }

  [hidden] {
    display: none !important;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
