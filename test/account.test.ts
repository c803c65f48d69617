import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainValidAccount } from '../src/adapters/account.js';
import { prepareAccount } from '../src/adapters/engine.js';
import { accountSchema } from '../src/schemas.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { maybe, mostly } from './helpers.js';

describe('account validation without the schema copy', () => {
  const date = mostly(fc.constantFrom('2021-07-01', '2024-02-29', '', null), fc.constantFrom('2023-02-29', '2021-7-1', 20210701));
  const registration = fc.record(
    {
      jurisdiction_id: mostly(fc.constantFrom(276, 9000, 124024), fc.constantFrom(0, -1, 1.5, '276', 2 ** 60, Number.NaN)),
      value: maybe(mostly(fc.constant('DE811569869'), fc.constant(5))),
      valid_from: maybe(date),
      valid_until: maybe(date),
      permanent_establishment: maybe(mostly(fc.boolean(), fc.constant('yes'))),
      import_scheme: maybe(mostly(fc.boolean(), fc.constant(1))),
      note: maybe(fc.string()),
    },
    { requiredKeys: ['jurisdiction_id'] },
  );
  const account = fc.record(
    {
      country: mostly(fc.constantFrom('IE', 'de', 'US'), fc.constantFrom('IRL', 'I', 3)),
      postal_code: fc.oneof(fc.constant(undefined), fc.constant(null), mostly(fc.string({ maxLength: 8 }), fc.constant(10115))),
      region: fc.oneof(fc.constant(undefined), fc.constant(null), mostly(fc.constant('CA'), fc.constant(true))),
      currency: mostly(fc.constantFrom('EUR', 'usd'), fc.constantFrom('EURO', 'E1', 978)),
      default_tax_code: maybe(mostly(fc.constantFrom('ebook', 'saas'), fc.constant('books'))),
      default_product_type: maybe(mostly(fc.constantFrom('good', 'service'), fc.constant('goods'))),
      registrations: mostly(fc.array(registration, { maxLength: 3 }), fc.constantFrom(undefined, {}, 'none')),
    },
    { requiredKeys: ['country', 'currency', 'registrations'] },
  );

  it('reads an account directly only when the schema accepts it, and then as the schema reads it', () => {
    let direct = 0;
    fc.assert(
      fc.property(account, (a) => {
        const parsed = accountSchema.safeParse(a);
        if (isPlainValidAccount(a)) {
          direct++;
          expect(parsed.success).toBe(true);
          const strip = (k: string, v: unknown) => (k === 'note' ? undefined : v);
          expect(JSON.parse(JSON.stringify(parsed.data))).toEqual(JSON.parse(JSON.stringify(a, strip)));
        }
      }),
      { numRuns: 3000 },
    );
    expect(direct).toBeGreaterThan(100);
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
