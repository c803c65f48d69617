/**
 * A v20260309 transaction's totals in the account's currency. taxrules reads no network: the
 * rate is the caller's, one fixed rate (`options.exchangeRate`) or a table of dated rates
 * (`options.exchangeRates`, e.g. a central bank's reference rates), in the shapes the
 * v20241028 documents take. A rate is units of the account's currency per unit of the
 * transaction's. The conversion is exact: the amount in minor units times the rate's digits,
 * rounded half up once to the account currency's minor unit.
 */
import { errorFromIssues } from '../../core/errors.js';
import { ownCopy } from '../../adapters/read.js';
import { askRateFunction, coveringRate, exchangeTableIssues, notARate, rateText, type ExchangeRate, type ExchangeRateFunction, type ExchangeRates } from '../../adapters/exchange-rates.js';
import type { TaxTransactionExchangeRate } from './schemas.js';
import type { Context, Path, Stored, Taxed } from './types.js';
import { compareDecimal, decimalOf, moneyText, roundDiv, type Decimal } from '../../core/money.js';

/** The options' exchange rates: a function as it is, a table copied and checked as the v20241028 documents check it (every malformed entry and unknown field a 400 naming `options.exchangeRates`). */
export function ratesOf(given: ExchangeRates | undefined): ExchangeRate[] | ExchangeRateFunction | undefined {
  if (given === undefined || typeof given === 'function') return given;
  const table = ownCopy(given, 2, Number.MAX_SAFE_INTEGER) as unknown[];
  const issues = exchangeTableIssues(table);
  if (issues.length > 0) throw errorFromIssues(issues);
  return table as ExchangeRate[];
}

/**
 * The table's rate for a currency on a date. The entries that cover the day must agree: two
 * different rates for one day are a 400, never a choice. None is a 422 at `path`, its message
 * starting with `within` (a batch's "transactions.3: ").
 */
function tableRate(table: readonly ExchangeRate[], currency: string, date: string, path: Path, within: string): string {
  const found = coveringRate(table, currency, date, (r) => rateText(r) as string, (a, b) => compareDecimal(a, b) === 0);
  const other = found?.other;
  if (found !== null && other !== undefined) {
    throw errorFromIssues([{ path: ['options', 'exchangeRates', other.index], code: 'malformed', message: `options.exchangeRates gives two rates for ${currency} on ${date}: ${found.rate} (entry ${found.index}) and ${other.rate} (entry ${other.index})` }]);
  }
  if (found === null) throw errorFromIssues([{ path, code: 'unprocessable', message: `${within}options.exchangeRates has no rate for ${currency} on ${date}` }]);
  return found.rate;
}

/**
 * A converter of amounts (minor units of a currency with `fromUnits` decimals) into minor units
 * of one with `toUnits`, at `rate`: rounded half away from zero, so that a refund converts to
 * the negative of its sale.
 */
function converter(rate: string, fromUnits: number, toUnits: number): (minor: bigint) => bigint {
  const r = decimalOf(rate) as Decimal;
  const num = r.units * 10n ** BigInt(toUnits);
  const den = 10n ** BigInt(fromUnits + r.scale);
  return (minor) => {
    const q = roundDiv((minor < 0n ? -minor : minor) * num, den);
    return minor < 0n ? -q : q;
  };
}

/**
 * The totals in the account's currency when the transaction's differs: at the options' rate
 * (fixed, or the table's for the date); without either a 422 naming them (null only when the
 * currencies are the same). A refund is converted at its
 * sale's rate, and cumulatively, as its taxes are prorated (see core/refund.ts): after
 * refunds of P of the sale's total (and Q of its tax) in all, the refunds in the account's
 * currency add up to convert(P) (and convert(Q)), so a refund carries convert(P after) −
 * convert(P before). Whatever the steps, refunding all of a sale nets it to zero in the
 * account's currency too.
 */
export function exchangeOf({ t, sums }: Taxed, ctx: Context, mu: number, prefix: Path, stored: Stored | undefined): TaxTransactionExchangeRate | null {
  const sale = stored?.sale;
  const to = ctx.engine.accounts.prepare(ctx.account).currency;
  const fixed = ctx.options.exchangeRate === undefined ? null : (rateText(ctx.options.exchangeRate) as string);
  if (t.currency === to) {
    if (fixed !== null && compareDecimal(fixed, '1') !== 0) {
      throw errorFromIssues([{ path: ['options', 'exchangeRate'], code: 'unprocessable', message: `options.exchangeRate ${fixed} is for a transaction in another currency than the account's (${to}); this one is in ${t.currency}` }]);
    }
    return null;
  }
  const saleRate = sale?.exchange_rate ?? null;
  // A batch's transaction names itself first ("transactions.3: ").
  const within = prefix.length > 0 ? `${prefix.join('.')}: ` : '';
  let rate: string;
  let date = t.date;
  if (saleRate) {
    rate = saleRate.rate;
    date = saleRate.date;
  } else if (fixed !== null) rate = fixed;
  else if (typeof ctx.rates === 'function') {
    const v = askRateFunction(ctx.rates, t.currency, t.date, to, within);
    const text = rateText(v);
    if (text === null) throw notARate(v, t.currency, t.date, to);
    rate = text;
  } else if (ctx.rates !== undefined) rate = tableRate(ctx.rates, t.currency, t.date, [...prefix, 'currency'], within);
  else {
    // The spec applies the central bank's reference rate when none is given: never a silent null.
    const message = `${within}no exchange rate from ${t.currency} to the account's ${to} on ${t.date}: give options.exchangeRate, or options.exchangeRates (the ECB's reference rates are ecbRates of taxrules/ecb)`;
    throw errorFromIssues([{ path: [...prefix, 'currency'], code: 'unprocessable', message }], 422);
  }
  const toUnits = ctx.engine.rules.currencies.get(to) as number;
  const convert = converter(rate, mu, toUnits);
  let total = convert(sums.total);
  let tax = convert(sums.tax);
  if (stored !== undefined) {
    // Magnitudes refunded before this refund, and after it; the refund carries the difference of their conversions (negative).
    const before = stored.refundedBefore;
    total = convert(before.total) - convert(before.total - sums.total);
    tax = convert(before.tax) - convert(before.tax - sums.tax);
  }
  return { from: t.currency, to, rate, date, subtotal: moneyText(total - tax, toUnits), total_tax: moneyText(tax, toUnits), total: moneyText(total, toUnits) };
}
