import { describe, expect, it } from 'vitest';
import { dateOfDay, dayNumber } from '../../src/core/dates.js';

describe('dates', () => {
  it('numbers calendar days without time zones', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-02-29') - dayNumber('2024-02-28')).toBe(1);
    expect(dateOfDay(dayNumber('2021-07-01'))).toBe('2021-07-01');
  });

  it('rejects what is not a calendar date', () => {
    for (const bad of ['2023-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024-1-1', '2024-01-01T00:00:00Z', '']) {
      expect(dayNumber(bad), bad).toBeNaN();
    }
  });
});

describe('day numbers agree with the calendar of Date.UTC', () => {
  it('for every day from 1900 to 2100', () => {
    for (let t = Date.UTC(1900, 0, 1); t <= Date.UTC(2100, 11, 31); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(dayNumber(iso)).toBe(t / 86_400_000);
      expect(dateOfDay(t / 86_400_000)).toBe(iso);
    }
  });

  it('for the first and last days of years 0 to 9999', () => {
    for (const y of [0, 1, 4, 99, 100, 400, 1600, 1969, 1970, 2000, 9999]) {
      for (const [month, day] of [[0, 1], [11, 31]] as const) {
        // Date.UTC reads years below 100 as 19xx: set the year separately.
        const d = new Date(Date.UTC(2000, month, day));
        d.setUTCFullYear(y);
        const iso = d.toISOString().slice(0, 10);
        expect(dateOfDay(Math.round(d.getTime() / 86_400_000))).toBe(iso);
      }
    }
  });
});
