// Every text colour the widget draws on a background reaches WCAG AA (4.5:1); category and
// status colours, drawn as graphics, reach 3:1 against white.
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../src/widget/theme/contrast.ts';
import { CATEGORY_COLORS, palette, UNKNOWN_CATEGORY_COLOR } from '../../../src/widget/theme/palette.ts';
import { TEXT_PAIRS } from '../../../src/widget/theme/text-pairs.ts';

describe('contrastRatio', () => {
  it('computes known WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('palette', () => {
  it.each(TEXT_PAIRS.map(([name, fg, bg]) => [name, fg, bg]))('%s reaches 4.5:1', (_name, fg, bg) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives each of the 13 categories its own colour, and unknown ones grey', () => {
    const colours = Object.values(CATEGORY_COLORS);
    expect(colours).toHaveLength(13);
    expect(new Set(colours).size).toBe(13);
    expect(colours).not.toContain(UNKNOWN_CATEGORY_COLOR);
    for (const colour of [...colours, UNKNOWN_CATEGORY_COLOR]) {
      expect(contrastRatio(colour, palette.surface)).toBeGreaterThanOrEqual(3);
    }
  });
});
