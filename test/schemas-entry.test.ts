import { describe, expect, it } from 'vitest';
import { accountSchema, calculationRequestSchema, calculationResponseSchema } from '../src/schemas.js';

const account = { country: 'DE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };

describe('taxrules/schemas', () => {
  it('validates through the Standard Schema interface', async () => {
    const std = accountSchema['~standard'];
    expect(std.version).toBe(1);
    expect(await std.validate(account)).toEqual({ value: account });
    const bad = await std.validate({ ...account, registrations: [{ jurisdiction_id: '276' }] });
    expect(bad.issues?.map((i) => i.path)).toEqual([['registrations', 0, 'jurisdiction_id']]);
  });

  it('parse answers the value as read or throws with the issues', () => {
    expect(accountSchema.parse(account)).toEqual(account);
    expect(() => accountSchema.parse({ ...account, colour: 'red' })).toThrow(/colour/);
    const r = calculationRequestSchema.safeParse({ currency: 'eur' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.length).toBeGreaterThan(0);
    for (const issue of r.error?.issues ?? []) expect(typeof issue.message).toBe('string');
  });

  it('refuses an answer with a field of the wrong type', () => {
    expect(calculationResponseSchema.safeParse({ tax_date: 'today' }).success).toBe(false);
  });
});

describe('a value that throws while it is read', () => {
  const throwing = [
    { country: 'IE', currency: 'EUR', get registrations(): never { throw new Error('store gone'); } },
    (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })(),
    new Proxy({}, { ownKeys() { throw new RangeError('no keys'); }, get() { throw new Error('no value'); } }),
  ];

  it('is an issue of safeParse and of the Standard Schema validate, never an exception', async () => {
    const { accountSchema, calculationRequestSchema } = await import('../src/schemas.js');
    for (const schema of [accountSchema, calculationRequestSchema]) {
      for (const value of throwing) {
        const r = schema.safeParse(value);
        expect(r.success).toBe(false);
        expect(r.error?.issues.length).toBeGreaterThan(0);
        const v = await schema['~standard'].validate(value);
        expect('issues' in v && v.issues !== undefined && v.issues.length > 0).toBe(true);
      }
    }
  });

  it('is a TaxRulesError of parse (400), not the exception itself; so is a value that does not match', async () => {
    const { accountSchema } = await import('../src/schemas.js');
    const { TaxRulesError } = await import('../src/index.js');
    for (const value of throwing) {
      let caught: unknown;
      try {
        accountSchema.parse(value);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(TaxRulesError);
      expect((caught as InstanceType<typeof TaxRulesError>).status).toBe(400);
    }
    // A value that reads but does not match throws a TaxRulesError too, every issue named.
    let mismatch: unknown;
    try {
      accountSchema.parse({ country: 'IE' });
    } catch (e) {
      mismatch = e;
    }
    expect(mismatch).toBeInstanceOf(TaxRulesError);
    expect((mismatch as InstanceType<typeof TaxRulesError>).issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['currency', 'missing'],
      ['registrations', 'missing'],
    ]);
    expect(accountSchema.parse({ country: 'IE', currency: 'EUR', registrations: [] })).toEqual({ country: 'IE', currency: 'EUR', registrations: [] });
  });
});
