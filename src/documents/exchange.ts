/**
 * The exchange rate of a document in another currency than the account's, for both API
 * versions. taxrules reads no network: the rate is the request's `exchange_rate`, else the
 * caller's `options.exchangeRate`, else the caller's `options.exchangeRates` (a table, e.g. the
 * central bank's reference rates, or a function) for the document's date. A document in another
 * currency without a rate is refused (422): the spec's service would apply the reference rate
 * of the day, which only the caller has.
 */
import { errorFromIssues, type TaxRulesIssue } from '../core/errors.js';
import { compareDecimal } from '../core/money.js';
import { ownCopy } from '../adapters/read.js';
import { askRateFunction, coveringRate, exchangeTableIssues, notARate, rateText, rateValue, type ExchangeRate, type ExchangeRateFunction, type ExchangeRates } from '../adapters/exchange-rates.js';

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

/**
 * The exchange rate of a v20241028 document: undefined in the account's currency (a rate other
 * than 1 is then refused), else the request's, the option's or the caller's (422 when none).
 */
export function documentExchangeRate(
  currency: string,
  accountCurrency: string,
  date: string,
  requestRate: number | null | undefined,
  optionRate: number | string | undefined,
  table: ExchangeRates | undefined,
  issues: TaxRulesIssue[],
): number | undefined {
  const given = requestRate ?? (optionRate === undefined ? undefined : (rateValue(optionRate) as number));
  if (currency === accountCurrency) {
    if (given !== undefined && given !== 1) {
      const path = requestRate !== undefined && requestRate !== null ? ['exchange_rate'] : ['options', 'exchangeRate'];
      issues.push({ path, code: 'unprocessable', message: `${path.join('.')} ${given} is for a document in another currency than the account's (${accountCurrency}); this one is in ${currency}` });
    }
    return undefined;
  }
  if (given !== undefined) return given;
  if (table !== undefined) return callerRate(table, AS_NUMBER, { currency, date, accountCurrency, path: ['options', 'exchangeRates'], within: '', instead: 'exchange_rate' }, issues) ?? undefined;
  issues.push({
    path: ['exchange_rate'],
    code: 'unprocessable',
    message: `the document is in ${currency} and the account in ${accountCurrency}: give exchange_rate, or options.exchangeRate or options.exchangeRates (taxrules reads no network; the ECB's reference rates are ecbRates of taxrules/ecb)`,
  });
  return undefined;
}
