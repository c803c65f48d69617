/**
 * The HTTP handler's default exchange rates: the ECB's reference rates the package ships
 * (`taxrules/ecb`), which end on the day of their last publication before the release. A
 * document dated after that day is refused (422) with what the server can do about it: the
 * day the shipped data ends, and the rate to pass instead.
 */
import { TaxRulesError } from '../core/errors.js';
import type { ExchangeRateFunction } from '../core/options.js';

/** What the handler's default 422 says to pass instead of the shipped rates. */
export const WHAT_TO_PASS =
  "give the rate in the request (exchange_rate), from documents.prepare (exchangeRate or exchangeRates), or as the handler's exchangeRates option (a table or a function of your rate source); a newer taxrules ships later ECB rates";

/** The shipped ECB rates as the handler's default: a day after `last` is refused naming it and what to pass (see the file's comment). */
export function shippedEcbRates(rates: ExchangeRateFunction, last: string): ExchangeRateFunction {
  return (currency, date, accountCurrency) => {
    if (date > last) {
      throw new TaxRulesError('unprocessable', 422, [
        {
          path: ['date'],
          code: 'unprocessable',
          message: `no reference exchange rate for ${currency} on ${date}: the ECB reference rates this server applies by default are those shipped with taxrules, which end on ${last}; ${WHAT_TO_PASS}`,
        },
      ]);
    }
    return rates(currency, date, accountCurrency);
  };
}
