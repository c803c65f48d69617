/**
 * Inputs that cannot lie: only own fields are read, and whatever a caller hands over — an
 * inherited field, a getter or Proxy trap that throws, an array or a BigInt where an object or
 * a number belongs, options of the wrong type — is answered or refused with a TaxRulesError,
 * never a TypeError or a RangeError.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { MAX_LISTED_ISSUES } from '../src/core/errors.js';
import {
  calculate,
  calculateTaxRate,
  checkRuleData,
  createCalculator,
  createRuleSet,
  createTaxIdValidator,
  determine,
  explainTaxRate,
  getJurisdiction,
  getTaxCode,
  listJurisdictions,
  listTaxCodes,
  MAX_TAX_DATE,
  negotiateVersion,
  packRuleData,
  parseTaxRateQuery,
  prepareAccount,
  TaxRulesError,
} from '../src/index.js';
import { isPlainValidAccount } from '../src/adapters/account.js';
import { isPlainValidRequest } from '../src/adapters/v20260309.js';
import { accountSchema, calculationRequestSchema } from '../src/schemas.js';
import { nexusStatus, resolveEvidence, thresholdEvents } from '../src/index.js';
import { diffCorpus, diffRules, samplePostalCode } from '../src/testing.js';
import { toNodeListener } from '../src/http.js';
import { miniRuleData } from './support/mini-rules.js';
import { requestSchemas } from '../src/adapters/schemas.js';
import { refused } from './helpers.js';

const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };
const request = { customer_address: { country: 'DE' }, tax_date: Date.UTC(2026, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '100.00' }] };
const query = { to_country: 'DE', date: '2026-06-01', amount: '100' };
const boom = (): never => {
  throw new Error('boom');
};

describe('fields inherited from a prototype', () => {
  it('are not fields: a request or an account with its country on a prototype has none', () => {
    const body = Object.assign(Object.create({ customer_address: { country: 'DE' } }), { line_items: request.line_items });
    expect(refused(() => calculate(body, account)).issues).toEqual([{ path: ['customer_address'], code: 'missing', message: 'customer_address is required' }]);
    const seller = Object.assign(Object.create({ country: 'IE' }), { currency: 'EUR', registrations: [] });
    for (const call of [() => calculate(request, seller), () => calculateTaxRate(query, seller), () => prepareAccount(seller)]) {
      expect(refused(call).issues).toEqual([{ path: ['account', 'country'], code: 'missing', message: 'account.country is required' }]);
    }
    const registration = Object.assign(Object.create({ valid_from: '2030-01-01' }), { jurisdiction_id: 276 });
    expect(prepareAccount({ ...account, registrations: [registration] }).registrations[0]?.validFrom).toBeUndefined();
  });

  it('include an own "__proto__" (as JSON.parse makes it): an unknown field, refused', () => {
    const seller = JSON.parse('{"country":"IE","currency":"EUR","registrations":[{"jurisdiction_id":276,"__proto__":{"valid_from":"2030-01-01"}}]}') as typeof account;
    expect(refused(() => prepareAccount(seller)).issues).toEqual([
      { path: ['account', 'registrations', 0, '__proto__'], code: 'unknown_field', message: 'account.registrations.0.__proto__: unknown field' },
    ]);
    const body = JSON.parse('{"customer_address":{"country":"DE"},"line_items":[{"reference":"a","amount":"1"}],"__proto__":{"tax_date":0}}') as unknown;
    expect(refused(() => calculate(body, account)).field).toBe('__proto__');
  });

  it('read from objects without a prototype as from any other', () => {
    const bare = <T extends object>(o: T): T => Object.assign(Object.create(null), o);
    const body = bare({ ...request, customer_address: bare(request.customer_address), line_items: [bare(request.line_items[0] as object)] });
    const seller = bare({ ...account, registrations: [bare({ jurisdiction_id: 276 })] });
    expect(calculate(body as typeof request, seller)).toEqual(calculate(request, account));
    expect(calculateTaxRate(bare(query), seller)).toEqual(calculateTaxRate(query, account));
  });
});

describe('getters and Proxies', () => {
  it('that throw are a 400 naming what could not be read, the exception kept as the cause', () => {
    const seller = { ...account, get currency(): string {
      throw new Error('boom');
    } };
    for (const call of [() => calculate(request, seller), () => calculateTaxRate(query, seller), () => explainTaxRate(query, seller), () => prepareAccount(seller)]) {
      const e = refused(call);
      expect([e.status, e.issues[0]?.path, e.issues[0]?.code, e.message]).toEqual([400, ['account'], 'malformed', 'account could not be read: Error: boom']);
      expect((e as { cause?: unknown }).cause).toEqual(new Error('boom'));
    }
    const body = { ...request, get currency(): string {
      return boom();
    } };
    expect(refused(() => calculate(body, account)).message).toBe('the input could not be read: Error: boom');
    const line = { reference: 'a', get amount(): string {
      return boom();
    } };
    expect(refused(() => calculate({ ...request, line_items: [line] }, account)).status).toBe(400);
  });

  it("of a class's prototype are not fields: its instance is read as its own fields, whatever its getters do", () => {
    class Line {
      reference = 'a';
      amount = '100.00';
      get tax_code(): 'ebook' {
        return 'ebook';
      }
    }
    class Body {
      customer_address = { country: 'DE' };
      tax_date = request.tax_date;
      line_items = [new Line()];
      get currency(): string {
        return 'USD';
      }
    }
    const plain = calculate(request, account);
    expect(plain.line_items[0]?.taxes[0]?.rate).toBe('19');
    expect(calculate({ ...request, line_items: [new Line()] }, account)).toEqual(plain);
    expect(calculate(new Body() as typeof request, account)).toEqual(plain);
    class Throwing extends Line {
      override get tax_code(): 'ebook' {
        return boom();
      }
    }
    expect(calculate({ ...request, line_items: [new Throwing()] }, account)).toEqual(plain);
    // Only own fields are read: a Proxy whose other traps forward is read as its target.
    expect(calculate(new Proxy(request, { getPrototypeOf: boom }), account)).toEqual(plain);
    expect(calculate({ ...request, line_items: [new Proxy(request.line_items[0] as object, { getPrototypeOf: boom }) as Line] }, account)).toEqual(plain);
  });

  it('whose traps throw are a 400; one that only forwards is read as its target', () => {
    const traps: ProxyHandler<object>[] = [{ ownKeys: boom }, { get: boom }, { getPrototypeOf: boom }, { getOwnPropertyDescriptor: boom }, { has: boom }];
    for (const handler of traps) {
      for (const call of [
        () => calculate(new Proxy(request, handler) as typeof request, account),
        () => calculate({ ...request, customer_address: new Proxy(request.customer_address, handler) as typeof request.customer_address }, account),
        () => calculate(request, new Proxy(account, handler) as typeof account),
        () => calculateTaxRate(new Proxy(query, handler) as typeof query, account),
        () => calculate(request, account, new Proxy({}, handler)),
        () => createCalculator(new Proxy({}, handler)),
        () => listJurisdictions(new Proxy({}, handler)),
      ]) {
        try {
          call();
        } catch (e) {
          expect(e).toBeInstanceOf(TaxRulesError);
          expect((e as TaxRulesError).status).toBe(400);
        }
      }
    }
    expect(calculate(new Proxy(request, {}), new Proxy(account, {}))).toEqual(calculate(request, account));
    // A revoked Proxy throws on every operation, Array.isArray included.
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    for (const call of [() => createCalculator(revoked.proxy), () => calculate(request, account, revoked.proxy), () => listJurisdictions(revoked.proxy), () => prepareAccount(revoked.proxy as never)]) {
      expect(refused(call).status).toBe(400);
    }
  });
});

describe('an account read once', () => {
  it('uses the values it checked: a getter runs once per field, whatever it answers later', () => {
    for (const [field, first, later] of [
      ['default_product_type', 'good', new Map()],
      ['default_tax_code', 'saas', 'nonsense'],
      ['currency', 'EUR', 42],
    ] as const) {
      let reads = 0;
      const account: Record<string, unknown> = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }] };
      Object.defineProperty(account, field, { enumerable: true, get: () => (++reads === 1 ? first : later) });
      const r = explainTaxRate({ to_country: 'IE', date: '2026-06-01' }, account as never, { cache: false });
      expect(reads, field).toBe(1);
      expect([r.taxCode, r.productType, r.currency], field).toEqual([field === 'default_tax_code' ? 'saas' : 'eservice', field === 'default_product_type' ? 'good' : 'service', 'EUR']);
    }
  });
});

describe('values of the wrong kind', () => {
  it('an object whose length is no number where a list belongs is refused (400), never the schema’s exception', () => {
    const seller = { country: 'DE', currency: 'EUR', registrations: [] };
    for (const length of [Object.create(null) as unknown, { valueOf: () => { throw new Error('no'); } }, new String('')]) {
      for (const body of [{ customer_address: { country: 'DE' }, customer_tax_ids: { length }, line_items: [] }, { customer_address: { country: 'DE' }, line_items: { length } }]) {
        const e = refused(() => calculate(body as never, seller));
        // Refused by the schema's type check, not by an exception it threw (no cause).
        expect([e.status, (e as { cause?: unknown }).cause]).toEqual([400, undefined]);
      }
    }
  });

  it('an array where an object belongs is refused (400), wherever it is', () => {
    for (const [body, path] of [
      [[], ''],
      [{ ...request, customer_address: ['DE'] }, 'customer_address'],
      [{ ...request, origin_address: [] }, 'origin_address'],
      [{ ...request, line_items: [['a', '1']] }, 'line_items.0'],
    ] as const) {
      const e = refused(() => calculate(body as never, account));
      expect([e.status, e.issues.map((i) => i.path.join('.'))]).toEqual([400, [path]]);
    }
    expect(refused(() => prepareAccount([] as never)).field).toBe('account');
    expect(refused(() => prepareAccount({ ...account, registrations: [[276]] } as never)).field).toBe('account.registrations.0');
  });

  it('a BigInt where a number belongs is refused (400)', () => {
    expect(refused(() => calculate({ ...request, tax_date: 1_780_315_200n } as never, account)).issues[0]).toMatchObject({ path: ['tax_date'], code: 'malformed' });
    expect(refused(() => calculate({ ...request, line_items: [{ reference: 'a', amount: '1', quantity: 2n }] } as never, account)).field).toBe('line_items.0.quantity');
    expect(refused(() => prepareAccount({ ...account, registrations: [{ jurisdiction_id: 276n }] } as never)).field).toBe('account.registrations.0.jurisdiction_id');
    expect(refused(() => getJurisdiction(276n as never)).status).toBe(400);
  });

  it('a sparse array of a hostile length is refused at once, not walked', () => {
    const lines: unknown[] = [];
    lines.length = 2 ** 32 - 1;
    const started = performance.now();
    expect(refused(() => calculate({ ...request, line_items: lines } as never, account)).status).toBe(400);
    const registrations: unknown[] = [];
    registrations.length = 2 ** 32 - 1;
    expect(refused(() => prepareAccount({ ...account, registrations } as never)).status).toBe(400);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an object of many unknown fields lists the first ones and counts the rest, within what an error lists', () => {
    const extra = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`x${i}`, i]));
    const e = refused(() => calculate({ ...request, ...extra } as never, account));
    expect(e.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(e.issues[MAX_LISTED_ISSUES - 1]).toEqual({ path: [], code: 'unknown_field', message: `input: ${1001 - MAX_LISTED_ISSUES} more unknown fields` });
  });
});

describe('an object of 100,000 unknown fields', () => {
  // Named one by one they cost a suggestion each (seconds): the first are named, the rest counted in one issue.
  const extra = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`x${i}`, i]));
  const sale = { date: '2026-01-01', amount: '1', currency: 'EUR', country: 'FR' };

  it('is refused naming its first unknown fields and counting the rest, wherever it is read', () => {
    for (const [call, at] of [
      [() => resolveEvidence(extra as never, {} as never), 'evidence'],
      [() => resolveEvidence({} as never, extra as never), 'context'],
      [() => thresholdEvents([], { sellerCountry: 'IE', ...extra } as never), 'options'],
      [() => thresholdEvents([{ ...sale, ...extra }] as never, { sellerCountry: 'IE' }), 'sales.0'],
    ] as const) {
      const e = refused(call);
      expect(e.status).toBe(400);
      expect(e.issues).toHaveLength(MAX_LISTED_ISSUES);
      expect(e.issues[0]?.message).toBe(`${at}.x0: unknown field`);
      expect(e.issues[MAX_LISTED_ISSUES - 1]?.message).toBe(`${at}: ${100_000 - (MAX_LISTED_ISSUES - 1)} more unknown fields`);
    }
  });
});

describe('tax_date', () => {
  const at = (tax_date: number) => ({ ...request, tax_date });

  it(`runs to the last second of year 9999 (${MAX_TAX_DATE}), not to a RangeError`, () => {
    expect(MAX_TAX_DATE).toBe(Date.UTC(9999, 11, 31, 23, 59, 59) / 1000);
    expect(calculate(at(MAX_TAX_DATE), account).tax_context.tax_date).toBe('9999-12-31');
    for (const late of [MAX_TAX_DATE + 1, 8_640_000_086_400, Number.MAX_SAFE_INTEGER]) {
      expect(isPlainValidRequest(at(late))).toBe(false);
      expect(calculationRequestSchema.safeParse(at(late)).success).toBe(false);
      const e = refused(() => calculate(at(late), account));
      expect(e.issues).toEqual([{ path: ['tax_date'], code: 'malformed', message: `tax_date: must be at most ${MAX_TAX_DATE} (9999-12-31T23:59:59Z)` }]);
    }
  });

  it('has its range in the published JSON Schema', () => {
    const json = z.toJSONSchema(requestSchemas().request, { io: 'input', target: 'draft-2020-12' }) as unknown as { properties: { tax_date: object }; additionalProperties: unknown };
    expect(json.properties.tax_date).toEqual({ type: 'integer', minimum: 0, maximum: MAX_TAX_DATE });
    expect(json.additionalProperties).toBe(false);
  });
});

describe('options', () => {
  it('absent or null are the defaults', () => {
    expect(calculate(request, account, null)).toEqual(calculate(request, account));
    expect(calculateTaxRate(query, account, null)).toEqual(calculateTaxRate(query, account));
    expect(explainTaxRate(query, account, null)).toEqual(explainTaxRate(query, account));
    expect(parseTaxRateQuery(query, account, null)).toEqual(parseTaxRateQuery(query, account));
    const calculator = createCalculator(null);
    expect(calculator.calculate(request, account, null)).toEqual(calculate(request, account));
    expect(calculator.calculateTaxRate(query, account, null)).toEqual(calculateTaxRate(query, account));
    expect(calculator.explainTaxRate(query, account, undefined)).toEqual(explainTaxRate(query, account));
    expect(listJurisdictions(null)).toEqual(listJurisdictions());
    expect(prepareAccount(account, null)).toEqual(prepareAccount(account));
  });

  it('that are not an object are a 400 naming options', () => {
    const calculator = createCalculator();
    for (const bad of [5, 'x', true, [], 1n, boom]) {
      for (const call of [
        () => calculate(request, account, bad as never),
        () => calculateTaxRate(query, account, bad as never),
        () => explainTaxRate(query, account, bad as never),
        () => parseTaxRateQuery(query, account, bad as never),
        () => createCalculator(bad as never),
        () => calculator.calculate(request, account, bad as never),
        () => calculator.calculateTaxRate(query, account, bad as never),
        () => calculator.explainTaxRate(query, account, bad as never),
      ]) {
        const e = refused(call);
        expect([e.status, e.field, e.issues[0]?.code]).toEqual([400, 'options', 'malformed']);
        expect(e.message).toMatch(/^options must be an object, got /);
      }
    }
  });

  it('unknown or of the wrong type are refused (400), not ignored', () => {
    expect(refused(() => calculate(request, account, { cach: false } as never)).issues).toEqual([
      { path: ['options', 'cach'], code: 'unknown_field', message: 'options.cach: unknown option; did you mean cache?' },
    ]);
    expect(refused(() => createCalculator({ cacheByte: 0 } as never)).issues[0]?.message).toBe('options.cacheByte: unknown option; did you mean cacheBytes?');
    const wrong = refused(() => calculate(request, account, { cache: 'no', now: '2026', taxIdVerdict: true, rules: {} } as never));
    expect(wrong.issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['options.rules', 'malformed'],
      ['options.now', 'malformed'],
      ['options.taxIdVerdict', 'malformed'],
      ['options.cache', 'malformed'],
    ]);
    for (const cacheBytes of [-1, Number.NaN, Number.POSITIVE_INFINITY, '1']) expect(refused(() => createCalculator({ cacheBytes } as never)).field).toBe('options.cacheBytes');
    expect(refused(() => createCalculator({ rules: { world: {} } } as never)).field).toBe('options.rules');
    expect(refused(() => prepareAccount(account, 5 as never)).field).toBe('rules');
  });

  it('callbacks that throw or answer nonsense are a 400 naming them, not a RangeError or a consumer', () => {
    const undated = { customer_address: { country: 'DE' }, line_items: request.line_items };
    for (const now of [boom, () => 8_640_000_086_400, () => Number.NaN, () => 'today' as never, -1]) {
      expect(refused(() => calculate(undated, account, { now })).field).toBe('options.now');
    }
    const business = { ...request, customer_tax_id: 'DE811569869' };
    for (const taxIdVerdict of [boom, () => 'yes' as never]) {
      expect(refused(() => calculate(business, account, { taxIdVerdict })).field).toBe('options.taxIdVerdict');
    }
    expect(calculate(business, account, { taxIdVerdict: () => 'valid' }).tax_id_validation?.valid).toBe(true);
  });
});

describe('the catalog and version negotiation', () => {
  it('refuse a filter or an id of the wrong kind (400); an unknown id is a 404', () => {
    expect(refused(() => listJurisdictions('x' as never)).message).toBe('the filter must be an object { country?, region? }, got "x"');
    expect(refused(() => listJurisdictions({ contry: 'DE' } as never)).issues).toEqual([{ path: ['contry'], code: 'unknown_field', message: 'contry: unknown parameter; did you mean country?' }]);
    expect(refused(() => listJurisdictions({ country: 276 } as never)).field).toBe('country');
    for (const id of ['abc', 1.5, '276', Number.NaN, null, 276n]) {
      const e = refused(() => getJurisdiction(id as never));
      expect([e.status, e.field, e.issues[0]?.code]).toEqual([400, 'id', 'malformed']);
    }
    expect(refused(() => getJurisdiction(1)).status).toBe(404);
    expect(refused(() => getTaxCode(5 as never)).status).toBe(400);
    const unknownCode = refused(() => getTaxCode('eboook'));
    expect([unknownCode.status, unknownCode.message]).toEqual([404, `no tax code "eboook"; did you mean ebook? the tax code must be one of: consulting, ebook, eservice, exempt, reduced, saas, standard … and ${listTaxCodes().length - 7} more (listTaxCodes() or GET /tax_codes lists them)`]);
    expect(refused(() => listTaxCodes('rules' as never)).field).toBe('rules');
  });

  it('refuses a header or an account version that is not a string (400)', () => {
    const e = refused(() => negotiateVersion(5 as never, {} as never));
    expect([e.status, e.issues.map((i) => i.path.join('.'))]).toEqual([400, ['headers.accept', 'account.api_version']]);
    expect(refused(() => negotiateVersion(null, undefined as never)).issues).toEqual([
      { path: ['account', 'api_version'], code: 'missing', message: "the account's API version is required (one of 20241028, 20260309)" },
    ]);
    expect(refused(() => negotiateVersion('application/json; api_version: 1999', '20241028')).status).toBe(406);
  });
});

describe('an account changed after preparation', () => {
  it('is refused when it gains a field it does not have, not served from the cache', () => {
    const seller = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };
    expect(calculate(request, seller).total_tax).toBe('19.00');
    (seller.registrations[0] as Record<string, unknown>).valid_form = '2030-01-01';
    expect(refused(() => calculate(request, seller)).field).toBe('account.registrations.0.valid_form');
    delete (seller.registrations[0] as Record<string, unknown>).valid_form;
    (seller as Record<string, unknown>).curency = 'USD';
    expect(refused(() => calculateTaxRate(query, seller)).field).toBe('account.curency');
  });

  it('is read again when a field that held undefined gives way to another, which the count of fields does not show', () => {
    // Calculated twice: an account seen again is kept with what was read of it, and compared on every later call.
    const seller: Record<string, unknown> = { country: 'IE', currency: 'EUR', region: undefined, registrations: [{ jurisdiction_id: 276, valid_until: undefined }] };
    const registration = (seller.registrations as Record<string, unknown>[])[0]!;
    for (let k = 0; k < 2; k++) expect(calculate(request, seller as never).total_tax).toBe('19.00');
    delete registration.valid_until;
    registration.valid_untl = '2020-01-01';
    expect(refused(() => calculate(request, seller as never)).field).toBe('account.registrations.0.valid_untl');
    delete registration.valid_untl;
    // created_at, compared only when some registration had one: read with the registration's other fields.
    registration.valid_until = undefined;
    for (let k = 0; k < 2; k++) expect(calculate(request, seller as never).total_tax).toBe('19.00');
    delete registration.valid_until;
    registration.created_at = Date.UTC(2027, 0, 1) / 1000;
    const fresh = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276, created_at: Date.UTC(2027, 0, 1) / 1000 }] };
    expect(calculate(request, fresh).total_tax).not.toBe('19.00');
    expect(calculate(request, seller as never)).toEqual(calculate(request, fresh));
    delete registration.created_at;
    for (let k = 0; k < 2; k++) expect(calculate(request, seller as never).total_tax).toBe('19.00');
    delete seller.region;
    seller.regoin = 'Dublin';
    expect(refused(() => calculate(request, seller as never)).field).toBe('account.regoin');
  });
});

describe('every public function', () => {
  // Hostile values are made inside the property (fast-check would trip on a Proxy printing a counterexample).
  const specials: (() => unknown)[] = [
    () => new Proxy({}, { ownKeys: boom }),
    () => new Proxy([], { get: boom }),
    () => new Proxy(request, { getOwnPropertyDescriptor: boom }),
    () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
    () => {
      const { proxy, revoke } = Proxy.revocable([], {});
      revoke();
      return proxy;
    },
    () => ({ get country(): string {
      return boom();
    } }),
    () => Object.create({ country: 'IE', currency: 'EUR', registrations: [] }),
    () => ({ ...account, registrations: [{ jurisdiction_id: 276, valid_form: '2030-01-01' }] }),
    () => ({ ...request, tax_date: 8_640_000_086_400 }),
    () => ({ to_country: 'DE', date: '99999-01-01' }),
    () => account,
    () => request,
    () => query,
  ];
  class Special {
    constructor(readonly index: number) {}
  }
  const hostile = fc.oneof(
    fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true, withBoxedValues: true, withSparseArray: true, withMap: true, withDate: true, maxDepth: 3 }),
    fc.nat(specials.length - 1).map((i) => new Special(i)),
  );
  const real = (v: unknown): unknown => (v instanceof Special ? (specials[v.index] as () => unknown)() : v);

  it('answers or throws a TaxRulesError, whatever it is given', () => {
    const calculator = createCalculator();
    const calls: ((a: unknown, b: unknown, c: unknown) => unknown)[] = [
      (a, b, c) => calculate(a as never, b as never, c as never),
      (a, b, c) => calculateTaxRate(a as never, b as never, c as never),
      (a, b, c) => explainTaxRate(a as never, b as never, c as never),
      (a, b, c) => parseTaxRateQuery(a as never, b as never, c as never),
      (a, b) => prepareAccount(a as never, b as never),
      (a, b) => determine(a as never, b as never),
      (a, b) => listJurisdictions(a as never, b as never),
      (a, b) => getJurisdiction(a as never, b as never),
      (a, b) => getTaxCode(a as never, b as never),
      (a, b) => negotiateVersion(a as never, b as never),
      (a) => createCalculator(a as never),
      (a, b, c) => calculator.calculate(a as never, b as never, c as never),
      (a, b, c) => calculator.calculateTaxRate(a as never, b as never, c as never),
      (a) => calculator.determine(a as never),
      (a) => calculator.prepareAccount(a as never),
      (a) => createRuleSet(a as never),
      (a) => packRuleData(a as never),
      (a) => checkRuleData(a as never),
      (a, b) => createTaxIdValidator(a as never, b as never),
      (a) => samplePostalCode(a as never),
      (a, b) => nexusStatus(a as never, b as never),
      (a, b) => toNodeListener(a as never, b as never),
      (a, b) => toNodeListener(() => Promise.resolve(new Response()), b as never),
      (a, b, c) => diffRules(a as never, b as never, null, c as never),
      (a, b) => diffRules(miniRuleData, miniRuleData, a as never, b as never),
      (a) => {
        // The Standard Schema interface answers at once, never a Promise, and never throws.
        const r = accountSchema['~standard'].validate(a);
        if (r instanceof Promise) throw new Error('~standard.validate answered a Promise');
      },
    ];
    fc.assert(
      fc.property(fc.nat(calls.length - 1), hostile, hostile, fc.oneof(fc.constant(undefined), hostile), (k, a, b, c) => {
        try {
          (calls[k] as (a: unknown, b: unknown, c: unknown) => unknown)(real(a), real(b), real(c));
        } catch (e) {
          if (!(e instanceof TaxRulesError)) throw new Error(`call ${k} threw ${String(e)}`);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('revoked Proxies and rule data changed after it was loaded', () => {
  const revoked = (target: object): never => {
    const { proxy, revoke } = Proxy.revocable(target, {});
    revoke();
    return proxy as never;
  };

  it('are a TaxRulesError (400) wherever they are given, never a TypeError', () => {
    const handler = () => Promise.resolve(new Response());
    for (const call of [
      () => toNodeListener(revoked({})),
      () => toNodeListener(revoked(handler)),
      () => toNodeListener(handler, revoked({})),
      () => toNodeListener(handler, revoked([])),
      () => samplePostalCode(revoked({})),
      () => samplePostalCode(revoked([])),
      () => nexusStatus(revoked({})),
      () => nexusStatus({ sales: [] } as never, revoked({})),
      () => diffRules(revoked({}), miniRuleData),
      () => diffRules(miniRuleData, miniRuleData, revoked([])),
      () => diffRules(miniRuleData, miniRuleData, null, revoked({})),
    ]) {
      expect(refused(call).status).toBe(400);
    }
  });

  it('diffRules and diffCorpus refuse rule data changed after it was loaded (400), and keep onProgress’s own exception', () => {
    const changes: ((d: { countries: { jurisdictions: { taxes: { rates: Record<string, unknown> }[] | null }[] }[] }) => void)[] = [
      (d) => {
        for (const j of d.countries[0]!.jurisdictions) j.taxes = null;
      },
      (d) => {
        for (const j of d.countries[0]!.jurisdictions) for (const t of j.taxes ?? []) for (const k of Object.keys(t.rates)) t.rates[k] = 'x';
      },
    ];
    for (const change of changes) {
      const data = structuredClone(miniRuleData);
      createRuleSet(data);
      change(data as never);
      for (const call of [() => diffRules(data, miniRuleData), () => diffRules(miniRuleData, data), () => diffCorpus(data, miniRuleData)]) {
        try {
          call();
        } catch (e) {
          expect(e).toBeInstanceOf(TaxRulesError);
          expect((e as TaxRulesError).status).toBe(400);
        }
      }
      expect(() => diffRules(data, miniRuleData)).toThrow(TaxRulesError);
    }
    const mine = new Error('stop');
    expect(() => diffRules(miniRuleData, miniRuleData, null, { onProgress: () => { throw mine; } })).toThrow(mine);
  });

  it('~standard.validate answers synchronously, even for a value that throws while it is read', () => {
    const throwing = { country: 'IE', currency: 'EUR', get registrations(): never {
      throw new Error('no registrations');
    } };
    for (const value of [throwing, revoked({}), new Proxy({}, { ownKeys: boom }), { country: 'IE', currency: 'EUR', registrations: [] }, 5]) {
      const r = accountSchema['~standard'].validate(value);
      expect(r).not.toBeInstanceOf(Promise);
    }
    const r = accountSchema['~standard'].validate(throwing) as { issues: { message: string }[] };
    expect(r.issues[0]?.message).toContain('no registrations');
    expect(accountSchema['~standard'].validate({ country: 'IE', currency: 'EUR', registrations: [] })).toEqual({ value: { country: 'IE', currency: 'EUR', registrations: [] } });
  });
});

describe('rule data and tax-ID modules that cannot be read', () => {
  it('are a 400 naming them and what they lack, never a TypeError of ours', () => {
    for (const [call, field] of [
      [() => createRuleSet(null as never), 'data'],
      [() => checkRuleData(5 as never), 'data'],
      [() => packRuleData({} as never), 'data.world'],
      [() => checkRuleData({ world: { countries: [] }, currencies: { currencies: [] }, taxCodes: { tax_codes: [] }, regimes: [], countries: [5], territories: [] } as never), 'data.countries.0'],
    ] as const) {
      const e = refused(call);
      expect([e.status, e.field]).toEqual([400, field]);
      expect(e.message).not.toMatch(/TypeError/);
    }
    expect(refused(() => createTaxIdValidator(5 as never)).field).toBe('modules');
  });
});

describe('error bodies', () => {
  const MB = 'x'.repeat(2 ** 20);
  const digits = `1.${'0'.repeat(2 ** 20)}1`;
  const size = (call: () => unknown): number => JSON.stringify(refused(call).toJSON()).length;

  it('stay under 2 kB for a 1 MB field of an account, whichever it is', () => {
    const us = { country: 'US', currency: 'USD', registrations: [{ jurisdiction_id: 840048 }] };
    const bad = [
      { ...account, country: MB },
      { ...account, currency: MB },
      { ...us, postal_code: MB },
      { ...us, region: MB },
      { ...account, default_tax_code: MB },
      { ...account, registrations: [{ jurisdiction_id: MB }] },
      { ...account, registrations: [{ jurisdiction_id: 276, valid_from: MB }] },
      { ...account, [MB]: 1 },
      { ...account, registrations: [{ jurisdiction_id: 276, [MB]: 1 }] },
    ];
    for (const seller of bad) {
      expect(size(() => calculate(request, seller as never))).toBeLessThan(2048);
      expect(size(() => prepareAccount(seller as never))).toBeLessThan(2048);
    }
  });

  it('stay under 2 kB for a 1 MB field of a request, whichever it is', () => {
    const line = request.line_items[0] as object;
    const bad = [
      { ...request, line_items: [{ reference: 'a', amount: digits }] },
      { ...request, line_items: [{ reference: 'a', amount: MB }] },
      { ...request, line_items: [{ reference: MB, amount: '1' }] },
      { ...request, line_items: [{ ...line, tax_code: MB }] },
      { ...request, line_items: [{ ...line, [MB]: 1 }] },
      { ...request, customer_address: { country: MB } },
      { ...request, customer_address: { country: 'US', postal_code: MB } },
      { ...request, customer_address: { country: 'DE', city: MB } },
      { ...request, customer_tax_id: MB },
      { ...request, currency: MB },
      { ...request, tax_behavior: MB },
      { ...request, tax_date: MB },
      { ...request, [MB]: 1 },
    ];
    for (const body of bad) expect(size(() => calculate(body as never, account))).toBeLessThan(2048);
    // The longest references repeated, the longest state and city in a refused address.
    const ref = 'x'.repeat(200);
    expect(size(() => calculate({ ...request, line_items: [{ reference: ref, amount: '1' }, { reference: ref, amount: '1' }] }, account))).toBeLessThan(2048);
    expect(size(() => calculate({ ...request, customer_address: { country: 'US', state: 'x'.repeat(100), city: 'x'.repeat(200), postal_code: '78701' } }, account))).toBeLessThan(2048);
  });

  it('stay under 2 kB for 1 MB options, filters, ids, headers and exception messages', () => {
    for (const call of [
      () => calculate(request, account, MB as never),
      () => calculate(request, account, { [MB]: 1 } as never),
      () => calculate({ customer_address: { country: 'DE' }, line_items: request.line_items }, account, { now: () => MB as never }),
      () => createCalculator({ cacheBytes: MB } as never),
      () => listJurisdictions({ [MB]: 'DE' } as never),
      () => getTaxCode(MB),
      () => getJurisdiction(MB as never),
      () => negotiateVersion(`application/json; api_version=${MB}`, '20241028'),
      () => negotiateVersion(null, MB),
      () => calculate({ ...request, get currency(): string {
        throw new Error(MB);
      } }, account),
    ]) {
      expect(size(call)).toBeLessThan(2048);
    }
  });

  it('name a long amount, for it is refused before it costs seconds of arithmetic', () => {
    const amount = '9'.repeat(41);
    expect(refused(() => calculate({ ...request, line_items: [{ reference: 'a', amount }] }, account)).issues).toEqual([
      { path: ['line_items', 0, 'amount'], code: 'malformed', message: 'line_items.0.amount: must be at most 40 characters' },
    ]);
    expect(calculate({ ...request, line_items: [{ reference: 'a', amount: '9'.repeat(40) }] }, account).total_tax).toBe(`18${'9'.repeat(38)}.81`);
  });
});

describe('the fast checks', () => {
  it('refuse what the schema would refuse of a hostile object', () => {
    expect(isPlainValidAccount({ ...account, registrations: Object.assign([{ jurisdiction_id: 276 }], { length: 10_001 }) })).toBe(false);
    expect(isPlainValidRequest({ ...request, tax_date: MAX_TAX_DATE + 1 })).toBe(false);
  });
});

describe('a polluted Object.prototype', () => {
  /** Runs `f` with `key` set on Object.prototype (enumerable, as an attack sets it), then takes it away. */
  function polluted<T>(key: string, value: unknown, f: () => T): T {
    (Object.prototype as Record<string, unknown>)[key] = value;
    try {
      return f();
    } finally {
      delete (Object.prototype as Record<string, unknown>)[key];
    }
  }

  it('changes no option: an inherited today, cache or rules is not an option', async () => {
    const { calculateTaxRate, calculate } = await import('../src/index.js');
    const seller = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] };
    const today = '2026-06-01';
    const q = { to_country: 'FR', tax_code: 'saas', amount: '100' } as const;
    const clean = calculateTaxRate(q, seller, { today });
    for (const options of [undefined, null, {}, { today }]) {
      const answer = polluted('today', '2014-01-01', () => calculateTaxRate(q, seller, options === undefined || options === null ? { today } : { today, ...options }));
      expect(answer).toEqual(clean);
    }
    // Without a date anywhere: the process's today, not the polluted one.
    const plain = calculateTaxRate(q, seller);
    expect(polluted('today', '2014-01-01', () => calculateTaxRate(q, seller))).toEqual(plain);
    expect(polluted('today', '2014-01-01', () => calculateTaxRate(q, seller, {}))).toEqual(plain);
    expect(plain.rate).toBe(20);
    const request = { customer_address: { country: 'FR' }, tax_date: 1780315200, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'saas' as const }] };
    const calculated = calculate(request, seller);
    for (const key of ['cache', 'rules', 'now', 'taxIdVerdict']) {
      expect(polluted(key, key === 'cache' ? 'x' : {}, () => calculate(request, seller, {})), key).toEqual(calculated);
    }
  });

  it('adds no field to an address a query gives: an inherited region does not move Vancouver to Ontario', async () => {
    const { calculateTaxRate } = await import('../src/index.js');
    const seller = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 124 }, { jurisdiction_id: 124059 }] };
    const q = { to_country: 'CA', to_postal_code: 'V6B1A1', tax_code: 'saas', date: '2026-06-01', amount: '100' } as const;
    const clean = calculateTaxRate(q, seller);
    expect(clean.region).toBe('BC');
    expect(polluted('region', 'ON', () => calculateTaxRate(q, seller))).toEqual(clean);
  });

  it('adds nothing to evidence, a nexus query or a jurisdiction filter', async () => {
    const { resolveEvidence, nexusStatus, listJurisdictions } = await import('../src/index.js');
    const evidence = { billing_country: 'DE', ip_address: '203.0.113.7' };
    const cleanEvidence = resolveEvidence(evidence);
    expect(polluted('ipCountry', 'FR', () => resolveEvidence(evidence))).toEqual(cleanEvidence);
    const query = { asOf: '2026-06-30', states: ['TX'], sales: [{ date: '2026-01-15', state: 'TX', amount: '450000' }] };
    const cleanNexus = nexusStatus(query);
    for (const [key, value] of [['nearRatio', 0.01], ['marketplace', true], ['transactions', 1e9], ['resale', true]] as const) {
      expect(polluted(key, value, () => nexusStatus(query)), key).toEqual(cleanNexus);
    }
    const all = listJurisdictions();
    expect(polluted('country', 'US', () => listJurisdictions())).toEqual(all);
  });

  it('does not make a valid account fail the published schema, nor fill a field it leaves out', async () => {
    const { accountSchema, calculationRequestSchema } = await import('../src/schemas.js');
    const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }] };
    const clean = accountSchema.safeParse(account);
    expect(clean.success).toBe(true);
    for (const key of ['anything', 'postal_code', 'default_tax_code']) {
      expect(polluted(key, 'x', () => accountSchema.safeParse(account)), key).toEqual(clean);
    }
    const request = { customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '1.00' }] };
    const cleanRequest = calculationRequestSchema.safeParse(request);
    expect(polluted('tax_code', 'x', () => calculationRequestSchema.safeParse(request))).toEqual(cleanRequest);
    expect(polluted('x', 1, () => accountSchema['~standard'].validate(account))).toEqual(accountSchema['~standard'].validate(account));
  });

  it('adds no option to a document and no field to an update of one', async () => {
    const { buildDocument, checkDocumentUpdate } = await import('../src/index.js');
    const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 372 }] };
    const ids = { id: 1, number: 'INV-1', createdAt: 1780300800 };
    const body = { items: [{ amount: 100, tax: { country: 'DE' } }], payment: {}, date: '2026-06-01' };
    const doc = buildDocument(body, account, ids);
    for (const [key, value] of [['exchangeRate', '2'], ['coupon', 'x'], ['products', 'x'], ['invoice', 'x']] as const) {
      expect(polluted(key, value, () => buildDocument(body, account, ids)), key).toEqual(doc);
    }
    const updated = checkDocumentUpdate(doc, { notes: 'paid by card' } as never);
    for (const key of ['postal_code', 'region', 'tag_list']) {
      expect(polluted(key, 'x', () => checkDocumentUpdate(doc, { notes: 'paid by card' } as never)), key).toEqual(updated);
    }
  });
});
