/** First day the rule data must cover. */
export const DATA_START = '2015-01-01';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/**
 * Day number (days since 1970-01-01) of a calendar date `YYYY-MM-DD`, or NaN when the
 * text is not a real calendar date. Calendar arithmetic only: no time of day, no timezone.
 */
export function dayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) return Number.NaN;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return Number.NaN;
  return Date.UTC(y, mo - 1, d) / MS_PER_DAY;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The calendar date of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}
