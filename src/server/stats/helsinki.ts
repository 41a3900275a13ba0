// "Today" and "this week" for the community statistics are Finnish days: they start at
// midnight in Europe/Helsinki, whose UTC offset is +2 in winter and +3 in summer. The offset
// is read from Intl for the very instant, so DST changes need no hand-written rules.
const ZONE = 'Europe/Helsinki';
const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface CivilDate {
  year: number;
  month: number;
  day: number;
}

function helsinkiParts(instantMs: number): CivilDate & { hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Helsinki's offset from UTC at an instant, ms (7,200,000 in winter, 10,800,000 in summer). */
export function helsinkiOffsetMs(instantMs: number): number {
  const p = helsinkiParts(instantMs);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant of 00:00 Helsinki time on a civil date. Midnight always exists there: DST moves 03:00/04:00. */
function helsinkiMidnight(date: CivilDate): number {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day);
  // The offset at the guess may differ from the offset at the answer only across a DST change,
  // so a second look settles it.
  const guess = wallAsUtc - helsinkiOffsetMs(wallAsUtc);
  return wallAsUtc - helsinkiOffsetMs(guess);
}

/** Start of the Helsinki calendar day containing `now`. */
export function helsinkiDayStart(now: Date): Date {
  const { year, month, day } = helsinkiParts(now.getTime());
  return new Date(helsinkiMidnight({ year, month, day }));
}

/** Start of the ISO week (Monday 00:00 Helsinki time) containing `now`. */
export function helsinkiWeekStart(now: Date): Date {
  const { year, month, day } = helsinkiParts(now.getTime());
  const civil = new Date(Date.UTC(year, month - 1, day));
  const daysSinceMonday = (civil.getUTCDay() + 6) % 7;
  const monday = new Date(civil.getTime() - daysSinceMonday * DAY_MS);
  return new Date(
    helsinkiMidnight({ year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() }),
  );
}

function isoDate({ year, month, day }: CivilDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Helsinki calendar date of an instant, "YYYY-MM-DD": the key of the daily rollups. */
export function helsinkiDate(instant: Date | number): string {
  return isoDate(helsinkiParts(typeof instant === 'number' ? instant : instant.getTime()));
}

/** The Helsinki date of the Monday starting the ISO week that contains `now`, "YYYY-MM-DD". */
export function helsinkiWeekStartDate(now: Date): string {
  const { year, month, day } = helsinkiParts(now.getTime());
  const civil = new Date(Date.UTC(year, month - 1, day));
  const monday = new Date(civil.getTime() - ((civil.getUTCDay() + 6) % 7) * DAY_MS);
  return isoDate({ year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() });
}
