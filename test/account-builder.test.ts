/** defineAccount: registrations from country, region and scheme codes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, defineAccount, listJurisdictions, TaxRulesError, type Account } from '../src/index.js';

function refusal(f: () => unknown): TaxRulesError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TaxRulesError);
    return e as TaxRulesError;
  }
  throw new Error('expected a TaxRulesError');
}

describe('defineAccount', () => {
  it('looks up each registration’s jurisdiction id and keeps its other fields', () => {
    const account = defineAccount({
      country: 'IE',
      postal_code: 'D02X285',
      currency: 'EUR',
      registrations: [
        { country: 'IE', value: 'IE6388047V' },
        { scheme: 'oss', valid_from: '2021-07-01' },
        { country: 'US', region: 'TX' },
        { country: 'ca', region: 'bc' },
        { country: 'EL' },
        { jurisdiction_id: 826, import_scheme: false },
      ],
    });
    expect(account).toEqual({
      country: 'IE',
      postal_code: 'D02X285',
      currency: 'EUR',
      registrations: [
        { jurisdiction_id: 372, value: 'IE6388047V' },
        { jurisdiction_id: 9000, valid_from: '2021-07-01' },
        { jurisdiction_id: 840048 },
        { jurisdiction_id: 124059 },
        { jurisdiction_id: 300 },
        { jurisdiction_id: 826, import_scheme: false },
      ],
    });
  });

  it('gives the same answers as the account written with ids', () => {
    const byCode = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }] });
    const byId: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
    for (const q of ['to_country=FR&tax_code=saas&amount=10&date=2026-06-01', 'to_country=IE&amount=10&date=2026-06-01', 'to_country=US&to_postal_code=78701&date=2026-06-01']) {
      expect(calculateTaxRate(q, byCode)).toEqual(calculateTaxRate(q, byId));
    }
  });

  it('finds every state, province and country jurisdiction by its codes', () => {
    for (const j of listJurisdictions()) {
      if (j.level !== undefined || j.country === 'EU' || (j.country === 'US' && j.region === null)) continue;
      const reg = j.region === null ? { country: j.country } : { country: j.country, region: j.region };
      expect(defineAccount({ country: 'IE', currency: 'EUR', registrations: [reg] }).registrations[0]!.jurisdiction_id, `${j.country} ${j.region}`).toBe(j.id);
    }
  });

  it('refuses a place without a registration, naming what there is', () => {
    const us = refusal(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'US' }] }));
    expect(us.status).toBe(400);
    expect(us.message).toContain('give region, one of AL');
    const tz = refusal(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'US', region: 'TZ' }] }));
    expect(tz.status).toBe(406);
    expect(tz.issues[0]!.path).toEqual(['account', 'registrations', 0, 'region']);
    expect(refusal(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'HK' }] })).message).toMatch(/no jurisdiction to register in/);
    expect(refusal(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ scheme: 'ioss' as never }] })).message).toMatch(/scheme must be one of oss/);
  });

  it('refuses a registration naming two places or none, an unknown field, and an account prepareAccount refuses', () => {
    expect(refusal(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'DE', scheme: 'oss' } as never] })).message).toMatch(/country and scheme/);
    expect(refusal(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{} as never] })).issues[0]!.code).toBe('missing');
    expect(refusal(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'DE', regio: 'x' } as never] })).message).toMatch(/did you mean region/);
    expect(refusal(() => defineAccount({ country: 'IE', currency: 'EUR', colour: 'red' } as never)).status).toBe(400);
    expect(refusal(() => defineAccount({ country: 'IE', currency: 'EURO', registrations: [] })).field).toBe('account.currency');
    expect(refusal(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'DE', valid_from: '2021-02-30' }] })).field).toBe('account.registrations.0.valid_from');
  });

  it('answers anything with an account or a TaxRulesError', () => {
    fc.assert(
      fc.property(fc.anything(), fc.array(fc.oneof(fc.anything(), fc.record({ country: fc.constantFrom('DE', 'US', 'CA', 'XX', 'el'), region: fc.option(fc.constantFrom('TX', 'BC', ''), { nil: undefined }) }, { requiredKeys: ['country'] }))), (any, regs) => {
        for (const input of [any, { country: 'IE', currency: 'EUR', registrations: regs }]) {
          try {
            const a = defineAccount(input as never);
            expect(a.registrations.every((r) => Number.isSafeInteger(r.jurisdiction_id))).toBe(true);
          } catch (e) {
            expect(e).toBeInstanceOf(TaxRulesError);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
