/**
 * `taxrules/ecb`: the euro foreign exchange reference rates of the European Central Bank, as
 * dated and sourced data (rules/fx/ecb.json, from the last publication of 2014 on), for the
 * rate the spec applies when a request gives none: "the central-bank reference rate for the
 * transaction date". taxrules reads no network: these are the rates as the package was
 * built, and a day after their last publication is refused (422), never guessed.
 *
 * An entry of its own: the main entry carries none of this data (about 270 kB; the HTTP
 * handler loads it on the first document that needs a reference rate), and a caller
 * passes what it needs (`ecbExchangeRates(…)` as `options.exchangeRates`, `ecbConvert` as a
 * calculator's `convertCurrency`). The ECB publishes its rates for information; it permits
 * their reproduction with the source acknowledged, which every answer carries (`source`).
 */
import type { CurrencyConverter } from './core/situation.js';
import type { ExchangeRate, ExchangeRateFunction } from './core/options.js';
import { ecbRates as rates, table } from './ecb/default.js';
import { converter, crossRate, exchangeRates, referenceRate, type EcbCrossRate, type EcbExchangeRatesOptions, type EcbReferenceRate } from './ecb/rates.js';

export { ECB_RATE_DIGITS } from './ecb/arithmetic.js';
export type { EcbCrossRate, EcbExchangeRatesOptions, EcbReferenceRate } from './ecb/rates.js';
export type { ExchangeRate, ExchangeRateFunction } from './core/options.js';
export { TaxRulesError } from './core/errors.js';
import { guarded } from './core/errors.js';


/**
 * The data: its publisher (`source`), the day it was last compared with the ECB's file
 * (`checked`), its first and last publication days, and the currencies it quotes against
 * the euro, in the ECB's order (HRK, RUB and BGN end on their last publication).
 */
export const ecbReferenceRates: { readonly source: string; readonly checked: string; readonly first: string; readonly last: string; readonly currencies: readonly string[] } = Object.freeze({
  source: table.source,
  checked: table.checked,
  first: table.first,
  last: table.last,
  currencies: table.currencies,
});

/**
 * The rate of 1 EUR in `currency` (ISO 4217, either case) published for `date` (YYYY-MM-DD):
 * `{ currency, date, published, rate, source }`, `rate` the decimal text the ECB published and
 * `published` the publication it is from — `date` itself, or on a day without one (a
 * weekend, a TARGET closing day) the last before it. EUR is "1". TaxRulesError: 400 for a
 * malformed code or date, 406 for a currency the ECB does not quote, 422 for a day before
 * `ecbReferenceRates.first` or after `.last` (naming them) or a day the currency was not quoted
 * (HRK after 2022-12-30, naming its last publication).
 *
 * ecbReferenceRate('USD', '2024-06-08') → { currency: 'USD', date: '2024-06-08', published: '2024-06-07', rate: '1.0898', source: 'European Central Bank, …' }
 */
export function ecbReferenceRate(currency: string, date: string): EcbReferenceRate {
  return guarded(() => referenceRate(table, currency, date));
}

/**
 * The rate of 1 `from` in `to` on `date`, through the euro: the ECB's rate of `to` over that of
 * `from` (EUR being 1), rounded half up to ECB_RATE_DIGITS (10) significant digits, both from
 * the same publication; a rate from EUR is the published one, unrounded, and a currency in
 * itself is "1". The ECB publishes rates against the euro only: a cross rate is derived
 * here, not published. `{ from, to, date, published, rate, source }`; refusals as
 * `ecbReferenceRate`'s, at `from`, `to` or `date`.
 *
 * ecbCrossRate('USD', 'GBP', '2024-06-03') → rate '0.7856022874' (0.85175 / 1.0842)
 */
export function ecbCrossRate(from: string, to: string, date: string): EcbCrossRate {
  return guarded(() => crossRate(table, from, to, date));
}

/**
 * The table `options.exchangeRates` takes (computeTransaction, computeBatch, the v20241028
 * documents), for the days `from` to `until` inclusive: `{ currency, from, until, rate }`
 * entries, `rate` the units of the account's currency (`options.account`, default EUR) per
 * unit of `currency` — for a EUR account 1 / the ECB's rate, rounded as `ecbCrossRate` rounds —
 * each running from its publication to the day before the next, so that a weekend or a
 * closing day has the rate of the publication before it (publications in a row with the
 * same rate make one entry). By default every currency the ECB quoted in those days;
 * `options.currencies` names fewer (a shorter table is read faster: a document looks its
 * rate up entry by entry). TaxRulesError: 400 malformed, 406 unknown currency, 422 for days
 * outside the data or a currency asked for with no rate in them.
 *
 * computeTransaction(sale, account, { exchangeRates: ecbExchangeRates('2024-06-01', '2024-06-30', { currencies: ['USD'] }) })
 */
export function ecbExchangeRates(from: string, until: string, options?: EcbExchangeRatesOptions | null): ExchangeRate[] {
  return guarded(() => exchangeRates(table, from, until, options));
}

/**
 * The ECB's rates as the function `options.exchangeRates` takes (computeTransaction,
 * computeBatch, buildDocument), asked for each document's rate: `(currency, date,
 * accountCurrency)` → `ecbCrossRate(currency, accountCurrency, date).rate`, the units of the
 * account's currency per unit of the document's (for a EUR account 1 / the ECB's rate, rounded
 * to 10 significant digits; for others a cross rate through the euro). It throws
 * `ecbCrossRate`'s TaxRulesError where the ECB gives no rate (422 after the data's last day),
 * which is then the document's answer. The spec's default, "the central-bank reference rate
 * for the transaction date"; the HTTP handler uses it unless told otherwise.
 *
 * computeTransaction(sale, account, { exchangeRates: ecbRates })
 */
export const ecbRates: ExchangeRateFunction = rates;

/**
 * A converter for a calculator's `convertCurrency` (`createCalculator({ convertCurrency:
 * ecbConvert })`): a value in another currency on a day, as its amount times `ecbCrossRate`'s
 * rate, exactly. Where the ECB gives no rate it throws `ecbCrossRate`'s TaxRulesError (the
 * calculator would read null as "no converter").
 */
export const ecbConvert: CurrencyConverter = /* @__PURE__ */ converter(table);
