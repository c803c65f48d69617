/** First day the rule data must cover. */
export const DATA_START = '2015-01-01';

/**
 * Day number (days since 1970-01-01) of a calendar date `YYYY-MM-DD`, or NaN when the
 * text is not a real calendar date. Calendar arithmetic only: no time of day, no timezone.
 */
/** Whether a value is a calendar date YYYY-MM-DD. */
export function isDateText(v: unknown): v is string {
  return typeof v === 'string' && !Number.isNaN(dayNumber(v));
}

export function dayNumber(date: string): number {
  // Calls come in runs of one date (today's, a document's): the last one is remembered. A
  // pure function's last answer: nothing it depends on can change.
  if (date === last.text) return last.day;
  const day = parseDay(date);
  last.text = date;
  last.day = day;
  return day;
}

const last = { text: '', day: Number.NaN };

function parseDay(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return Number.NaN;
  const y = digits(date, 0, 4);
  const m = digits(date, 5, 7);
  const d = digits(date, 8, 10);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return Number.NaN;
  return daysFromCivil(y, m, d);
}

function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

// Days from 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The calendar date of a day number (H. Hinnant's civil_from_days). */
export function dateOfDay(day: number): string {
  // Calls come in runs of one day (a calculation's tax date): the last one is remembered, as
  // dayNumber does, and its text is then the very string dayNumber remembers.
  if (day === lastDate.day) return lastDate.text;
  const text = civilDate(day);
  lastDate.day = day;
  lastDate.text = text;
  return text;
}

const lastDate = { day: Number.NaN, text: '' };

function civilDate(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 0 || y > 9999) return new Date(day * 86_400_000).toISOString().slice(0, 10);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}
