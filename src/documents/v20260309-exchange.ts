/**
 * A v20260309 transaction's totals in the account's currency. taxrules reads no network: the
 * rate is the caller's, one fixed rate (`options.exchangeRate`) or a table of dated rates
 * (`options.exchangeRates`, e.g. a central bank's reference rates), in the shapes the
 * v20241028 documents take. A rate is units of the account's currency per unit of the
 * transaction's. The conversion is exact: the amount in minor units times the rate's digits,
 * rounded half up once to the account currency's minor unit.
 */
import { dayNumber } from '../core/dates.js';
import { errorFromIssues, quoted, type TaxRulesIssue } from '../core/errors.js';
import { AMOUNT_RE } from '../adapters/input.js';
import { MAX_AMOUNT_LENGTH } from '../adapters/schemas.js';

/** One rate of the caller's table: for one `date`, or for the days `from` to `until` (both inclusive). */
export interface ExchangeRateEntry {
  readonly currency: string;
  readonly date?: string;
  readonly from?: string;
  readonly until?: string;
  /** A positive number, or a decimal string. */
  readonly rate: number | string;
}

const ENTRY_FIELDS = ['currency', 'date', 'from', 'until', 'rate'];

/** A rate as a plain positive decimal text ("1.0842"), or null when it is none (a negative, zero, `1e-7`, text of another form). */
export function rateText(v: unknown): string | null {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  if (typeof text !== 'string' || text.length > MAX_AMOUNT_LENGTH || !AMOUNT_RE.test(text) || text.startsWith('-') || /^[0.]+$/.test(text)) return null;
  return text;
}

const isDate = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(dayNumber(v));

/** The caller's table, checked: every malformed entry and unknown field is a 400 naming `options.exchangeRates`. */
export function readRateTable(table: readonly unknown[]): ExchangeRateEntry[] {
  const issues: TaxRulesIssue[] = [];
  table.forEach((e, i) => {
    const at = ['options', 'exchangeRates', i];
    const name = at.join('.');
    if (typeof e !== 'object' || e === null || Array.isArray(e)) {
      issues.push({ path: at, code: 'malformed', message: `${name} must be an object { currency, date | from, until, rate }, got ${quoted(e, 40)}` });
      return;
    }
    const r = e as Record<string, unknown>;
    for (const key of Object.keys(r)) if (!ENTRY_FIELDS.includes(key)) issues.push({ path: [...at, key], code: 'unknown_field', message: `${name}.${key}: unknown field` });
    if (typeof r.currency !== 'string' || !/^[A-Z]{3}$/.test(r.currency)) issues.push({ path: [...at, 'currency'], code: 'malformed', message: `${name}.currency must be a 3-letter ISO 4217 code in capitals` });
    if (rateText(r.rate) === null) issues.push({ path: [...at, 'rate'], code: 'malformed', message: `${name}.rate must be a positive decimal, got ${quoted(r.rate, 40)}` });
    if (r.date !== undefined) {
      if (!isDate(r.date)) issues.push({ path: [...at, 'date'], code: 'malformed', message: `${name}.date must be a calendar date YYYY-MM-DD` });
      if (r.from !== undefined || r.until !== undefined) issues.push({ path: [...at, 'from'], code: 'malformed', message: `${name}: give either date or from and until` });
    } else if (!isDate(r.from) || !isDate(r.until)) {
      issues.push({ path: [...at, 'from'], code: 'malformed', message: `${name} needs a date, or from and until (calendar dates YYYY-MM-DD)` });
    } else if (r.until < r.from) {
      issues.push({ path: [...at, 'until'], code: 'malformed', message: `${name}.until is before its from` });
    }
  });
  if (issues.length > 0) throw errorFromIssues(issues);
  return table as ExchangeRateEntry[];
}

/**
 * The table's rate for a currency on a date. The entries that cover the day must agree: two
 * different rates for one day are a 400, never a choice. None is a 422 at `path`, its message
 * starting with `within` (a batch's "transactions.3: ").
 */
export function tableRate(table: readonly ExchangeRateEntry[], currency: string, date: string, path: (string | number)[], within = ''): string {
  let found: string | null = null;
  let foundAt = -1;
  table.forEach((e, i) => {
    const covers = e.date !== undefined ? e.date === date : (e.from as string) <= date && date <= (e.until as string);
    if (e.currency !== currency || !covers) return;
    const rate = rateText(e.rate) as string;
    if (found !== null && compareRates(found, rate) !== 0) {
      throw errorFromIssues([{ path: ['options', 'exchangeRates', i], code: 'malformed', message: `options.exchangeRates gives two rates for ${currency} on ${date}: ${found} (entry ${foundAt}) and ${rate} (entry ${i})` }]);
    }
    found ??= rate;
    if (foundAt < 0) foundAt = i;
  });
  if (found === null) throw errorFromIssues([{ path, code: 'unprocessable', message: `${within}options.exchangeRates has no rate for ${currency} on ${date}` }]);
  return found;
}

/** A decimal text as an integer and its number of decimals. */
function digitsOf(text: string): { units: bigint; scale: number } {
  const [whole, frac = ''] = text.split('.');
  return { units: BigInt(`${whole}${frac}`), scale: frac.length };
}

function compareRates(a: string, b: string): number {
  const x = digitsOf(a);
  const y = digitsOf(b);
  const scale = Math.max(x.scale, y.scale);
  const d = x.units * 10n ** BigInt(scale - x.scale) - y.units * 10n ** BigInt(scale - y.scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * A converter of amounts (minor units of a currency with `fromUnits` decimals) into minor units
 * of one with `toUnits`, at `rate`: rounded half away from zero, so that a refund converts to
 * the negative of its sale.
 */
export function converter(rate: string, fromUnits: number, toUnits: number): (minor: bigint) => bigint {
  const r = digitsOf(rate);
  const num = r.units * 10n ** BigInt(toUnits);
  const den = 10n ** BigInt(fromUnits + r.scale);
  return (minor) => {
    const m = (minor < 0n ? -minor : minor) * num;
    const q = m / den + ((m % den) * 2n >= den ? 1n : 0n);
    return minor < 0n ? -q : q;
  };
}
