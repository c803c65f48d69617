/**
 * The quick reading of an object query (readQuickQuery) and the quote that looks its decision
 * up directly (rate-only, or priced by the one pricing routine): held to the full reading and
 * the full quote, on queries of the usual shape and on ones just off it (a value to trim,
 * blank, refused, of another type, another parameter; an amount malformed, too precise,
 * negative or too large), which the quick way leaves to the full one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, type TaxRateQuery } from '../src/adapters/v20241028.js';
import { engineOf, readTaxRateQuery } from '../src/adapters/v20241028-query.js';
import { readQuickQuery } from '../src/adapters/v20241028-quick.js';
import { createEngine } from '../src/adapters/engine.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { defineAccount } from '../src/index.js';
import { outcome, registeredEverywhere } from './helpers.js';
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
  amount: ['100', '19.99', '0', '-5', '100.123', '1e3', ' 100', '', 10, 10.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e21],
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

const sellers = [
  registeredEverywhere(),
  defineAccount({ country: 'DE', postal_code: '10115', currency: 'EUR', default_tax_code: 'standard', default_product_type: 'good', registrations: [{ country: 'DE' }, { scheme: 'oss' }, { country: 'US', region: 'TX' }] }),
  defineAccount({ country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }] }),
];

/** Destinations with one tax line and with several (US state and local taxes, Canada's GST and PST or QST). */
const PLACES: readonly (readonly [string, string | undefined])[] = [
  ['DE', undefined],
  ['FR', undefined],
  ['IE', undefined],
  ['GB', undefined],
  ['CH', undefined],
  ['NO', undefined],
  ['AU', undefined],
  ['US', '78701'],
  ['US', '10001'],
  ['US', '98101'],
  ['US', '60601'],
  ['US', '33101'],
  ['CA', 'V6B 1A1'],
  ['CA', 'H2X 1Y4'],
  ['CA', 'M5V 2T6'],
];

/** Decimal amounts: zero, negative, large, with more decimals than some currencies have; as strings and numbers. */
const amount: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom('100', '19.99', '0', '0.00', '-0', '0.5', '99.995', '1000000', '123.450', '0.001', '-19.99', '999999999999.99', '99999999999999999999'),
  fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }).map(String),
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.integer({ min: 0, max: 5 }), fc.boolean()).map(([n, decimals, negative]) => {
    const digits = n.toString().padStart(decimals + 1, '0');
    const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
    return negative ? `-${text}` : text;
  }),
  fc.integer({ min: -1000, max: 1_000_000 }),
  fc.double({ min: -1e6, max: 1e16, noNaN: true }),
);

/** Priced queries of the usual shape: a place, an amount, a currency of 0, 2 or 3 minor units or none, either tax behaviour. */
const pricedQuery = fc
  .record(
    {
      place: fc.constantFrom(...PLACES),
      amount,
      tax_code: fc.constantFrom('standard', 'ebook', 'saas', 'food', 'books', 'consulting', undefined),
      product_type: fc.constantFrom('good', 'service', undefined),
      tax_behavior: fc.constantFrom('exclusive', 'inclusive', undefined),
      currency: fc.constantFrom('EUR', 'USD', 'CAD', 'JPY', 'KWD', 'BHD', undefined),
      date: fc.constantFrom('2026-06-01', '2024-12-31', '2021-07-01'),
    },
    { requiredKeys: ['place', 'amount', 'date'] },
  )
  .map(({ place, ...rest }) => {
    const q: Record<string, unknown> = { to_country: place[0] };
    if (place[1] !== undefined) q.to_postal_code = place[1];
    for (const [name, value] of Object.entries(rest)) if (value !== undefined) q[name] = value;
    return q as unknown as TaxRateQuery;
  });

/** The query behind a proxy that counts how often its keys are listed: once when the quick way answers, twice when it hands over to the full one. */
function counted(q: TaxRateQuery): { query: TaxRateQuery; listed: () => number } {
  let listed = 0;
  const query = new Proxy(q as object, {
    ownKeys(target) {
      listed++;
      return Reflect.ownKeys(target);
    },
  }) as TaxRateQuery;
  return { query, listed: () => listed };
}

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

  it('leaves a parameter inherited from a prototype to the full reading, which reads own fields only', () => {
    const account = registeredEverywhere();
    const engine = createEngine(defaultRuleSet);
    // The decisions the inherited values would find are held: the quick way must not use them.
    calculateTaxRate({ to_country: 'DE', tax_code: 'ebook', date: '2026-06-01' }, account, {}, engine);
    calculateTaxRate({ to_country: 'FR', tax_code: 'saas', date: '2026-06-01' }, account, {}, engine);
    const inherited = Object.assign(Object.create({ tax_code: 'ebook' }) as object, { to_country: 'DE', date: '2026-06-01' }) as TaxRateQuery;
    const onlyInherited = Object.create({ to_country: 'FR', tax_code: 'saas', date: '2026-06-01' }) as TaxRateQuery;
    const proto = Object.prototype as Record<string, unknown>;
    const cases: (() => TaxRateQuery)[] = [() => inherited, () => onlyInherited];
    for (const q of cases) expect(outcome(() => calculateTaxRate(q(), account, {}, engine))).toEqual(outcome(() => calculateTaxRate(q(), account, { cache: false }, engine)));
    expect(calculateTaxRate(inherited, account, {}, engine).tax_code).not.toBe('ebook');
    proto.tax_code = 'ebook';
    try {
      const q = { to_country: 'DE', date: '2026-06-01' } as TaxRateQuery;
      expect(outcome(() => calculateTaxRate(q, account, {}, engine))).toEqual(outcome(() => calculateTaxRate(q, account, { cache: false }, engine)));
      expect(calculateTaxRate(q, account, {}, engine).tax_code).not.toBe('ebook');
    } finally {
      delete proto.tax_code;
    }
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

  it('prices a query with an amount as the full quote does, decided afresh, answers and errors alike', () => {
    let quick = 0;
    let calls = 0;
    fc.assert(
      fc.property(fc.array(pricedQuery, { minLength: 1, maxLength: 6 }), fc.nat(sellers.length - 1), (queries, s) => {
        const account = sellers[s] as (typeof sellers)[number];
        const engine = createEngine(defaultRuleSet);
        for (const q of [...queries, ...queries]) {
          const { query, listed } = counted(q);
          const answer = outcome(() => calculateTaxRate(query, account, {}, engine));
          expect(answer).toEqual(outcome(() => calculateTaxRate(q, account, { cache: false }, engine)));
          calls++;
          if (listed() === 1) quick++;
        }
      }),
      { numRuns: 400 },
    );
    // Each query comes twice, so its decision is held the second time: the quick way answers
    // a good share (the rest are amounts refused or too precise, places under a limit).
    expect(quick).toBeGreaterThan(calls / 10);
  });

  it('takes the quick way for one tax line and several, exclusive and inclusive, in 0, 2 and 3 minor units', () => {
    const account = registeredEverywhere();
    const engine = createEngine(defaultRuleSet);
    const cases: TaxRateQuery[] = [
      { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '19.99' },
      { to_country: 'DE', tax_code: 'standard', date: '2026-06-01', amount: 100, tax_behavior: 'inclusive' },
      { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '1999', currency: 'JPY' },
      { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '19.995', currency: 'KWD', tax_behavior: 'inclusive' },
      { to_country: 'US', to_postal_code: '78701', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '100', currency: 'USD' },
      { to_country: 'US', to_postal_code: '78701', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '19.99', currency: 'USD', tax_behavior: 'inclusive' },
      { to_country: 'CA', to_postal_code: 'V6B 1A1', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '100', currency: 'CAD' },
      { to_country: 'CA', to_postal_code: 'V6B 1A1', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '0', currency: 'CAD', tax_behavior: 'inclusive' },
    ] as TaxRateQuery[];
    for (const q of cases) {
      const full = calculateTaxRate(q, account, { cache: false }, engine);
      calculateTaxRate(q, account, {}, engine);
      const { query, listed } = counted(q);
      const answer = calculateTaxRate(query, account, {}, engine);
      expect(listed()).toBe(1);
      expect(answer).toEqual(full);
      expect(Object.keys(answer)).toEqual(Object.keys(full));
    }
    // Several tax lines: Austin's three (Texas 6.25 %, the city 1 %, Capital Metro 1 %: Texas
    // Comptroller) fold into one tax; British Columbia adds PST 7 % to GST 5 % (Excise Tax Act
    // s. 165(1); Provincial Sales Tax Act, S.B.C. 2012, c. 35).
    expect(calculateTaxRate(cases[4] as TaxRateQuery, account, {}, engine)).toMatchObject({ rate: 8.25, tax_amount: 8.25, total_amount: 108.25 });
    expect(calculateTaxRate(cases[6] as TaxRateQuery, account, {}, engine)).toMatchObject({ tax_amount: 5, additional_tax_amount: 7, total_amount: 112 });
  });

  it('hands an amount the full way refuses to it, which reports it', () => {
    const account = registeredEverywhere();
    const engine = createEngine(defaultRuleSet);
    const base = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01' } as const;
    calculateTaxRate(base, account, {}, engine);
    for (const amount of ['-5', '19.999', '99999999999999999999', '1e3']) {
      const { query, listed } = counted({ ...base, amount } as TaxRateQuery);
      const quick = outcome(() => calculateTaxRate(query, account, {}, engine));
      expect(listed()).toBe(2);
      expect(quick).toMatchObject({ status: 400 });
      expect(quick).toEqual(outcome(() => calculateTaxRate({ ...base, amount } as TaxRateQuery, account, { cache: false }, engine)));
    }
  });

  it('leaves a cached decision priced otherwise than by its lines to the full way: a per-article limit', () => {
    // Tennessee's single-article limit on local tax (USD 1,600: Tenn. Code Ann. § 67-6-702(a)(1)):
    // above it the quote is refused (422), whether or not the decision is in the cache.
    const account = registeredEverywhere();
    const engine = createEngine(defaultRuleSet);
    const base = { to_country: 'US', to_postal_code: '38103', tax_code: 'standard', product_type: 'good', currency: 'USD', date: '2026-09-15' } as const;
    calculateTaxRate({ ...base, amount: '100' }, account, {}, engine);
    for (const amount of ['1600.00', '1600.01']) {
      const { query, listed } = counted({ ...base, amount } as TaxRateQuery);
      const quick = outcome(() => calculateTaxRate(query, account, {}, engine));
      expect(listed()).toBe(2);
      expect(quick).toEqual(outcome(() => calculateTaxRate({ ...base, amount } as TaxRateQuery, account, { cache: false }, engine)));
    }
    expect(outcome(() => calculateTaxRate({ ...base, amount: '1600.01' }, account, {}, engine))).toMatchObject({ status: 422 });
  });
});
