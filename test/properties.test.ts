import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, explainTaxRate, type TaxRateQuery } from '../src/adapters/v20241028.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { formatMinor, parseAmount } from '../src/core/money.js';
import { dayNumber, dateOfDay } from '../src/core/dates.js';
import { inForce } from '../src/core/ruleset.js';
import { refused, registeredEverywhere } from './helpers.js';

const account = registeredEverywhere();
const destinations = [
  { to_country: 'DE' },
  { to_country: 'FR' },
  { to_country: 'HU' },
  { to_country: 'GB' },
  { to_country: 'CH' },
  { to_country: 'JP' },
  { to_country: 'CA', to_postal_code: 'V6B 1A1' },
  { to_country: 'CA', to_postal_code: 'H2X 1Y4' },
  { to_country: 'CA', to_postal_code: 'M5V 2T6' },
  { to_country: 'US', to_postal_code: '78701' },
  { to_country: 'US', to_postal_code: '97201' },
  { to_country: 'ES', to_postal_code: '35001' },
  { to_country: 'PT', to_postal_code: '9500-123' },
  { to_country: 'AT', to_postal_code: '6691' },
];
const codes = ['consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced', 'exempt'] as const;
const dates = fc.integer({ min: dayNumber('2015-01-01'), max: dayNumber('2027-12-31') }).map(dateOfDay);
const currencies = fc.constantFrom('EUR', 'JPY', 'KWD', 'USD');

/**
 * A date the rules answer for a destination: US local rates are recorded from the date of
 * their data (a quote before it is refused with 422, tested elsewhere), so a destination in
 * a state with local taxes gets dates from then on.
 */
function dateFor(dest: { to_country: string; to_postal_code?: string }, date: string): string {
  if (dest.to_country !== 'US' || !dest.to_postal_code) return date;
  const zip = dest.to_postal_code.slice(0, 5);
  let first = '';
  for (const file of defaultRuleSet.usLocal.values()) {
    for (const area of file.zips.get(zip) ?? []) {
      for (const part of area.parts) {
        const from = dateOfDay(part.taxes[0]?.classes.standard?.[0]?.from ?? 0);
        if (from > first) first = from;
      }
    }
  }
  return date < first ? first : date;
}

describe('money properties', () => {
  it('parses and formats amounts without loss', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.integer({ min: 0, max: 4 }), (minor, units) => {
        const text = formatMinor(minor, units);
        const back = parseAmount(text, units);
        expect(back.ok && BigInt(back.minor)).toBe(minor);
      }),
    );
  });
});

describe('calculation properties', () => {
  it('inclusive ↔ exclusive round trip stays within one minor unit per tax', () => {
    fc.assert(
      fc.property(fc.constantFrom(...destinations), fc.constantFrom(...codes), dates, currencies, fc.integer({ min: 0, max: 10_000_000 }), (dest, code, anyDate, currency, n) => {
        const date = dateFor(dest, anyDate);
        const minor = defaultRuleSet.currencies.get(currency) as number;
        const amount = formatMinor(BigInt(n), minor);
        const ex = calculateTaxRate({ ...dest, tax_code: code, date, amount, currency }, account);
        const inc = calculateTaxRate({ ...dest, tax_code: code, date, amount: formatMinor(BigInt(Math.round((ex.total_amount as number) * 10 ** minor)), minor), currency, tax_behavior: 'inclusive' }, account);
        const lines = ex.additional_rate ? 2 : 1;
        expect(Math.abs((inc.subtotal as number) - (ex.subtotal as number))).toBeLessThanOrEqual(lines / 10 ** minor + 1e-9);
        expect(inc.total_amount).toBe(ex.total_amount);
      }),
      { numRuns: 300 },
    );
  });

  it('quote amounts (in doubles where exact) equal the exact decimal amounts, any size', () => {
    const amounts = fc.oneof(
      fc.integer({ min: 0, max: 10_000_000 }).map(BigInt),
      fc.bigInt({ min: 0n, max: 10n ** 17n }),
      fc.constantFrom(9_007_199_254n, 9_007_199_255n, 10n ** 15n - 1n, 10n ** 15n),
    );
    fc.assert(
      fc.property(fc.constantFrom(...destinations), fc.constantFrom(...codes), dates, currencies, amounts, fc.constantFrom('exclusive', 'inclusive'), (dest, code, anyDate, currency, minor, behavior) => {
        const date = dateFor(dest, anyDate);
        const units = defaultRuleSet.currencies.get(currency) as number;
        const query = { ...dest, tax_code: code, date, currency, amount: formatMinor(minor, units), tax_behavior: behavior };
        const result = explainTaxRate(query, account);
        const exact = result.amounts;
        // Beyond 15 digits the number form cannot answer exactly: it refuses (400).
        const digits = (v: string | undefined): number => (v ?? '').replace(/[^0-9]/g, '').replace(/^0+/, '').length;
        if (Math.max(digits(exact?.subtotal), digits(exact?.total)) > 15) {
          expect(refused(() => calculateTaxRate(query, account)).status).toBe(400);
          return;
        }
        const quote = calculateTaxRate(query, account);
        expect(exact).not.toBeNull();
        // The neutral result's lines, summed per group in exact decimals.
        const sum = (group: string): Decimal => result.lines.filter((l) => l.group === group).reduce((s, l) => s.plus('amount' in l ? l.amount : 0), new Decimal(0));
        expect(quote.tax_amount).toBe(Number(sum('main').toFixed(units)));
        expect(exact?.tax).toBe(sum('main').plus(sum('additional')).toFixed(units));
        expect(quote.subtotal).toBe(Number(exact?.subtotal));
        expect(quote.total_amount).toBe(Number(exact?.total));
        expect(quote.additional_tax_amount).toBe(quote.additional_rate === null ? null : Number(sum('additional').toFixed(units)));
        // The exclusive tax of a whole taxable part against decimal.js.
        if (behavior === 'exclusive' && quote.status === 'taxable' && quote.taxable_part === 100) {
          const oracle = new Decimal(minor.toString()).times(quote.rate).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
          expect(quote.tax_amount).toBe(Number(formatMinor(BigInt(oracle.toFixed(0)), units)));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a query string as URLSearchParams does: escapes, plus signs, repeats, odd bytes', () => {
    const names = fc.constantFrom('to_country', 'to_postal_code', 'to_city', 'tax_code', 'tax_id', 'amount', 'date', 'currency', 'unknown', 'to%5Fcountry', 'tax+code');
    const values = fc.oneof(
      fc.constantFrom('DE', 'de', 'US', '78701', 'ebook', 'saas', '10.5', '2026-06-01', 'EUR', 'DE811569869', 'Büsingen', 'San+Francisco', '%20DE', 'D%45', '%zz', '%C3', '%E2%82%AC', '', '+'),
      fc.string({ maxLength: 6 }),
    );
    const outcome = (run: () => unknown) => {
      try {
        return { ok: run() };
      } catch (e) {
        return { error: String(e), issues: (e as { issues?: unknown }).issues };
      }
    };
    fc.assert(
      fc.property(fc.array(fc.tuple(names, values), { maxLength: 7 }), fc.boolean(), (pairs, question) => {
        // Always a date: a repeated one when the pairs have one too.
        const text = `${question ? '?' : ''}${pairs.map(([k, v]) => `${k}=${v}`).join('&')}&date=2026-06-01`;
        const options = { today: '2026-06-01' };
        expect(outcome(() => calculateTaxRate(text, account, options))).toEqual(outcome(() => calculateTaxRate(new URLSearchParams(text), account, options)));
      }),
      { numRuns: 1000 },
    );
  });

  it('status is taxable exactly when a rate above zero applies', () => {
    fc.assert(
      fc.property(fc.constantFrom(...destinations), fc.constantFrom(...codes), dates, fc.option(fc.constantFrom('DE811569869', 'FR40303265045', 'invalid-id'), { nil: undefined }), (dest, code, anyDate, taxId) => {
        const date = dateFor(dest, anyDate);
        const r = calculateTaxRate({ ...dest, tax_code: code, date, ...(taxId ? { tax_id: taxId } : {}) }, account);
        const anyRate = r.rate > 0 || (r.additional_rate ?? 0) > 0;
        expect(r.status === 'taxable').toBe(anyRate);
      }),
      { numRuns: 500 },
    );
  });

  it('results do not depend on the order of the query keys', () => {
    fc.assert(
      fc.property(fc.constantFrom(...destinations), fc.constantFrom(...codes), dates, fc.integer({ min: 0, max: 1000 }), (dest, code, anyDate, seed) => {
        const date = dateFor(dest, anyDate);
        const query = { ...dest, tax_code: code, date, amount: '123.45' } as TaxRateQuery & Record<string, string>;
        const keys = Object.keys(query);
        const shuffled = Object.fromEntries(keys.map((k, i) => [k, i]).sort((a, b) => ((a[1] as number) * 7919 + seed) % 13 - ((b[1] as number) * 7919 + seed) % 13).map(([k]) => [k, query[k as string]]));
        expect(calculateTaxRate(shuffled as TaxRateQuery, account)).toEqual(calculateTaxRate(query, account));
        expect(calculateTaxRate(new URLSearchParams(shuffled).toString(), account)).toEqual(calculateTaxRate(query, account));
      }),
      { numRuns: 200 },
    );
  });
});

describe('rule data properties', () => {
  const classLists: { name: string; periods: { from: number }[] }[] = [];
  for (const j of defaultRuleSet.jurisdictions.values()) {
    for (const t of j.taxes) {
      for (const [cls, periods] of Object.entries(t.classes)) classLists.push({ name: `${j.country}${j.region ? `-${j.region}` : ''} ${t.id} ${cls}`, periods: periods ?? [] });
    }
  }

  it('every rate class has exactly one period on every date from its first', () => {
    fc.assert(
      fc.property(fc.constantFrom(...classLists), fc.integer({ min: dayNumber('2015-01-01'), max: dayNumber('2030-12-31') }), (list, day) => {
        const containing = list.periods.filter((p, i) => p.from <= day && (list.periods[i + 1]?.from ?? Number.POSITIVE_INFINITY) > day);
        const expected = day >= (list.periods[0]?.from ?? Number.POSITIVE_INFINITY) ? 1 : 0;
        expect(containing.length, list.name).toBe(expected);
        if (expected) expect(inForce(list.periods, day)).toBe(containing[0]);
      }),
      { numRuns: 2000 },
    );
  });

  it('every rate is held as exact integer units (checked against decimal.js)', () => {
    for (const j of defaultRuleSet.jurisdictions.values()) {
      for (const t of j.taxes) {
        for (const periods of Object.values(t.classes)) {
          for (const p of periods ?? []) expect(p.units).toBe(new Decimal(p.rate).times(10_000).toNumber());
        }
      }
    }
  });
});
