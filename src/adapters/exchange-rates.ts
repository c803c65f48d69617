/**
 * The caller's exchange rates, as the document functions (both API versions) and the HTTP
 * handler read them: one rate, a table of dated rates (`{ currency, date | from, until, rate
 * }`, e.g. the central bank's reference rates), or a function asked for a currency on a date.
 * taxrules reads no network: a rate is always the caller's. A rate is units of the account's
 * currency per unit of the other.
 */
import { isDateText } from '../core/dates.js';
import { errorFromIssues, quoted, TaxRulesError, unreadable, type TaxRulesIssue } from '../core/errors.js';
import { compareDecimal, decimalOf } from '../core/money.js';
import { ownCopy } from './read.js';
import { AMOUNT_RE } from './input.js';
import { MAX_AMOUNT_LENGTH } from './schemas.js';

export type { ExchangeRate, ExchangeRateFunction, ExchangeRates } from '../core/options.js';
import type { ExchangeRate, ExchangeRateFunction, ExchangeRates } from '../core/options.js';

/**
 * What the caller's function answers for a currency on a date, unchecked. A TaxRulesError it
 * throws keeps its status and gets `within` before each message (a batch's "transactions.3: ").
 */
export function askRateFunction(f: ExchangeRateFunction, currency: string, date: string, accountCurrency: string, within = ''): unknown {
  try {
    return f(currency, date, accountCurrency);
  } catch (e) {
    if (e instanceof TaxRulesError) {
      if (within === '') throw e;
      throw errorFromIssues(e.issues.map((i) => ({ ...i, message: `${within}${i.message}` })), e.status);
    }
    throw unreadable(e, ['options', 'exchangeRates'], 'options.exchangeRates()');
  }
}

/** The refusal of a function's answer that is no rate (400). */
export function notARate(value: unknown, currency: string, date: string, accountCurrency: string): TaxRulesError {
  return errorFromIssues([
    { path: ['options', 'exchangeRates'], code: 'malformed', message: `options.exchangeRates(${currency}, ${date}, ${accountCurrency}) must return a positive decimal (a number or a decimal string), got ${quoted(value, 40)}` },
  ]);
}

const ENTRY_FIELDS = ['currency', 'date', 'from', 'until', 'rate'];

/** A rate as given, when it is a positive plain decimal: its number. */
export function rateValue(v: unknown): number | null {
  if (typeof v !== 'number' && typeof v !== 'string') return null;
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  const d = decimalOf(v);
  if (d === null || d.units === 0n || (typeof v === 'string' && v.length > 40)) return null;
  return Number(v);
}

/** The problems of the caller's table (400 naming `options.exchangeRates`): malformed entries, unknown fields. */
export function exchangeTableIssues(table: unknown): TaxRulesIssue[] {
  const path = ['options', 'exchangeRates'];
  if (!Array.isArray(table)) return [{ path, code: 'malformed', message: `options.exchangeRates must be an array of { currency, date | from, until, rate }, got ${quoted(table, 60)}` }];
  const issues: TaxRulesIssue[] = [];
  table.forEach((e: unknown, i) => {
    const at = [...path, i];
    const name = at.join('.');
    if (typeof e !== 'object' || e === null || Array.isArray(e)) {
      issues.push({ path: at, code: 'malformed', message: `${name} must be an object { currency, date | from, until, rate }` });
      return;
    }
    const r = e as Record<string, unknown>;
    for (const key of Object.keys(r)) if (!ENTRY_FIELDS.includes(key)) issues.push({ path: [...at, key], code: 'unknown_field', message: `${name}.${key}: unknown field` });
    if (typeof r.currency !== 'string' || !/^[A-Za-z]{3}$/.test(r.currency)) issues.push({ path: [...at, 'currency'], code: 'malformed', message: `${name}.currency must be a 3-letter ISO 4217 code` });
    if (rateValue(r.rate) === null) issues.push({ path: [...at, 'rate'], code: 'malformed', message: `${name}.rate must be a positive decimal, got ${quoted(r.rate, 40)}` });
    if (r.date !== undefined) {
      if (!isDateText(r.date)) issues.push({ path: [...at, 'date'], code: 'malformed', message: `${name}.date must be a calendar date YYYY-MM-DD` });
      if (r.from !== undefined || r.until !== undefined) issues.push({ path: [...at, 'from'], code: 'malformed', message: `${name}: give either date or from and until` });
    } else if (!isDateText(r.from) || !isDateText(r.until)) {
      issues.push({ path: [...at, 'from'], code: 'malformed', message: `${name} needs a date, or from and until (calendar dates YYYY-MM-DD)` });
    } else if ((r.until as string) < (r.from as string)) {
      issues.push({ path: [...at, 'until'], code: 'malformed', message: `${name}.until is before its from` });
    }
  });
  return issues;
}

/** The entries of a checked table that give a rate for a currency on a date, with their index. */
export function entriesCovering(table: readonly ExchangeRate[], currency: string, date: string): { entry: ExchangeRate; index: number }[] {
  const out: { entry: ExchangeRate; index: number }[] = [];
  table.forEach((entry, index) => {
    if (entry.currency.toUpperCase() !== currency) return;
    if (entry.date !== undefined ? entry.date === date : (entry.from as string) <= date && date <= (entry.until as string)) out.push({ entry, index });
  });
  return out;
}

/** A rate as a plain positive decimal text ("1.0842"), or null when it is none (a negative, zero, `1e-7`, text of another form): v20260309's reading, exact to its digits. */
export function rateText(v: unknown): string | null {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  if (typeof text !== 'string' || text.length > MAX_AMOUNT_LENGTH || !AMOUNT_RE.test(text) || text.startsWith('-') || /^[0.]+$/.test(text)) return null;
  return text;
}

/**
 * The rate a checked table gives a currency on a date, read by `read`, and its entry's index:
 * the entries that cover the day must agree (two different rates for one day are the caller's
 * mistake, never a choice), so the first that does not is given as `other`. Null when no entry
 * covers the day.
 */
export function coveringRate<R>(table: readonly ExchangeRate[], currency: string, date: string, read: (rate: unknown) => R, same: (a: R, b: R) => boolean): { rate: R; index: number; other: { rate: R; index: number } | undefined } | null {
  let found: { rate: R; index: number; other: { rate: R; index: number } | undefined } | null = null;
  for (const { entry, index } of entriesCovering(table, currency, date)) {
    const rate = read(entry.rate);
    // Every field set: one left out would read from a polluted Object.prototype.
    if (found === null) found = { rate, index, other: undefined };
    else if (!same(found.rate, rate)) return { ...found, other: { rate, index } };
  }
  return found;
}

/** Entries of an exchange-rate table read: a daily table of every currency for years is far fewer. */
const MAX_EXCHANGE_RATES = 1_000_000;

/** The options' exchange rates: a function as it is, a table copied and checked (every malformed entry and unknown field a 400 naming `options.exchangeRates`), its issues added to `issues`, or thrown without. */
export function ratesOf(given: ExchangeRates | undefined, issues?: TaxRulesIssue[]): ExchangeRate[] | ExchangeRateFunction | undefined {
  if (given === undefined || typeof given === 'function') return given;
  const table = ownCopy(given, 2, MAX_EXCHANGE_RATES) as ExchangeRate[];
  const tooMany: TaxRulesIssue = { path: ['options', 'exchangeRates'], code: 'malformed', message: `options.exchangeRates has more than ${MAX_EXCHANGE_RATES} entries` };
  const found = table.length > MAX_EXCHANGE_RATES ? [tooMany] : exchangeTableIssues(table);
  if (issues === undefined && found.length > 0) throw errorFromIssues(found);
  issues?.push(...found);
  return table;
}

/** How a version reads a rate: v20241028 as a number, v20260309 as its exact decimal text. */
interface RateReading<R> {
  readonly read: (v: unknown) => R | null;
  readonly same: (a: R, b: R) => boolean;
}
export const AS_NUMBER: RateReading<number> = { read: rateValue, same: (a, b) => a === b };
export const AS_TEXT: RateReading<string> = { read: rateText, same: (a, b) => compareDecimal(a, b) === 0 };

/**
 * The caller's rate (`rates`: a table or a function) for a currency on a date. The entries of
 * a table that cover the day must agree: two different rates for one day are a 400, never a
 * choice; none is a 422 at `path`, naming what else gives a rate (`instead`). Null then, the
 * issue added. `within` starts the messages of a batch's transaction ("transactions.3: ").
 */
export function callerRate<R>(
  rates: readonly ExchangeRate[] | ExchangeRateFunction,
  how: RateReading<R>,
  q: { readonly currency: string; readonly date: string; readonly accountCurrency: string; readonly path: (string | number)[]; readonly within: string; readonly instead: string },
  issues: TaxRulesIssue[],
): R | null {
  if (typeof rates === 'function') {
    const v = askRateFunction(rates, q.currency, q.date, q.accountCurrency, q.within);
    const rate = how.read(v);
    if (rate === null) throw notARate(v, q.currency, q.date, q.accountCurrency);
    return rate;
  }
  const found = coveringRate(rates, q.currency, q.date, (r) => how.read(r) as R, how.same);
  const other = found?.other;
  if (found !== null && other !== undefined) {
    issues.push({ path: ['options', 'exchangeRates', other.index], code: 'malformed', message: `options.exchangeRates gives two rates for ${q.currency} on ${q.date}: ${found.rate} (entry ${found.index}) and ${other.rate} (entry ${other.index})` });
    return null;
  }
  if (found === null) issues.push({ path: q.path, code: 'unprocessable', message: `${q.within}options.exchangeRates has no rate for ${q.currency} on ${q.date}: add one, or give ${q.instead}` });
  return found?.rate ?? null;
}
