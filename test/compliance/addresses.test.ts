/** The seller's address history: every calculation uses the address in force on its tax date, and says which. */
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, computeTransaction, createCalculator, defineAccount, explainTaxRate, prepareAccount, TaxRulesError, type Account } from '../../src/index.js';

/** A seller that moved from Dublin to Berlin at the start of 2026, registered in both countries and in the OSS. */
const moved: Account = {
  country: 'DE',
  postal_code: '10115',
  currency: 'EUR',
  registrations: [{ jurisdiction_id: 372, valid_until: '2025-12-31' }, { jurisdiction_id: 276, valid_from: '2026-01-01' }, { jurisdiction_id: 9000 }],
  addresses: [
    { country: 'IE', postal_code: 'D02X285', valid_until: '2025-12-31' },
    { country: 'DE', postal_code: '10115', valid_from: '2026-01-01' },
  ],
};

function refusal(f: () => unknown): TaxRulesError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TaxRulesError);
    return e as TaxRulesError;
  }
  throw new Error('expected a TaxRulesError');
}

describe('the seller’s address history', () => {
  it('takes the origin of the tax date: a German sale is cross-border from Ireland in 2025, domestic from Berlin in 2026', () => {
    const before = explainTaxRate('to_country=DE&tax_code=saas&amount=100&date=2025-06-01', moved);
    const after = explainTaxRate('to_country=DE&tax_code=saas&amount=100&date=2026-06-01', moved);
    expect(before.scheme?.id).toBe(9000);
    expect(after.scheme).toBeNull();
    expect(before.sellerAddress).toEqual({ index: 0, country: 'IE', postalCode: 'D02X285', region: null, validFrom: null, validUntil: '2025-12-31' });
    expect(after.sellerAddress).toMatchObject({ index: 1, country: 'DE', validFrom: '2026-01-01', validUntil: null });
    // An Irish customer: domestic in 2025, a cross-border sale through the OSS in 2026.
    expect(calculateTaxRate('to_country=IE&tax_code=saas&amount=100&date=2025-06-01', moved)).toMatchObject({ rate: 23, notes: null });
    expect(calculateTaxRate('to_country=IE&tax_code=saas&amount=100&date=2026-06-01', moved).notes).toMatch(/One-Stop Shop/);
  });

  it('a given from_country is the origin, and no address of the history is named', () => {
    expect(explainTaxRate('to_country=DE&tax_code=saas&date=2025-06-01&from_country=FR', moved).sellerAddress).toBeNull();
    expect(explainTaxRate('to_country=DE&tax_code=saas&date=2026-06-01', { ...moved, addresses: undefined }).sellerAddress).toBeNull();
  });

  it('v20260309: the origin in tax_context is the address of the tax date', () => {
    const request = (taxDate: number) => ({ customer_address: { country: 'FR' }, tax_date: taxDate, line_items: [{ reference: 'a', amount: '10.00', tax_code: 'saas' as const }] });
    expect(calculate(request(1748736000), moved).tax_context.origin.country).toBe('IE'); // 2025-06-01
    expect(calculate(request(1780315200), moved).tax_context.origin.country).toBe('DE'); // 2026-06-01
  });

  it('transactions too, and defineAccount keeps the history', () => {
    const sale = (date: string) => computeTransaction({ source_id: `s-${date}`, date, currency: 'EUR', customer: { address: { country: 'FR' } }, items: [{ reference: 'a', amount: '10.00', tax_code: 'saas' }] }, moved);
    expect(sale('2025-06-01').tax_context.origin.country).toBe('IE');
    expect(sale('2026-06-01').tax_context.origin.country).toBe('DE');
    const defined = defineAccount({ country: 'DE', currency: 'EUR', registrations: [{ country: 'DE' }], addresses: moved.addresses });
    expect(defined.addresses).toEqual(moved.addresses);
  });

  it('sources an origin-based US state’s local tax at the address of the day', () => {
    const texan: Account = {
      country: 'US',
      region: 'TX',
      postal_code: '77002',
      currency: 'USD',
      registrations: [{ jurisdiction_id: 840048 }],
      addresses: [
        { country: 'US', region: 'TX', postal_code: '78701', valid_until: '2026-06-30' },
        { country: 'US', region: 'TX', postal_code: '77002', valid_from: '2026-07-01' },
      ],
    };
    const q = (date: string) => `to_country=US&to_postal_code=75201&tax_code=standard&product_type=good&amount=100&date=${date}`;
    const austin = explainTaxRate(q('2026-06-15'), texan);
    const houston = explainTaxRate(q('2026-08-15'), texan);
    const names = (r: typeof austin) => r.lines.map((l) => l.jurisdiction.name);
    expect(names(austin)).toContain('Austin');
    expect(names(houston)).toContain('Houston');
    expect(austin.sellerAddress?.postalCode).toBe('78701');
    expect(houston.sellerAddress?.postalCode).toBe('77002');
  });

  it('refuses a day without an address (422), overlapping addresses and wrong fields', () => {
    const gap: Account = { ...moved, addresses: [{ country: 'IE', valid_until: '2025-06-30' }, { country: 'DE', valid_from: '2026-01-01' }] };
    const e = refusal(() => calculateTaxRate('to_country=DE&tax_code=saas&date=2025-09-01', gap));
    expect(e.status).toBe(422);
    expect(e.message).toBe("the account's addresses have none in force on 2025-09-01: add the seller's address of that day");
    const overlap = refusal(() => prepareAccount({ ...moved, addresses: [{ country: 'IE', valid_until: '2026-01-31' }, { country: 'DE', valid_from: '2026-01-01' }] }));
    expect(overlap.status).toBe(406);
    expect(overlap.message).toMatch(/overlaps account\.addresses\.0/);
    expect(refusal(() => prepareAccount({ ...moved, addresses: [{ country: 'IE', valid_form: '2020-01-01' } as never] })).message).toMatch(/valid_form.*unknown field/);
    expect(refusal(() => prepareAccount({ ...moved, addresses: [{ country: 'XX' }] })).field).toBe('account.addresses.0.country');
    expect(refusal(() => prepareAccount({ ...moved, addresses: [{ country: 'IE', valid_from: '2026-02-01', valid_until: '2026-01-01' }] })).field).toBe('account.addresses.0.valid_until');
    expect(refusal(() => prepareAccount({ ...moved, addresses: [{ country: 'IE', valid_from: '2026-02-30' }] })).status).toBe(400);
  });

  it('a calculator sees a change to the history made in place', () => {
    const taxes = createCalculator();
    const account: Account = JSON.parse(JSON.stringify(moved)) as Account;
    const q = 'to_country=DE&tax_code=saas&date=2025-06-01';
    expect(taxes.explainTaxRate(q, account).sellerAddress?.country).toBe('IE');
    (account.addresses as unknown as { country: string }[])[0]!.country = 'DE';
    expect(taxes.explainTaxRate(q, account).sellerAddress?.country).toBe('DE');
    (account.addresses as unknown as unknown[]).pop();
    (account.addresses as unknown as { valid_until?: string }[])[0]!.valid_until = '2024-12-31';
    expect(() => taxes.explainTaxRate(q, account)).toThrow(/none in force on 2025-06-01/);
  });
});
