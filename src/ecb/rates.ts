/**
 * The answers of `taxrules/ecb` over a table of the ECB's reference rates (see table.ts): the
 * rate of a day, a cross rate, a table in the shape `options.exchangeRates` takes, a currency
 * converter in the shape of the calculator's `convertCurrency`. Each takes the table as its
 * first argument; src/ecb.ts binds them to the rates the package carries.
 *
 * A day is a calendar date. The ECB publishes at about 16:00 CET on each TARGET business day;
 * a day without a publication (a weekend, a TARGET closing day such as 1 January, Good Friday,
 * Easter Monday, 1 May, 25 and 26 December) takes the last publication before it: the latest
 * rate the ECB had published when the tax became chargeable, which the VAT Directive (art.
 * 91(2)) lets a seller use. (An OSS return converts otherwise: at the rates of the period's
 * last day or, without a publication that day, of the next one, art. 366(2); that is not
 * this.) A day after the last publication the table holds has no rate (a later publication
 * may exist): 422, naming the table's range, as is a day before its first.
 */
import type { CurrencyConverter } from '../core/situation.js';
import type { Money } from '../core/types.js';
import type { ExchangeRate } from '../core/options.js';
import { errorFromIssues, quoted, unreadable, type TaxRulesIssue, type TaxRulesIssueCode } from '../core/errors.js';
import { dateOfDay, dayNumber, isDateText } from '../core/dates.js';
import { derivedRate, exactProduct } from './arithmetic.js';
import type { EcbTable } from './table.js';

/** The rate of 1 EUR in a currency on a day. */
export interface EcbReferenceRate {
  /** The currency, in capitals. */
  readonly currency: string;
  /** The day asked for. */
  readonly date: string;
  /** The publication the rate is from: `date` itself, or the last publication before it (`date` for EUR). */
  readonly published: string;
  /** Units of `currency` per 1 EUR, the decimal text the ECB published ("1" for EUR). */
  readonly rate: string;
  /** The publisher of the rate. */
  readonly source: string;
}

/** The rate of one currency in another on a day, through the euro. */
export interface EcbCrossRate {
  readonly from: string;
  readonly to: string;
  readonly date: string;
  /** The publication both rates are from (`date` for a currency in itself). */
  readonly published: string;
  /**
   * Units of `to` per 1 `from`: the published rate when `from` is EUR, else the ECB's rate of
   * `to` over that of `from` (1 for EUR) rounded half up to ECB_RATE_DIGITS significant digits.
   */
  readonly rate: string;
  readonly source: string;
}

/** What `ecbExchangeRates` is asked for besides the days. */
export interface EcbExchangeRatesOptions {
  /** The account's currency: the table gives units of it per unit of each other currency (default EUR). */
  readonly account?: string;
  /** The currencies of the table (default: every currency the ECB quoted in the days asked for, EUR too for an account in another currency). */
  readonly currencies?: readonly string[];
}

const OPTION_FIELDS = ['account', 'currencies'];

/** Where an input is: ['date'], ['options', 'currencies', 2]. */
type Path = (string | number)[];

/** Refuses with one issue (a day outside the table: 422). */
function refuse(path: Path, code: TaxRulesIssueCode, message: string): never {
  throw errorFromIssues([{ path, code, message }]);
}

/** Throws the error of the issues found, every one of them (400 before 422 before 406), when there are any: a value read as null has one. */
function throwIssues(issues: TaxRulesIssue[]): void {
  if (issues.length > 0) throw errorFromIssues(issues);
}

/** A calendar date YYYY-MM-DD; else an issue (400) at `path`, and null. */
function readDate(value: unknown, path: Path, issues: TaxRulesIssue[]): string | null {
  if (isDateText(value)) return value;
  issues.push({ path, code: 'malformed', message: `${path.join('.')} must be a calendar date YYYY-MM-DD, got ${quoted(value)}` });
  return null;
}

/**
 * A currency code in capitals (read in either case); else an issue at `path` and null: 400
 * for no 3-letter code, 406 for a code that is neither EUR nor one the table quotes (naming
 * those).
 */
function readCurrency(table: EcbTable, value: unknown, path: Path, issues: TaxRulesIssue[]): string | null {
  const name = path.join('.');
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value)) {
    issues.push({ path, code: 'malformed', message: `${name} must be a 3-letter ISO 4217 code, got ${quoted(value)}` });
    return null;
  }
  const code = value.toUpperCase();
  if (code === 'EUR' || table.quotes(code)) return code;
  issues.push({ path, code: 'invalid_value', message: `${name} ${code} has no ECB reference rate: the ECB quotes EUR against ${table.currencies.join(', ')}` });
  return null;
}

/** The index of the publication a day takes; 422 when the day is before the table's first publication or after its last. */
function publicationFor(table: EcbTable, date: string, path: Path): number {
  const range = `the ECB reference rates taxrules holds run from ${table.first} to ${table.last}`;
  if (date > table.last) refuse(path, 'unprocessable', `${path.join('.')} ${date} is after the last publication: ${range} (a newer taxrules has later rates; else give the rate)`);
  const index = table.publicationOn(dayNumber(date));
  if (index < 0) refuse(path, 'unprocessable', `${path.join('.')} ${date} is before the first publication: ${range}`);
  return index;
}

/** The published rate of a currency (units per 1 EUR; "1" for EUR) at a publication, or null when it was not quoted then. */
function publishedRate(table: EcbTable, currency: string, index: number): string | null {
  return currency === 'EUR' ? '1' : table.rateAt(currency, index);
}

/** Why a currency has no rate at a publication: before its first quote, after its last, or not quoted that day. */
function unquoted(table: EcbTable, currency: string, index: number): string {
  const span = table.quotedSpan(currency);
  const when = index > span.last ? `: its last was on ${table.dateAt(span.last)}` : index < span.first ? `: its first was on ${table.dateAt(span.first)}` : '';
  return `the ECB published no ${currency} rate on ${table.dateAt(index)}${when}`;
}

/** An issue (422) at `path` when a currency was not quoted at a publication. */
function checkQuoted(table: EcbTable, currency: string, index: number, path: Path, issues: TaxRulesIssue[]): void {
  if (publishedRate(table, currency, index) === null) issues.push({ path, code: 'unprocessable', message: unquoted(table, currency, index) });
}

/** Units of `to` per 1 `from` at a publication (see EcbCrossRate.rate), or null when either was not quoted then. */
function crossAt(table: EcbTable, from: string, to: string, index: number): string | null {
  if (from === to) return '1';
  const a = publishedRate(table, from, index);
  const b = publishedRate(table, to, index);
  if (a === null || b === null) return null;
  return from === 'EUR' ? b : derivedRate(b, a);
}

/** The rate of 1 EUR in `currency` on `date` (see EcbReferenceRate). */
export function referenceRate(table: EcbTable, currency: string, date: string): EcbReferenceRate {
  const issues: TaxRulesIssue[] = [];
  const code = readCurrency(table, currency, ['currency'], issues) as string;
  const day = readDate(date, ['date'], issues) as string;
  throwIssues(issues);
  if (code === 'EUR') return { currency: code, date: day, published: day, rate: '1', source: table.source };
  const index = publicationFor(table, day, ['date']);
  checkQuoted(table, code, index, ['currency'], issues);
  throwIssues(issues);
  return { currency: code, date: day, published: table.dateAt(index), rate: publishedRate(table, code, index) as string, source: table.source };
}

/** The rate of 1 `from` in `to` on `date`, through the euro (see EcbCrossRate). */
export function crossRate(table: EcbTable, from: string, to: string, date: string): EcbCrossRate {
  const issues: TaxRulesIssue[] = [];
  const a = readCurrency(table, from, ['from'], issues) as string;
  const b = readCurrency(table, to, ['to'], issues) as string;
  const day = readDate(date, ['date'], issues) as string;
  throwIssues(issues);
  if (a === b) return { from: a, to: b, date: day, published: day, rate: '1', source: table.source };
  const index = publicationFor(table, day, ['date']);
  checkQuoted(table, a, index, ['from'], issues);
  checkQuoted(table, b, index, ['to'], issues);
  throwIssues(issues);
  return { from: a, to: b, date: day, published: table.dateAt(index), rate: crossAt(table, a, b, index) as string, source: table.source };
}

/** The options of a table: an object of known fields, or nothing; else issues (400). */
function readOptions(options: unknown, issues: TaxRulesIssue[]): { account?: unknown; currencies?: unknown } {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    issues.push({ path: ['options'], code: 'malformed', message: `options must be an object { account?, currencies? }, got ${quoted(options)}` });
    return {};
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_FIELDS.includes(key)) issues.push({ path: ['options', key], code: 'unknown_field', message: `options.${key}: unknown field (account, currencies)` });
  }
  const o = options as Record<string, unknown>;
  return { account: Object.hasOwn(o, 'account') ? o.account : undefined, currencies: Object.hasOwn(o, 'currencies') ? o.currencies : undefined };
}

/** The currencies `options.currencies` names, read with where each is (null when absent or unreadable, with its issues). */
function readCurrencyList(table: EcbTable, asked: unknown, issues: TaxRulesIssue[]): { code: string; path: Path }[] | null {
  if (asked === undefined) return null;
  if (!Array.isArray(asked)) {
    issues.push({ path: ['options', 'currencies'], code: 'malformed', message: `options.currencies must be an array of ISO 4217 codes, got ${quoted(asked)}` });
    return null;
  }
  const out: { code: string; path: Path }[] = [];
  asked.forEach((c, i) => {
    const code = readCurrency(table, c, ['options', 'currencies', i], issues);
    if (code !== null && !out.some((o) => o.code === code)) out.push({ code, path: ['options', 'currencies', i] });
  });
  return out;
}

/** Whether a currency (EUR always) is quoted at some publication from `start` to `end`. */
function quotedBetween(table: EcbTable, currency: string, start: number, end: number): boolean {
  if (currency === 'EUR') return true;
  const span = table.quotedSpan(currency);
  return span.first <= end && span.last >= start;
}

/** An issue (422) at `path` when a currency has no rate in the publications from `start` to `end` (those of `days`), naming its last or first quote. */
function checkQuotedBetween(table: EcbTable, currency: string, start: number, end: number, days: string, path: Path, issues: TaxRulesIssue[]): void {
  if (quotedBetween(table, currency, start, end)) return;
  const span = table.quotedSpan(currency);
  const when = start > span.last ? `its last was on ${table.dateAt(span.last)}` : `its first was on ${table.dateAt(span.first)}`;
  issues.push({ path, code: 'unprocessable', message: `the ECB published no ${currency} rate for the days ${days}: ${when}` });
}

/**
 * The entries of one currency from publication `start` to `end`, clipped to the days `first`
 * to `last` (day numbers): each publication's rate runs to the day before the next one, and
 * publications in a row with the same rate make one entry (a pegged currency, such as BGN at
 * 1.9558, is one entry). A publication where either currency was not quoted gives none.
 */
function currencyEntries(table: EcbTable, currency: string, account: string, start: number, end: number, first: number, last: number): ExchangeRate[] {
  const out: { currency: string; from: string; until: string; rate: string }[] = [];
  let open: { from: number; until: number; rate: string } | null = null;
  const close = (): void => {
    if (open !== null) out.push({ currency, from: dateOfDay(open.from), until: dateOfDay(open.until), rate: open.rate });
    open = null;
  };
  for (let i = start; i <= end; i++) {
    const rate = crossAt(table, currency, account, i);
    const from = Math.max(table.dayAt(i), first);
    const until = i < end ? table.dayAt(i + 1) - 1 : last;
    if (rate === null) close();
    else if (open !== null && open.rate === rate) open.until = until;
    else {
      close();
      open = { from, until, rate };
    }
  }
  close();
  return out;
}

/**
 * The table `options.exchangeRates` of computeTransaction, computeBatch and the v20241028
 * documents takes, for the days `from` to `until` (inclusive): `{ currency, from, until, rate }`
 * entries, units of the account's currency per unit of `currency` (the inverse of the ECB's
 * rate for an account in EUR, a cross rate for another; see EcbCrossRate), covering every day
 * from the publication it takes. The days must be within the table's publications (422).
 */
export function exchangeRates(table: EcbTable, from: string, until: string, options?: EcbExchangeRatesOptions | null): ExchangeRate[] {
  const issues: TaxRulesIssue[] = [];
  const o = readOptions(options, issues);
  const first = readDate(from, ['from'], issues);
  const last = readDate(until, ['until'], issues);
  const account = o.account === undefined ? 'EUR' : readCurrency(table, o.account, ['options', 'account'], issues);
  const asked = readCurrencyList(table, o.currencies, issues);
  if (first !== null && last !== null && last < first) issues.push({ path: ['until'], code: 'malformed', message: `until ${last} is before from ${first}` });
  throwIssues(issues);
  const start = publicationFor(table, first as string, ['from']);
  const end = publicationFor(table, last as string, ['until']);
  const days = `${first} to ${last}`;
  // By default every currency quoted in the days, EUR too for an account in another currency.
  const currencies = asked ?? ['EUR', ...table.currencies].filter((code) => quotedBetween(table, code, start, end)).map((code) => ({ code, path: ['options', 'currencies'] }));
  checkQuotedBetween(table, account as string, start, end, days, ['options', 'account'], issues);
  for (const { code, path } of currencies) checkQuotedBetween(table, code, start, end, days, path, issues);
  throwIssues(issues);
  return currencies.filter((c) => c.code !== account).flatMap(({ code }) => currencyEntries(table, code, account as string, start, end, dayNumber(first as string), dayNumber(last as string)));
}

/** A decimal amount as the converter reads it: at most 40 characters, plain notation, a sign allowed. */
const AMOUNT = /^-?\d+(?:\.\d+)?$/;

/**
 * A converter in the shape of the calculator's `convertCurrency`: `value` in `currency` on
 * `date`, its amount times the cross rate (EcbCrossRate.rate), exactly. Where the ECB gives no
 * rate it throws the TaxRulesError `crossRate` does (422 outside the table's days or on a day
 * a currency was not quoted, 406 for a currency the ECB does not quote), rather than answer
 * null, which the calculator would read as "no converter".
 */
export function converter(table: EcbTable): CurrencyConverter {
  return (value: Money, currency: string, date: string): string => {
    // The value read once, a field at a time: a getter or a Proxy trap that throws is a 400.
    let amount: unknown;
    let from: unknown;
    try {
      amount = typeof value === 'object' && value !== null ? value.amount : undefined;
      from = typeof value === 'object' && value !== null ? value.currency : undefined;
    } catch (e) {
      throw unreadable(e, ['value']);
    }
    if (typeof amount !== 'string' || amount.length > 40 || !AMOUNT.test(amount)) throw errorFromIssues([{ path: ['value', 'amount'], code: 'malformed', message: `value.amount must be a decimal text, got ${quoted(amount)}` }]);
    const cross = crossRate(table, from as string, currency, date);
    return cross.from === cross.to ? amount : exactProduct(amount, cross.rate);
  };
}
