/**
 * The quick reading of an object query (readQuickQuery) and the rate-only quote that looks its
 * decision up directly: held to the full reading and the full quote, on queries of the usual
 * shape and on ones just off it (a value to trim, blank, refused, of another type, another
 * parameter), which the quick reading leaves to the full one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, type TaxRateQuery } from '../src/adapters/v20241028.js';
import { engineOf, readTaxRateQuery } from '../src/adapters/v20241028-query.js';
import { readQuickQuery } from '../src/adapters/v20241028-quick.js';
import { createEngine } from '../src/adapters/engine.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { defineAccount } from '../src/index.js';
import { TaxRulesError } from '../src/core/errors.js';
import { registeredEverywhere } from './helpers.js';
import { TAX_CODES } from '../src/generated/tax-codes.js';

/** Each parameter the quick reading may meet, with values it reads and values it leaves to the full reading. */
const VALUES: Record<string, unknown[]> = {
  to_country: ['DE', 'FR', 'US', 'CA', 'GB', 'ES', 'de', 'EL', 'UK', 'XX', ' DE', '', 'DEU', 7, undefined],
  to_postal_code: ['10115', '78701', '35001', 'V6B 1A1', '27498', ' 10115', '', 'x'.repeat(33), 10115, undefined],
  to_city: ['Berlin', 'Austin', 'Helgoland', '', 'Berlin '],
  to_street: ['Main St 1', ''],
  tax_code: ['ebook', 'saas', 'standard', 'food', 'eservice', 'consulting', 'books', 'EBOOK', 'nope', ' ebook', '', null, undefined],
  product_type: ['good', 'service', 'goods', 'Good', ''],
  tax_behavior: ['exclusive', 'inclusive', 'both', ''],
  date: ['2026-06-01', '2024-12-31', '2021-07-01', '2026-02-30', '2026-6-1', '', 20260601, undefined],
  currency: ['EUR', 'USD', 'eur', 'XAU', 'EURO', ''],
  amount: ['100', 10],
  tax_id: ['DE811569869', 'ESA28015865', 'FR40303265045', 'DE123', 'GB000000000', ' DE811569869', ''],
  from_country: ['IE'],
  tax_status: ['exempt'],
  tax_cod: ['ebook'],
};

const entry = fc.constantFrom(...Object.keys(VALUES)).chain((name) => fc.tuple(fc.constant(name), fc.constantFrom(...(VALUES[name] as unknown[]))));
/** Mostly queries of the usual shape, some with a parameter or value the quick reading does not take. */
const query = fc
  .tuple(fc.constantFrom(...(VALUES.to_country as unknown[])), fc.array(entry, { maxLength: 5 }))
  .map(([to, rest]) => Object.fromEntries([['to_country', to], ...rest]) as unknown as TaxRateQuery);

/** An answer or the error's status and issues. */
function outcome(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    return { status: e.status, issues: e.issues };
  }
}

const sellers = [
  registeredEverywhere(),
  defineAccount({ country: 'DE', postal_code: '10115', currency: 'EUR', default_tax_code: 'standard', default_product_type: 'good', registrations: [{ country: 'DE' }, { scheme: 'oss' }, { country: 'US', region: 'TX' }] }),
  defineAccount({ country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }] }),
];

describe('the quick reading of an object query', () => {
  it('reads a query as the full reading does, or leaves it to it', () => {
    const engine = engineOf({});
    const options = { today: '2026-06-01' };
    let quick = 0;
    fc.assert(
      fc.property(query, fc.nat(sellers.length - 1), (q, s) => {
        const account = sellers[s] as (typeof sellers)[number];
        const seller = engine.accounts.prepare(account);
        const quickly = readQuickQuery(q, seller, options, engine);
        if (quickly === null) return;
        const read = quickly.input;
        quick++;
        const full = readTaxRateQuery(q, seller, options, engine);
        expect(full.exemption).toBeUndefined();
        expect(read).toEqual(full.input);
        // The same shape (the decision cache reads every input): the same fields, in one order.
        expect(Object.keys(read ?? {})).toEqual(Object.keys(full.input));
        expect(TAX_CODES[quickly.code]).toBe(full.input.taxCode);
      }),
      { numRuns: 3000 },
    );
    expect(quick).toBeGreaterThan(100);
  });

  it('answers as the full quote does, decided afresh, whether the decision is held or not', () => {
    fc.assert(
      fc.property(fc.array(query, { minLength: 1, maxLength: 6 }), fc.nat(sellers.length - 1), (queries, s) => {
        const account = sellers[s] as (typeof sellers)[number];
        const engine = createEngine(defaultRuleSet);
        for (const q of [...queries, ...queries]) {
          expect(outcome(() => calculateTaxRate(q, account, {}, engine))).toEqual(outcome(() => calculateTaxRate(q, account, { cache: false }, engine)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a tax ID to a verdict function of the caller\'s to the full reading, which asks it once', () => {
    const account = registeredEverywhere();
    let asked = 0;
    const taxIdVerdict = (): 'valid' => {
      asked++;
      return 'valid';
    };
    for (let i = 0; i < 3; i++) expect(calculateTaxRate({ to_country: 'FR', tax_id: 'FR1', tax_code: 'consulting', date: '2026-06-01' }, account, { taxIdVerdict }).status).toBe('reverse_charge');
    expect(asked).toBe(3);
  });

  it('gives each call an answer of its own: changing one changes no later one', () => {
    const account = registeredEverywhere();
    const q = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01' } as const;
    const first = calculateTaxRate(q, account) as unknown as Record<string, unknown>;
    const second = calculateTaxRate(q, account);
    expect(second).not.toBe(first);
    first.rate = 99;
    first.notes = 'changed';
    expect(calculateTaxRate(q, account)).toEqual(second);
    expect(calculateTaxRate(q, account).rate).toBe(7);
  });

  it('leaves a date from options.today as a function to the full reading, which asks it once', () => {
    const account = registeredEverywhere();
    let asked = 0;
    const today = (): string => {
      asked++;
      return '2026-06-01';
    };
    for (let i = 0; i < 3; i++) expect(calculateTaxRate({ to_country: 'DE', tax_code: 'ebook' }, account, { today }).rate).toBe(7);
    expect(asked).toBe(3);
  });
});
