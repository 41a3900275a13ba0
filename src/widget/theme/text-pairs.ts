// Every text colour / background pair the widget draws, for test/widget/theme/contrast.test.ts. Kept
// apart from the palette so that the bundle, which never reads it, does not carry it.
import { palette } from './palette.ts';

/** Each must reach 4.5:1. */
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
