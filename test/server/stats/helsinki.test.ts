// "Today" and "this week" start at Helsinki midnight (Monday for weeks), also on the nights
// the clocks change (last Sunday of March and of October, at 03:00/04:00 local time).
import { describe, expect, it } from 'vitest';
import { helsinkiDayStart, helsinkiOffsetMs, helsinkiWeekStart } from '../../../src/server/stats/helsinki.ts';

const at = (iso: string) => new Date(iso);

describe('Helsinki day and week starts', () => {
  it('knows the winter and summer offsets', () => {
    expect(helsinkiOffsetMs(Date.parse('2025-01-15T12:00:00Z'))).toBe(2 * 3_600_000);
    expect(helsinkiOffsetMs(Date.parse('2025-07-15T12:00:00Z'))).toBe(3 * 3_600_000);
  });

  it('starts the day at local midnight in winter and in summer', () => {
    expect(helsinkiDayStart(at('2025-01-15T12:00:00Z')).toISOString()).toBe('2025-01-14T22:00:00.000Z');
    expect(helsinkiDayStart(at('2025-07-15T12:00:00Z')).toISOString()).toBe('2025-07-14T21:00:00.000Z');
  });

  it('puts the minutes after Helsinki midnight in the new day even while UTC is still on the old one', () => {
    // 00:30 Helsinki on 15 Jan is 22:30 UTC on 14 Jan.
    expect(helsinkiDayStart(at('2025-01-14T22:30:00Z')).toISOString()).toBe('2025-01-14T22:00:00.000Z');
    // 23:59 Helsinki on 14 Jan belongs to 14 Jan.
    expect(helsinkiDayStart(at('2025-01-14T21:59:00Z')).toISOString()).toBe('2025-01-13T22:00:00.000Z');
  });

  it('handles the spring change (30 March 2025): the day began in winter time', () => {
    // 12:00 Helsinki summer time on the change day; midnight was still +2.
    expect(helsinkiDayStart(at('2025-03-30T09:00:00Z')).toISOString()).toBe('2025-03-29T22:00:00.000Z');
    // The next day starts at +3.
    expect(helsinkiDayStart(at('2025-03-31T09:00:00Z')).toISOString()).toBe('2025-03-30T21:00:00.000Z');
  });

  it('handles the autumn change (26 October 2025): the day began in summer time', () => {
    expect(helsinkiDayStart(at('2025-10-26T12:00:00Z')).toISOString()).toBe('2025-10-25T21:00:00.000Z');
    // During the repeated hour (03:00–04:00 local, twice) it is still 26 October.
    expect(helsinkiDayStart(at('2025-10-26T00:30:00Z')).toISOString()).toBe('2025-10-25T21:00:00.000Z');
    expect(helsinkiDayStart(at('2025-10-26T01:30:00Z')).toISOString()).toBe('2025-10-25T21:00:00.000Z');
    expect(helsinkiDayStart(at('2025-10-27T09:00:00Z')).toISOString()).toBe('2025-10-26T22:00:00.000Z');
  });

  it('starts the ISO week on Monday at Helsinki midnight', () => {
    // Wednesday 15 Jan 2025 → Monday 13 Jan 00:00 (+2).
    expect(helsinkiWeekStart(at('2025-01-15T12:00:00Z')).toISOString()).toBe('2025-01-12T22:00:00.000Z');
    // Sunday 19 Jan 23:59 local still belongs to that week.
    expect(helsinkiWeekStart(at('2025-01-19T21:59:00Z')).toISOString()).toBe('2025-01-12T22:00:00.000Z');
    // Monday 20 Jan 00:10 local (still Sunday in UTC) starts a new week.
    expect(helsinkiWeekStart(at('2025-01-19T22:10:00Z')).toISOString()).toBe('2025-01-19T22:00:00.000Z');
  });

  it('finds Monday across a DST change inside the week and across a year end', () => {
    // Tuesday 1 April 2025 (+3); its Monday 31 March was already summer time.
    expect(helsinkiWeekStart(at('2025-04-01T10:00:00Z')).toISOString()).toBe('2025-03-30T21:00:00.000Z');
    // Sunday 30 March 2025 (the change day): the week began Monday 24 March in winter time.
    expect(helsinkiWeekStart(at('2025-03-30T10:00:00Z')).toISOString()).toBe('2025-03-23T22:00:00.000Z');
    // Wednesday 29 October 2025 (+2): Monday 27 October was after the change.
    expect(helsinkiWeekStart(at('2025-10-29T10:00:00Z')).toISOString()).toBe('2025-10-26T22:00:00.000Z');
    // Thursday 1 January 2026: the week began Monday 29 December 2025.
    expect(helsinkiWeekStart(at('2026-01-01T10:00:00Z')).toISOString()).toBe('2025-12-28T22:00:00.000Z');
  });
});
