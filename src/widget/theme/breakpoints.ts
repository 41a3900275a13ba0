// The widget's layout breakpoints, named once. Every layout decision follows the width of the
// widget itself (a CSS container query on its root), never the page's: in a 340 px sidebar of
// a wide page it lays out as on a phone, and a phone page's wide container gets the wide layout.

/** The container every breakpoint measures: the element the widget is mounted in, inside its shadow root. */
export const CONTAINER_NAME = 'receipt-calculator';

export const BREAKPOINTS = {
  /** From here buttons sit side by side and the stats show in a row. */
  small: 480,
  /** From here the category chart shows its legend beside the bars. */
  medium: 600,
  /** From here cards get their roomy padding and item rows one line. */
  large: 640,
  /** From here the home view's feature and step grids open up. */
  wide: 720,
  /** From here the home view's four steps stand in one row. */
  full: 900,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** The rule for a widget at least this wide. */
export const atLeast = (name: Breakpoint): string => `@container ${CONTAINER_NAME} (min-width: ${BREAKPOINTS[name]}px)`;

/** The rule for a widget narrower than this. */
export const below = (name: Breakpoint): string =>
  `@container ${CONTAINER_NAME} (max-width: ${BREAKPOINTS[name] - 0.02}px)`;
