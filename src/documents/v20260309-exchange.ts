/**
 * A v20260309 transaction's totals in the account's currency. taxrules reads no network: the
 * rate is the caller's, one fixed rate (`options.exchangeRate`) or a table of dated rates
 * (`options.exchangeRates`, e.g. a central bank's reference rates), in the shapes the
 * v20241028 documents take. A rate is units of the account's currency per unit of the
 * transaction's. The conversion is exact: the amount in minor units times the rate's digits,
 * rounded half up once to the account currency's minor unit.
 */
import { errorFromIssues } from '../core/errors.js';
import { AMOUNT_RE } from '../adapters/input.js';
import { MAX_AMOUNT_LENGTH } from '../adapters/schemas.js';
import { entriesCovering, exchangeTableIssues, type ExchangeRate } from './exchange.js';
import { compareDecimal, decimalOf, roundDiv, type Decimal } from '../core/money.js';

/** A rate as a plain positive decimal text ("1.0842"), or null when it is none (a negative, zero, `1e-7`, text of another form). */
export function rateText(v: unknown): string | null {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  if (typeof text !== 'string' || text.length > MAX_AMOUNT_LENGTH || !AMOUNT_RE.test(text) || text.startsWith('-') || /^[0.]+$/.test(text)) return null;
  return text;
}

/** The caller's table, checked as the v20241028 documents check it: every malformed entry and unknown field is a 400 naming `options.exchangeRates`. */
export function readRateTable(table: readonly unknown[]): ExchangeRate[] {
  const issues = exchangeTableIssues(table);
  if (issues.length > 0) throw errorFromIssues(issues);
  return table as ExchangeRate[];
}

/**
 * The table's rate for a currency on a date. The entries that cover the day must agree: two
 * different rates for one day are a 400, never a choice. None is a 422 at `path`, its message
 * starting with `within` (a batch's "transactions.3: ").
 */
export function tableRate(table: readonly ExchangeRate[], currency: string, date: string, path: (string | number)[], within = ''): string {
  let found: string | null = null;
  let foundAt = -1;
  for (const { entry: e, index: i } of entriesCovering(table, currency, date)) {
    const rate = rateText(e.rate) as string;
    if (found !== null && compareDecimal(found, rate) !== 0) {
      throw errorFromIssues([{ path: ['options', 'exchangeRates', i], code: 'malformed', message: `options.exchangeRates gives two rates for ${currency} on ${date}: ${found} (entry ${foundAt}) and ${rate} (entry ${i})` }]);
    }
    found ??= rate;
    if (foundAt < 0) foundAt = i;
  }
  if (found === null) throw errorFromIssues([{ path, code: 'unprocessable', message: `${within}options.exchangeRates has no rate for ${currency} on ${date}` }]);
  return found;
}

/**
 * A converter of amounts (minor units of a currency with `fromUnits` decimals) into minor units
 * of one with `toUnits`, at `rate`: rounded half away from zero, so that a refund converts to
 * the negative of its sale.
 */
export function converter(rate: string, fromUnits: number, toUnits: number): (minor: bigint) => bigint {
  const r = decimalOf(rate) as Decimal;
  const num = r.units * 10n ** BigInt(toUnits);
  const den = 10n ** BigInt(fromUnits + r.scale);
  return (minor) => {
    const q = roundDiv((minor < 0n ? -minor : minor) * num, den);
    return minor < 0n ? -q : q;
  };
}
