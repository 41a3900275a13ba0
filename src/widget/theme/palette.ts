// The widget's colours. The text pairs it draws (./text-pairs.ts) are checked for WCAG contrast
// (≥ 4.5:1) by test/widget/theme/contrast.test.ts; change a colour here and that test tells whether it
// still reads.
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
