/**
 * The v20241028 query: one table of parameters, read the same way from a query string,
 * URLSearchParams or an object, and no mistake in it answered as a tax.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { calculateTaxRate, explainTaxRate, parseTaxRateQuery, TAX_RATE_PARAMETERS, type TaxRateQuery } from '../src/adapters/v20241028.js';
import { TaxRulesError } from '../src/core/errors.js';
import { calculate } from '../src/adapters/v20260309.js';
import { refused, registeredEverywhere } from './helpers.js';
import type { TaxCodeId } from '../src/core/types.js';
import { TAX_CODES as ALL_TAX_CODES } from '../src/generated/tax-codes.js';

const account = registeredEverywhere();
const today = { today: '2026-06-01' };
/** The query parameters of GET /tax_rates/calculate, in the order of the spec's table (service-interface.md). */
const SPEC_PARAMETERS = ['to_country', 'to_postal_code', 'to_city', 'to_street', 'from_country', 'from_postal_code', 'tax_id', 'tax_code', 'tax_behavior', 'product_type', 'date', 'amount', 'currency'];
/** The parameters taxrules adds after the spec's: the customer's own tax status. */
const OWN_PARAMETERS = ['tax_status', 'exemption_certificate'];

/** A query in each of its three forms. */
function forms(text: string): [string, string | URLSearchParams | TaxRateQuery][] {
  return [
    ['query string', text],
    ['URLSearchParams', new URLSearchParams(text)],
    ['object', Object.fromEntries(new URLSearchParams(text)) as unknown as TaxRateQuery],
  ];
}

describe('the table of parameters', () => {
  it('holds at most 30 parameters: the reader keeps the ones given as bits of one integer', () => {
    expect(TAX_RATE_PARAMETERS.length).toBeLessThanOrEqual(30);
  });

  it('holds the spec’s parameters in its order, then its own, each with a kind, a longest value and a description', () => {
    expect(TAX_RATE_PARAMETERS.map((p) => p.name)).toEqual([...SPEC_PARAMETERS, ...OWN_PARAMETERS]);
    for (const name of OWN_PARAMETERS) expect(TAX_RATE_PARAMETERS.find((p) => p.name === name)!.description).toContain('Not a parameter of the spec');
    for (const p of TAX_RATE_PARAMETERS) {
      expect(p.max, p.name).toBeGreaterThan(0);
      expect(p.description.length, p.name).toBeGreaterThan(10);
    }
    expect(TAX_RATE_PARAMETERS.filter((p) => p.required).map((p) => p.name)).toEqual(['to_country']);
  });

  it('gives TaxRateQuery its types: code unions, a string or number amount, no other keys', () => {
    expectTypeOf<TaxRateQuery['tax_code']>().toEqualTypeOf<TaxCodeId | undefined>();
    expectTypeOf<'consulting' | 'eservice' | 'ebook' | 'saas' | 'standard' | 'reduced' | 'exempt' | 'food' | 'clothing'>().toMatchTypeOf<TaxCodeId>();
    expectTypeOf<TaxRateQuery['tax_behavior']>().toEqualTypeOf<'exclusive' | 'inclusive' | undefined>();
    expectTypeOf<TaxRateQuery['product_type']>().toEqualTypeOf<'good' | 'service' | undefined>();
    expectTypeOf<TaxRateQuery['amount']>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf<TaxRateQuery['to_country']>().toEqualTypeOf<string>();
    expectTypeOf<keyof TaxRateQuery>().toEqualTypeOf<((typeof SPEC_PARAMETERS)[number] | (typeof OWN_PARAMETERS)[number]) & keyof TaxRateQuery>();
    // A frozen query is accepted as it is.
    const frozen: Readonly<TaxRateQuery> = Object.freeze({ to_country: 'DE', tax_code: 'ebook', amount: 10, date: '2026-06-01' });
    expect(calculateTaxRate(frozen, account).tax_amount).toBe(0.7);
    const typeErrors = (): void => {
      // @ts-expect-error a tax code that is none
      calculateTaxRate({ to_country: 'DE', tax_code: 'ebok' }, account);
      // @ts-expect-error a misspelt parameter
      calculateTaxRate({ to_country: 'DE', tax_cod: 'ebook' }, account);
      // @ts-expect-error to_country is required
      calculateTaxRate({ tax_code: 'ebook' }, account);
      // @ts-expect-error no escape through a record of anything
      calculateTaxRate({} as Record<string, unknown>, account);
    };
    expect(typeErrors).toBeTypeOf('function');
  });

  it('names the parameter in errors of the core on the field it fills', () => {
    // The state of a US destination comes from its postal code.
    expect(refused(() => calculateTaxRate({ to_country: 'US', date: '2026-06-01' }, account)).issues.map((i) => i.path)).toEqual([['to_postal_code']]);
    expect(refused(() => calculateTaxRate({ to_country: 'DE', amount: '1.001', date: '2026-06-01' }, account)).issues.map((i) => i.path)).toEqual([['amount']]);
  });
});

describe('unknown parameters', () => {
  it('are refused (400) in every form, with the parameter they may be a misspelling of', () => {
    for (const [form, query] of forms('to_country=DE&tax_cod=ebook&amount=100&date=2026-06-01')) {
      const e = refused(() => calculateTaxRate(query, account));
      expect(e.status, form).toBe(400);
      expect(e.code).toBe('invalid_request');
      expect(e.issues, form).toEqual([{ path: ['tax_cod'], code: 'unknown_field', message: 'tax_cod: unknown parameter; did you mean tax_code?' }]);
    }
  });

  it('are listed every one, in order, with every other problem', () => {
    for (const [form, query] of forms('to_country=DE&tax_cod=ebook&amout=5&utm_source=mail&country=FR&currency=')) {
      const e = refused(() => calculateTaxRate(query, account));
      expect(e.issues.map((i) => [i.path.join('.'), i.message]), form).toEqual([
        ['tax_cod', 'tax_cod: unknown parameter; did you mean tax_code?'],
        ['amout', 'amout: unknown parameter; did you mean amount?'],
        ['utm_source', 'utm_source: unknown parameter'],
        ['country', 'country: unknown parameter; did you mean to_country?'],
        ['currency', 'currency is blank: give it a value or leave it out'],
      ]);
    }
  });

  it('a name that is a key of Object.prototype is no parameter either', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const e = refused(() => calculateTaxRate(`to_country=DE&${name}=1`, account));
      expect(e.issues.map((i) => i.path), name).toEqual([[name]]);
    }
  });

  it('with unknownParameters: ignore, a query string or URLSearchParams may carry others (tracking), not misspellings', () => {
    const ignore = { ...today, unknownParameters: 'ignore' as const };
    const plain = calculateTaxRate('to_country=DE&tax_code=ebook&amount=100', account, today);
    for (const [form, query] of forms('to_country=DE&tax_code=ebook&amount=100&utm_source=mail&fbclid=x1&gclid=&_ga=2')) {
      if (form === 'object') {
        // Objects are always read strictly.
        expect(refused(() => calculateTaxRate(query, account, ignore)).issues.map((i) => i.path.join('.'))).toEqual(['utm_source', 'fbclid', 'gclid', '_ga']);
      } else expect(calculateTaxRate(query, account, ignore), form).toEqual(plain);
    }
    for (const [form, query] of forms('to_country=DE&tax_cod=ebook&amount=100&utm_source=mail')) {
      // The misspelling alone is refused: the default tax code would be a wrong tax.
      expect(refused(() => calculateTaxRate(query, account, ignore)).issues.map((i) => i.message), form).toEqual(form === 'object' ? ['tax_cod: unknown parameter; did you mean tax_code?', 'utm_source: unknown parameter'] : ['tax_cod: unknown parameter; did you mean tax_code?']);
    }
    expect(refused(() => calculateTaxRate('to_country=DE&utm_source=x', account, { ...today, unknownParameters: 'reject' })).status).toBe(400);
  });

  it('stay a small error however many there are', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => `p${i}=1`).join('&');
    const e = refused(() => calculateTaxRate(`to_country=DE&${many}`, account));
    expect(e.issues).toHaveLength(21);
    expect(e.issues[20]).toEqual({ path: [], code: 'unknown_field', message: 'and 49980 more unknown parameters' });
    // Ignored, they are examined for misspellings up to a bound, beyond which the query is refused.
    const ignored = refused(() => calculateTaxRate(`to_country=DE&${many}`, account, { unknownParameters: 'ignore' }));
    expect(ignored.issues).toEqual([{ path: [], code: 'unknown_field', message: 'the query has more than 64 unknown parameters' }]);
    expect(calculateTaxRate(`to_country=DE&date=2026-06-01&${many.split('&').slice(0, 64).join('&')}`, account, { unknownParameters: 'ignore' }).country).toBe('DE');
  });
});

describe('object queries', () => {
  it('read only their own properties: a polluted Object.prototype or a chosen prototype adds no parameter', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.tax_code = 'exempt';
    proto.currency = 'XAU';
    try {
      const r = calculateTaxRate({ to_country: 'DE', amount: '100', date: '2026-06-01' }, account);
      expect(r).toMatchObject({ tax_code: 'eservice', rate: 19, tax_amount: 19 });
      const s = calculateTaxRate('to_country=DE&amount=100&date=2026-06-01', account);
      expect(s).toEqual(r);
    } finally {
      delete proto.tax_code;
      delete proto.currency;
    }
    const inherited = Object.create({ tax_code: 'exempt', to_country: 'FR' }) as TaxRateQuery;
    Object.assign(inherited, { to_country: 'DE', date: '2026-06-01' });
    expect(calculateTaxRate(inherited, account)).toMatchObject({ country: 'DE', tax_code: 'eservice', rate: 19 });
    expect(refused(() => calculateTaxRate(Object.create({ to_country: 'DE' }) as TaxRateQuery, account)).issues).toEqual([{ path: ['to_country'], code: 'missing', message: 'to_country is required' }]);
  });

  it('refuse a value that is not a string (an amount may be a finite number), naming it', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ tax_code: null }, 'tax_code must be a string, got null'],
      [{ tax_code: 7 }, 'tax_code must be a string, got 7'],
      [{ to_postal_code: 10115 }, 'to_postal_code must be a string, got 10115'],
      [{ tax_id: ['DE1'] }, 'tax_id must be a string, got an array'],
      [{ currency: { code: 'EUR' } }, 'currency must be a string, got an object'],
      [{ date: true }, 'date must be a string, got true'],
      [{ amount: Number.NaN }, 'amount must be a string or a finite number, got NaN'],
      [{ amount: Number.POSITIVE_INFINITY }, 'amount must be a string or a finite number, got Infinity'],
      [{ amount: 10n }, 'amount must be a string or a finite number, got 10n'],
      [{ amount: null }, 'amount must be a string or a finite number, got null'],
    ];
    for (const [extra, message] of cases) {
      const e = refused(() => calculateTaxRate({ to_country: 'DE', date: '2026-06-01', ...extra } as TaxRateQuery, account));
      expect(e.status).toBe(400);
      expect(e.issues).toEqual([{ path: Object.keys(extra), code: 'malformed', message }]);
    }
    // undefined is absent; a finite number is an amount.
    expect(calculateTaxRate({ to_country: 'DE', tax_code: undefined, amount: 100, date: '2026-06-01' }, account)).toMatchObject({ tax_code: 'eservice', tax_amount: 19 });
  });

  it('report a getter or proxy that throws as a malformed query, never another error', () => {
    const getter = { to_country: 'DE', date: '2026-06-01' } as TaxRateQuery;
    Object.defineProperty(getter, 'tax_code', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(refused(() => calculateTaxRate(getter, account)).issues).toEqual([{ path: ['tax_code'], code: 'malformed', message: 'tax_code cannot be read: reading it threw' }]);
    const keysThrow = new Proxy({}, { ownKeys: () => { throw new Error('boom'); } }) as TaxRateQuery;
    expect(refused(() => calculateTaxRate(keysThrow, account)).issues).toEqual([{ path: [], code: 'malformed', message: 'the query object cannot be read: listing its keys threw' }]);
    const { proxy, revoke } = Proxy.revocable({ to_country: 'DE' }, {});
    revoke();
    expect(refused(() => calculateTaxRate(proxy as TaxRateQuery, account)).status).toBe(400);
    // A proxy whose prototype cannot be read is still read as the object it is.
    const noProto = new Proxy({ to_country: 'DE', date: '2026-06-01' }, { getPrototypeOf: () => { throw new Error('boom'); } }) as TaxRateQuery;
    expect(calculateTaxRate(noProto, account).rate).toBe(19);
  });

  it('do not need a global URLSearchParams (bare edge runtimes lack it); query strings only for bad escapes', () => {
    const g = globalThis as { URLSearchParams?: unknown };
    const saved = g.URLSearchParams;
    delete g.URLSearchParams;
    try {
      expect(typeof URLSearchParams).toBe('undefined');
      expect(calculateTaxRate({ to_country: 'DE', tax_code: 'ebook', amount: '100', date: '2026-06-01' }, account).tax_amount).toBe(7);
      expect(calculateTaxRate('to_country=DE&tax_code=ebook&amount=100&date=2026-06-01', account).tax_amount).toBe(7);
      expect(refused(() => calculateTaxRate('to_country=DE&amount=1&amount=2', account)).issues.map((i) => i.message)).toEqual(['amount is given 2 times']);
      expect(refused(() => calculateTaxRate('to_country=DE&to_city=%C3', account)).issues).toEqual([{ path: [], code: 'malformed', message: 'the query string has a percent-escape that is not UTF-8' }]);
    } finally {
      g.URLSearchParams = saved;
    }
    expect(typeof URLSearchParams).toBe('function');
  });

  it('of another type are refused, not read', () => {
    for (const q of [null, undefined, 42, true, () => 'to_country=DE']) {
      expect(refused(() => calculateTaxRate(q as unknown as TaxRateQuery, account)).issues).toEqual([{ path: [], code: 'malformed', message: 'the query must be a query string, URLSearchParams or an object' }]);
    }
  });
});

describe('values', () => {
  it('a blank parameter is refused (400) in every form, never read as absent', () => {
    for (const text of ['currency=', 'currency=+', 'currency=%20%09', 'currency']) {
      for (const [form, query] of forms(`to_country=DE&amount=100&date=2026-06-01&${text}`)) {
        const e = refused(() => calculateTaxRate(query, registeredEverywhere('IE', undefined, 'USD')));
        expect(e.issues, `${form} ${text}`).toEqual([{ path: ['currency'], code: 'malformed', message: 'currency is blank: give it a value or leave it out' }]);
      }
    }
    // Every parameter, alike.
    for (const p of TAX_RATE_PARAMETERS) {
      const e = refused(() => calculateTaxRate(p.name === 'to_country' ? 'to_country=' : `to_country=DE&${p.name}=+`, account));
      expect(e.status, p.name).toBe(400);
      expect(e.issues.map((i) => [i.path.join('.'), i.code]), p.name).toEqual([[p.name, 'malformed']]);
    }
    expect(refused(() => calculateTaxRate({ to_country: 'US', to_postal_code: ' ' }, account)).issues.map((i) => i.message)).toEqual(['to_postal_code is blank: give it a value or leave it out']);
  });

  it('a negative amount is refused (400), naming the refund forms, never answered as a sale', () => {
    for (const amount of ['-5.00', '-0.01', -5]) {
      const e = refused(() => calculateTaxRate({ to_country: 'DE', amount, date: '2026-06-01' }, account));
      expect([e.status, e.issues]).toEqual([400, [{ path: ['amount'], code: 'malformed', message: `amount ${amount} is negative: a quote prices a sale; a refund is a credit note (POST /credits) or a refund transaction` }]]);
    }
    expect(calculateTaxRate({ to_country: 'DE', amount: '0', date: '2026-06-01' }, account).tax_amount).toBe(0);
    expect(calculateTaxRate({ to_country: 'DE', amount: '-0', date: '2026-06-01' }, account).tax_amount).toBe(0);
    const line = refused(() => calculate({ customer_address: { country: 'DE' }, tax_date: 1780315200, line_items: [{ reference: 'a', amount: '10.00' }, { reference: 'b', amount: '-5.00' }] }, account));
    expect(line.issues).toEqual([{ path: ['line_items', 1, 'amount'], code: 'malformed', message: 'line_items.1.amount "-5.00" is negative: a calculation prices a sale; a refund is a transaction of transaction_type refund' }]);
  });

  it('are trimmed; repeated ones are refused (400) in every form', () => {
    expect(calculateTaxRate({ to_country: ' de ', tax_code: 'ebook\t' as 'ebook', amount: ' 100 ', date: '2026-06-01' }, account).tax_amount).toBe(7);
    for (const [form, query] of forms('to_country=DE&currency=EUR&currency=USD&date=2026-06-01')) {
      if (form === 'object') continue;
      expect(refused(() => calculateTaxRate(query, account)).issues, form).toEqual([{ path: ['currency'], code: 'malformed', message: 'currency is given 2 times' }]);
    }
  });

  it('quote the input cut short: a 1 MB value or name keeps the error under 2 kB', () => {
    const huge = 'x'.repeat(1 << 20);
    for (const p of TAX_RATE_PARAMETERS) {
      const query = p.name === 'to_country' ? { to_country: huge } : { to_country: 'DE', [p.name]: huge };
      for (const form of [query, new URLSearchParams(query as Record<string, string>), new URLSearchParams(query as Record<string, string>).toString()]) {
        const e = refused(() => calculateTaxRate(form as TaxRateQuery, account));
        expect(e.status, p.name).toBe(400);
        expect(e.issues.map((i) => i.path.join('.'))).toEqual([p.name]);
        expect(JSON.stringify(e.toJSON()).length, p.name).toBeLessThan(2000);
      }
    }
    const unknown = refused(() => calculateTaxRate(`to_country=DE&${huge}=1`, account));
    expect(JSON.stringify(unknown.toJSON()).length).toBeLessThan(2000);
    expect(unknown.issues[0]?.path[0]).toMatch(/^x{63}…$/);
    const digits = refused(() => calculateTaxRate({ to_country: 'DE', amount: '1'.repeat(1 << 20) }, account));
    expect(digits.issues[0]?.message).toMatch(/^amount is longer than 400 characters \(1048576\): "1{58}…$/);
  });

  it('say what a malformed value must be, and what an invalid one may be', () => {
    const messages = (q: TaxRateQuery | string) => refused(() => calculateTaxRate(q, account)).issues.map((i) => `${i.code}: ${i.message}`);
    expect(messages({ to_country: 'Germany', from_country: 'D1', date: '2026-6-1', amount: '1,5', currency: 'EURO' })).toEqual([
      'malformed: to_country must be a 2-letter ISO 3166-1 code, got "Germany"',
      'malformed: from_country must be a 2-letter ISO 3166-1 code, got "D1"',
      'malformed: date must be a calendar date YYYY-MM-DD, got "2026-6-1"',
      'malformed: amount must be a decimal number such as 100 or 99.95, got "1,5"',
      'malformed: currency must be a 3-letter ISO 4217 code, got "EURO"',
    ]);
    expect(messages('to_country=QQ&tax_code=ebok&tax_behavior=gross&product_type=goods')).toEqual([
      'invalid_value: to_country QQ is not an ISO 3166-1 country code',
      `invalid_value: tax_code must be one of: consulting, eservice, ebook, saas, standard, reduced, exempt … and ${ALL_TAX_CODES.length - 7} more (listTaxCodes() or GET /tax_codes lists them); got "ebok"; did you mean ebook?`,
      'invalid_value: tax_behavior must be one of: exclusive, inclusive; got "gross"',
      'invalid_value: product_type must be one of: good, service; got "goods"; did you mean good?',
    ]);
    expect(messages({ to_country: 'DE', to_city: 'y'.repeat(201) })).toEqual([`malformed: to_city is longer than 200 characters (201): "${'y'.repeat(58)}…`]);
  });
});

describe('parseTaxRateQuery and explainTaxRate', () => {
  it('read the same table', () => {
    const input = parseTaxRateQuery('to_country=el&from_country=IE&to_postal_code=10431&to_city=Athens&to_street=Odos 1&tax_id=EL094014201&tax_code=saas&tax_behavior=inclusive&product_type=service&date=2026-06-01&amount=12.40&currency=usd', account);
    expect(input).toMatchObject({
      date: '2026-06-01',
      destination: { country: 'GR', postalCode: '10431', city: 'Athens', street: 'Odos 1' },
      taxCode: 'saas',
      productType: 'service',
      taxBehavior: 'inclusive',
      amount: '12.40',
      currency: 'USD',
      customerTaxId: { value: 'EL094014201' },
    });
    expect(() => explainTaxRate('to_country=DE&tax_cod=ebook', account)).toThrow(TaxRulesError);
  });
});
