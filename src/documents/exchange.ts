/**
 * The exchange rate of a document in another currency than the account's. taxrules reads no
 * network: the rate is the request's `exchange_rate`, else the caller's `options.exchangeRate`,
 * else the caller's table (`options.exchangeRates`, e.g. the central bank's reference rates)
 * for the document's date. A document in another currency without a rate is refused (422):
 * the spec's service would apply the reference rate of the day, which only the caller has.
 */
import type { TaxRulesIssue } from '../core/errors.js';
import { askRateFunction, coveringRate, notARate, rateValue, type ExchangeRate, type ExchangeRates } from '../adapters/exchange-rates.js';

/**
 * The rate of the caller's table for a currency on a date: the entries that cover the day
 * must agree (two different rates for one day are a 400, never a choice); none is a 422.
 */
function tableRate(table: readonly ExchangeRate[], currency: string, date: string, issues: TaxRulesIssue[]): number | null {
  const found = coveringRate(table, currency, date, (r) => rateValue(r) as number, (a, b) => a === b);
  if (found?.other !== undefined) {
    issues.push({ path: ['options', 'exchangeRates', found.other.index], code: 'malformed', message: `options.exchangeRates gives two rates for ${currency} on ${date} (${found.rate} and ${found.other.rate})` });
    return null;
  }
  if (found === null) issues.push({ path: ['options', 'exchangeRates'], code: 'unprocessable', message: `options.exchangeRates has no rate for ${currency} on ${date}: add one, or give exchange_rate` });
  return found?.rate ?? null;
}

/**
 * The exchange rate of a document: undefined in the account's currency (a rate other than 1
 * is then refused), else the request's, the option's or the table's (422 when none).
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
  if (typeof table === 'function') {
    const v = askRateFunction(table, currency, date, accountCurrency);
    const rate = rateValue(v);
    if (rate === null) throw notARate(v, currency, date, accountCurrency);
    return rate;
  }
  if (table !== undefined) return tableRate(table, currency, date, issues) ?? undefined;
  issues.push({
    path: ['exchange_rate'],
    code: 'unprocessable',
    message: `the document is in ${currency} and the account in ${accountCurrency}: give exchange_rate, or options.exchangeRate or options.exchangeRates (taxrules reads no network; the ECB's reference rates are ecbRates of taxrules/ecb)`,
  });
  return undefined;
}
