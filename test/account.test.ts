import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAccountCache, isPlainValidAccount, prepareAccountAfresh, type Account, type PreparedAccount } from '../src/adapters/account.js';
import { prepareAccount } from '../src/adapters/engine.js';
import { accountSchema } from '../src/schemas.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { calculate } from '../src/adapters/v20260309.js';
import { calculateTaxRate } from '../src/adapters/v20241028.js';
import { maybe, mostly, refused, withUnknown } from './helpers.js';
import { defineAccount, type TaxRulesError } from '../src/index.js';

describe('an account with a field it does not have', () => {
  const germany = { customer_address: { country: 'DE' }, tax_date: Date.UTC(2026, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '100.00' }] };

  it('is refused, not read as if the field were absent (a registration from 2030 is not one since ever)', () => {
    const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276, valid_form: '2030-01-01' }] };
    for (const call of [() => calculate(germany, account as never), () => calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, account as never), () => prepareAccount(account as never, defaultRuleSet)]) {
      const e = refused(call);
      expect(e.status).toBe(400);
      expect(e.code).toBe('invalid_request');
      expect(e.issues).toEqual([
        { path: ['account', 'registrations', 0, 'valid_form'], code: 'unknown_field', message: 'account.registrations.0.valid_form: unknown field; did you mean valid_from?' },
      ]);
    }
    // Spelt right, the same registration is not in force in 2026: no German VAT is charged.
    const right = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276, valid_from: '2030-01-01' }] };
    expect(calculate(germany, right).total_tax).toBe('0.00');
  });

  it('lists every unknown field, at the top and in each registration, through the schema too', () => {
    class Seller {
      country = 'IE';
      curency = 'EUR';
      registrations = [{ jurisdiction_id: 372 }, { jurisdiction_id: 276, valid_unti: '2020-01-01', permanent: true }];
    }
    for (const account of [{ ...new Seller() }, new Seller()]) {
      expect(isPlainValidAccount(account)).toBe(false);
      const e = refused(() => prepareAccount(account as never, defaultRuleSet));
      expect(e.status).toBe(400);
      expect(e.issues.map((i) => [i.path.join('.'), i.code, i.message]).sort()).toEqual([
        ['account.curency', 'unknown_field', 'account.curency: unknown field; did you mean currency?'],
        ['account.currency', 'missing', 'account.currency is required'],
        ['account.registrations.1.permanent', 'unknown_field', 'account.registrations.1.permanent: unknown field'],
        ['account.registrations.1.valid_unti', 'unknown_field', 'account.registrations.1.valid_unti: unknown field; did you mean valid_until?'],
      ]);
    }
  });

  it('is never read directly by the fast check', () => {
    const ok = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }] };
    expect(isPlainValidAccount(ok)).toBe(true);
    expect(isPlainValidAccount({ ...ok, extra: undefined })).toBe(false);
    expect(isPlainValidAccount({ ...ok, registrations: [{ jurisdiction_id: 372, note: 'x' }] })).toBe(false);
  });
});

describe('an account’s web site (the spec: accounts carry web)', () => {
  const germany = { customer_address: { country: 'DE' }, tax_date: Date.UTC(2026, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '100.00' }] };
  const ie = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };

  it('is taken, a URI or null, and decides no tax', () => {
    const plain = calculate(germany, ie);
    for (const web of ['https://shop.example', 'http://example.ie/about', null]) {
      const account = { ...ie, web };
      expect(isPlainValidAccount(account), String(web)).toBe(true);
      expect(accountSchema.safeParse(account).success).toBe(true);
      expect(calculate(germany, account)).toEqual(plain);
      expect(calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, account).rate).toBe(calculateTaxRate({ to_country: 'DE', date: '2026-06-01' }, ie).rate);
    }
    expect(defineAccount({ country: 'IE', currency: 'EUR', web: 'https://shop.example', registrations: [{ country: 'IE' }] }).web).toBe('https://shop.example');
  });

  it('is refused (400) when it is no URI, too long, or no text', () => {
    for (const web of ['shop.example', 'https://', `https://${'x'.repeat(250)}`, 5, 'https://a b.example']) {
      const account = { ...ie, web };
      expect(isPlainValidAccount(account), String(web)).toBe(false);
      const e = refused(() => calculate(germany, account as never));
      expect([e.status, e.issues.map((i) => i.path.join('.'))]).toEqual([400, ['account.web']]);
    }
    expect(refused(() => defineAccount({ ...ie, web: 'nowhere' } as never)).issues.map((i) => i.path.join('.'))).toEqual(['account.web']);
  });

  it('changed on an account reused since, is read again: an invalid one is refused', () => {
    const account: Record<string, unknown> = { ...ie, web: 'https://shop.example' };
    expect(calculate(germany, account as never).total_tax).toBe('19.00');
    account.web = 'not a web site';
    expect(refused(() => calculate(germany, account as never)).issues.map((i) => i.path.join('.'))).toEqual(['account.web']);
  });
});

describe('account validation without the schema copy', () => {
  const date = mostly(fc.constantFrom('2021-07-01', '2024-02-29', '', null), fc.constantFrom('2023-02-29', '2021-7-1', 20210701));
  const registration = withUnknown(
    fc.record(
      {
        jurisdiction_id: mostly(fc.constantFrom(276, 9000, 124024), fc.constantFrom(0, -1, 1.5, '276', 2 ** 60, Number.NaN)),
        value: maybe(mostly(fc.constant('DE811569869'), fc.constant(5))),
        valid_from: maybe(date),
        valid_until: maybe(date),
        permanent_establishment: maybe(mostly(fc.boolean(), fc.constant('yes'))),
        import_scheme: maybe(mostly(fc.boolean(), fc.constant(1))),
      },
      { requiredKeys: ['jurisdiction_id'] },
    ),
    ['note', 'valid_form'],
  );
  const account = withUnknown(
    fc.record(
      {
        country: mostly(fc.constantFrom('IE', 'de', 'US'), fc.constantFrom('IRL', 'I', 3)),
        postal_code: fc.oneof(fc.constant(undefined), fc.constant(null), mostly(fc.string({ maxLength: 20 }), fc.constantFrom(10115, 'x'.repeat(21)))),
        region: fc.oneof(fc.constant(undefined), fc.constant(null), mostly(fc.constantFrom('CA', 'x'.repeat(100)), fc.constantFrom(true, 'x'.repeat(101)))),
        web: maybe(fc.oneof(fc.constant(null), mostly(fc.constantFrom('https://shop.example', `https://${'x'.repeat(247)}`), fc.constantFrom('shop.example', `https://${'x'.repeat(248)}`, 'https://a b', 7)))),
        currency: mostly(fc.constantFrom('EUR', 'usd'), fc.constantFrom('EURO', 'E1', 978)),
        default_tax_code: maybe(mostly(fc.constantFrom('ebook', 'saas'), fc.constant('bookz'))),
        default_product_type: maybe(mostly(fc.constantFrom('good', 'service'), fc.constant('goods'))),
        registrations: mostly(fc.array(registration, { maxLength: 3 }), fc.constantFrom(undefined, {}, 'none')),
      },
      { requiredKeys: ['country', 'currency', 'registrations'] },
    ),
    ['curency', 'api_version'],
  );

  it('reads an account directly exactly when the schema accepts it, and then as the schema reads it', () => {
    let direct = 0;
    let unknown = 0;
    fc.assert(
      fc.property(account, (a) => {
        const parsed = accountSchema.safeParse(a);
        expect(isPlainValidAccount(a)).toBe(parsed.success);
        if (parsed.success) {
          direct++;
          expect(JSON.parse(JSON.stringify(parsed.data))).toEqual(JSON.parse(JSON.stringify(a)));
        } else if (parsed.error.issues.some((i) => i.code === 'unrecognized_keys')) unknown++;
      }),
      { numRuns: 3000 },
    );
    expect(direct).toBeGreaterThan(100);
    expect(unknown).toBeGreaterThan(100);
  });

  it('prepares an account read afresh in one pass as the schema’s path does, or refuses it alike, whatever was prepared before', () => {
    const cache = createAccountCache(defaultRuleSet);
    const outcome = (f: () => PreparedAccount) => {
      try {
        return { ok: JSON.parse(JSON.stringify(f())) as unknown };
      } catch (e) {
        const err = e as TaxRulesError;
        return { status: err.status, issues: err.issues };
      }
    };
    let prepared = 0;
    fc.assert(
      fc.property(fc.array(account, { minLength: 1, maxLength: 4 }), (accounts) => {
        // Each account twice, as a fresh copy each time (a server parsing it per request), then the same object again.
        for (const a of [...accounts, ...accounts]) {
          const copy = JSON.parse(JSON.stringify(a)) as Account;
          const expected = outcome(() => prepareAccountAfresh(JSON.parse(JSON.stringify(a)) as Account, defaultRuleSet));
          expect(outcome(() => cache.prepare(copy))).toEqual(expected);
          expect(outcome(() => cache.prepare(copy))).toEqual(expected);
          if ('ok' in expected) prepared++;
        }
      }),
      { numRuns: 1500 },
    );
    expect(prepared).toBeGreaterThan(500);
  });

  it('prepares the same account either way', () => {
    class Seller {
      country = 'IE';
      currency = 'EUR';
      registrations = [{ jurisdiction_id: 372, valid_from: '2015-01-01' }];
    }
    const viaSchema = prepareAccount(new Seller(), defaultRuleSet);
    const direct = prepareAccount({ country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372, valid_from: '2015-01-01' }] }, defaultRuleSet);
    expect(isPlainValidAccount(new Seller())).toBe(false);
    expect(direct).toEqual(viaSchema);
  });
});

describe('an account read field by field', () => {
  it('reads a field it leaves out as absent, even with a field of that name on Object.prototype that is not enumerable', () => {
    const account = (): Account => ({ country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 276 }] });
    const quote = () => calculateTaxRate({ to_country: 'DE', amount: '100', date: '2026-06-01' }, account());
    const clean = quote();
    expect(clean).toMatchObject({ tax_code: 'eservice', rate: 19 });
    for (const [name, value] of [['default_tax_code', 'ebook'], ['default_product_type', 'good'], ['postal_code', '10115'], ['region', 'BY']] as const) {
      Object.defineProperty(Object.prototype, name, { value, enumerable: false, configurable: true, writable: true });
      let polluted: unknown;
      try {
        polluted = quote();
      } finally {
        delete (Object.prototype as Record<string, unknown>)[name];
      }
      expect(polluted, name).toEqual(clean);
    }
  });
});
