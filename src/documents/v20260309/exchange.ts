/**
 * A v20260309 transaction's totals in the account's currency. taxrules reads no network: the
 * rate is the caller's, one fixed rate (`options.exchangeRate`) or a table of dated rates
 * (`options.exchangeRates`, e.g. a central bank's reference rates), in the shapes the
 * v20241028 documents take. A rate is units of the account's currency per unit of the
 * transaction's. The conversion is exact: the amount in minor units times the rate's digits,
 * rounded half up once to the account currency's minor unit.
 */
import { errorFromIssues, type TaxRulesIssue } from '../../core/errors.js';
import { AS_TEXT, callerRate, rateText } from '../../adapters/exchange-rates.js';
import type { TaxTransactionExchangeRate } from './schemas.js';
import type { Context, Path, Stored, Taxed } from './types.js';
import { compareDecimal, decimalOf, moneyText, roundDiv, type Decimal } from '../../core/money.js';

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
  else if (ctx.rates !== undefined) {
    const issues: TaxRulesIssue[] = [];
    const found = callerRate(ctx.rates, AS_TEXT, { currency: t.currency, date: t.date, accountCurrency: to, path: [...prefix, 'currency'], within, instead: 'options.exchangeRate' }, issues);
    if (found === null) throw errorFromIssues(issues);
    rate = found;
  } else {
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
