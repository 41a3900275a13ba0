import { describe, expect, it } from 'vitest';
import {
  formatEquivalent,
  formatEuro,
  formatKg,
  formatRange,
  formatTonnes,
  formatWeight,
  percentOf,
  shortenCount,
} from '../../../src/widget/rules/format.ts';
import { fill, messagesFor } from '../../../src/widget/i18n/index.ts';

describe('formatEuro', () => {
  it('writes euros with two decimals', () => {
    expect(formatEuro('en', 46.9)).toBe('€46.90');
    expect(formatEuro('en', 0.5)).toBe('€0.50');
    expect(formatEuro('en', 1234.567)).toBe('€1,234.57');
  });
});

describe('formatKg', () => {
  it('uses two decimals below 10 kg and one from 10 kg up', () => {
    expect(formatKg('en', 0.426)).toBe('0.43');
    expect(formatKg('en', 8.7)).toBe('8.70');
    expect(formatKg('en', 9.994)).toBe('9.99');
    expect(formatKg('en', 10)).toBe('10.0');
    expect(formatKg('en', 23.456)).toBe('23.5');
  });
});

describe('formatWeight / formatEquivalent / formatTonnes', () => {
  it('drops trailing zeros from weights', () => {
    expect(formatWeight('en', 0.52)).toBe('0.52');
    expect(formatWeight('en', 1.5)).toBe('1.5');
    expect(formatWeight('en', 0.4)).toBe('0.4');
  });

  it('gives small equivalents a decimal and large ones none', () => {
    expect(formatEquivalent('en', 72.5)).toBe('72');
    expect(formatEquivalent('en', 14.31)).toBe('14');
    expect(formatEquivalent('en', 14.3)).toBe('14');
    expect(formatEquivalent('en', 0.84)).toBe('0.8');
  });

  it('writes tonnes with one decimal', () => {
    expect(formatTonnes('en', 27.84)).toBe('27.8');
  });
});

describe('shortenCount', () => {
  it('keeps counts up to 1,000 whole', () => {
    expect(shortenCount('en', 0)).toBe('0');
    expect(shortenCount('en', 999)).toBe('999');
    expect(shortenCount('en', 1000)).toBe('1,000');
  });

  it('shortens counts above 1,000 to K', () => {
    expect(shortenCount('en', 1001)).toBe('1K');
    expect(shortenCount('en', 1250)).toBe('1.3K');
    expect(shortenCount('en', 45_600)).toBe('45.6K');
    expect(shortenCount('en', 999_000)).toBe('999K');
  });

  it('keeps counts up to 1,000,000 in K, even those that round to a thousand thousands', () => {
    expect(shortenCount('en', 999_940)).toBe('999.9K');
    expect(shortenCount('en', 999_960)).toBe('1,000K');
    expect(shortenCount('en', 1_000_000)).toBe('1,000K');
  });

  it('shortens counts above 1,000,000 to M', () => {
    expect(shortenCount('en', 1_000_001)).toBe('1M');
    expect(shortenCount('en', 1_049_999)).toBe('1M');
    expect(shortenCount('en', 2_450_000)).toBe('2.5M');
    expect(shortenCount('en', 12_345_678)).toBe('12.3M');
  });

  it('uses the locale\'s separators and writes the unit as the language does', () => {
    expect(shortenCount('fi', 1_000_000)).toBe('1\u00a0000\u00a0t.');
    expect(shortenCount('fi', 2_450_000)).toBe('2,5\u00a0milj.');
    expect(shortenCount('sv', 3_200)).toBe('3,2\u00a0tn');
    expect(shortenCount('sv', 2_450_000)).toBe('2,5\u00a0mn');
    expect(shortenCount('en', 2_450_000)).toBe('2.5M');
  });
});

describe('percentOf', () => {
  it('rounds to whole percent and copes with an empty whole', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('formatRange', () => {
  it('rounds a range as it is read, in each language’s words', () => {
    expect(fill(messagesFor('fi').estimate.about, formatRange('fi', 24.2, 36.8))).toBe('noin 24–37');
    expect(fill(messagesFor('sv').estimate.about, formatRange('sv', 24.2, 36.8))).toBe('cirka 24–37');
    expect(fill(messagesFor('en').estimate.about, formatRange('en', 24.2, 36.8))).toBe('about 24–37');
    expect(formatRange('fi', 3.14, 6.28)).toEqual({ low: '3,1', high: '6,3' });
    expect(formatRange('en', 0.123, 0.456)).toEqual({ low: '0.12', high: '0.46' });
  });

  it('adds a decimal rather than show both ends the same', () => {
    expect(formatRange('en', 10.2, 10.4)).toEqual({ low: '10.2', high: '10.4' });
  });
});
