/**
 * The ECB's reference rates as the package carries them (src/ecb/data.ts, written by
 * scripts/import-ecb.ts from rules/fx/ecb.json), and the table read from them. The
 * publication days and each currency's rates are compressed apart and read on first use: a
 * USD rate decompresses the days and the USD rates (about 40 kB of text), never the other
 * currencies'.
 */
import { decompressText } from '../core/compressed-pack.js';
import { dayNumber } from '../core/dates.js';

/**
 * What the package carries: rules/fx/ecb.json with `days` and each currency's rates as
 * compressed texts ("length:base64" of raw DEFLATE, see compressed-pack.ts).
 */
export interface EcbPack {
  readonly source: string;
  readonly checked: string;
  readonly first: string;
  readonly last: string;
  /** The publication days, "YYYY-MM-DD YYYY-MM-DD …" ascending, compressed. */
  readonly days: string;
  /** By currency, its rates on those days ("1.2141 1.2043 - …", - where not quoted), compressed. */
  readonly rates: Readonly<Record<string, string>>;
}

/** The publication days of a table: their dates, and their day numbers for a binary search. */
interface Days {
  readonly dates: readonly string[];
  readonly numbers: Int32Array;
}

/** A currency's rates on the publication days (null where it was not quoted), and the first and last day it was. */
interface Series {
  readonly rates: readonly (string | null)[];
  readonly first: number;
  readonly last: number;
}

/** The rates of a pack, read as they are asked for. */
export interface EcbTable {
  readonly source: string;
  readonly checked: string;
  /** The first and the last publication day. */
  readonly first: string;
  readonly last: string;
  /** The currencies quoted on some day, in the ECB's order. */
  readonly currencies: readonly string[];
  /** Whether `currency` (in capitals) is quoted on some day. */
  quotes(currency: string): boolean;
  /** The index of the last publication on or before a day number; -1 before the first. */
  publicationOn(day: number): number;
  /** The date of the publication at `index`. */
  dateAt(index: number): string;
  /** The day number of the publication at `index`. */
  dayAt(index: number): number;
  /** The rate of a quoted currency (units per 1 EUR, as published) at `index`, or null when it was not quoted. */
  rateAt(currency: string, index: number): string | null;
  /** The indexes of the first and last publications that quote a quoted currency. */
  quotedSpan(currency: string): { readonly first: number; readonly last: number };
}

/** The days of a decompressed day list. */
function readDays(text: string): Days {
  const dates = text.split(' ');
  return { dates, numbers: Int32Array.from(dates, (d) => dayNumber(d)) };
}

/** The series of a decompressed rate list: '-' is a day without a rate. */
function readSeries(text: string): Series {
  const rates = text.split(' ').map((v) => (v === '-' ? null : v));
  return { rates, first: rates.findIndex((v) => v !== null), last: rates.length - 1 };
}

/** The index of the last of ascending `numbers` that is at most `day`; -1 when all are after it. */
function lastAtMost(numbers: Int32Array, day: number): number {
  let lo = 0;
  let hi = numbers.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((numbers[mid] as number) <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The table of a pack. It holds what it has read (the days, and the series of the currencies
 * asked for: at most one per currency of the pack), so one table per pack is made.
 */
export function ecbTable(pack: EcbPack): EcbTable {
  let days: Days | undefined;
  const series = new Map<string, Series>();
  const daysOf = (): Days => (days ??= readDays(decompressText(pack.days)));
  const seriesOf = (currency: string): Series => {
    let s = series.get(currency);
    if (s === undefined) {
      s = readSeries(decompressText(pack.rates[currency] as string));
      series.set(currency, s);
    }
    return s;
  };
  return {
    source: pack.source,
    checked: pack.checked,
    first: pack.first,
    last: pack.last,
    currencies: Object.freeze(Object.keys(pack.rates)),
    quotes: (currency) => Object.hasOwn(pack.rates, currency),
    publicationOn: (day) => lastAtMost(daysOf().numbers, day),
    dateAt: (index) => daysOf().dates[index] as string,
    dayAt: (index) => daysOf().numbers[index] as number,
    rateAt: (currency, index) => seriesOf(currency).rates[index] ?? null,
    quotedSpan: (currency) => {
      const s = seriesOf(currency);
      return { first: s.first, last: s.last };
    },
  };
}
