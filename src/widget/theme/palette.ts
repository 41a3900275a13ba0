// The widget's colours. Text pairs are checked for WCAG contrast (≥ 4.5:1) by
// test/widget/contrast.test.ts; change a colour here and that test tells whether it still reads.
import type { CategoryName } from '../../contract.ts';

export const palette = {
  text: '#1b2b28',
  muted: '#4b5d58',
  page: '#f2f7f5',
  surface: '#ffffff',
  border: '#d5e3df',
  primary: '#0f766e',
  primaryHover: '#115e59',
  primaryTint: '#e6f4f1',
  onPrimary: '#ffffff',
  hero: '#0d5f58',
  heroTint: '#d8f3ee',
  focus: '#1d4ed8',
  focusOnDark: '#ffffff',
  skeleton: '#e1ebe8',
  error: { text: '#9b1c1c', title: '#7f1414', background: '#fdecec', border: '#e5a3a3' },
  warning: { text: '#7a4100', background: '#fff6e0', border: '#f0c36b' },
  priority: {
    high: { text: '#9b1c1c', background: '#fde8e8' },
    medium: { text: '#8a4b00', background: '#fff3dc' },
    low: { text: '#166534', background: '#e3f6e9' },
  },
  status: {
    ready: { text: '#166534', background: '#e3f6e9', dot: '#16a34a' },
    'no-openai': { text: '#8a4b00', background: '#fff3dc', dot: '#d97706' },
    offline: { text: '#9b1c1c', background: '#fde8e8', dot: '#dc2626' },
    unknown: { text: '#3f4a48', background: '#eceff0', dot: '#6b7280' },
  },
} as const;

/** One distinct colour per category (each ≥ 3:1 against white, as graphics need). */
export const CATEGORY_COLORS: Record<CategoryName, string> = {
  'Red Meat': '#b42318',
  Pork: '#d6336c',
  Poultry: '#c2410c',
  Fish: '#1d4ed8',
  Eggs: '#a16207',
  Dairy: '#6d5bd0',
  'Plant Proteins': '#2f7d32',
  Vegetables: '#4d7c0f',
  Fruits: '#c026d3',
  Grains: '#8b5a2b',
  'Processed Food': '#7c3aed',
  Beverages: '#0891b2',
  Other: '#0f766e',
};

/** Categories the widget does not know are drawn in grey. */
export const UNKNOWN_CATEGORY_COLOR = '#8a8f98';

export function categoryColor(name: string): string {
  return Object.hasOwn(CATEGORY_COLORS, name) ? CATEGORY_COLORS[name as CategoryName] : UNKNOWN_CATEGORY_COLOR;
}

/** Text colour / background pairs the widget draws; each must reach 4.5:1. */
export const TEXT_PAIRS: ReadonlyArray<readonly [name: string, foreground: string, background: string]> = [
  ['text on surface', palette.text, palette.surface],
  ['text on page', palette.text, palette.page],
  ['muted on surface', palette.muted, palette.surface],
  ['muted on page', palette.muted, palette.page],
  ['primary text on surface', palette.primary, palette.surface],
  ['primary text on page', palette.primary, palette.page],
  ['primary text on tint', palette.primary, palette.primaryTint],
  ['button text on primary', palette.onPrimary, palette.primary],
  ['button text on primary hover', palette.onPrimary, palette.primaryHover],
  ['hero text', palette.onPrimary, palette.hero],
  ['hero secondary text', palette.heroTint, palette.hero],
  // The hero and result gradients end in the primary colour.
  ['hero text on gradient end', palette.onPrimary, palette.primary],
  ['hero secondary text on gradient end', palette.heroTint, palette.primary],
  ['text on tint', palette.text, palette.primaryTint],
  ['muted on tint', palette.muted, palette.primaryTint],
  ['primary text on hero button', palette.primary, palette.surface],
  ['error text', palette.error.text, palette.error.background],
  ['error title', palette.error.title, palette.error.background],
  ['warning text', palette.warning.text, palette.warning.background],
  ...(['high', 'medium', 'low'] as const).map(
    (level) => [`${level} priority chip`, palette.priority[level].text, palette.priority[level].background] as const,
  ),
  ...(['ready', 'no-openai', 'offline', 'unknown'] as const).map(
    (status) => [`${status} badge`, palette.status[status].text, palette.status[status].background] as const,
  ),
];
