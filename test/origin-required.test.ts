/** An origin-based state's local taxes need the seller's place: never guessed. */
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, type Account } from '../src/index.js';
import { refused as refusal } from './helpers.js';

const goodsToAustin = { to_country: 'US', to_postal_code: '78701', tax_code: 'standard', product_type: 'good', date: '2026-10-01' } as const;
const registeredInTexas = (where: Partial<Account>): Account => ({ country: 'US', currency: 'USD', registrations: [{ jurisdiction_id: 840048 }], ...where });

describe('a US seller without an address selling into an origin-based state', () => {
  it('is refused (400), naming what is missing, in both API versions', () => {
    const quote = refusal(() => calculateTaxRate(goodsToAustin, registeredInTexas({})));
    expect(quote.status).toBe(400);
    expect(quote.issues[0]?.code).toBe('missing');
    expect(quote.issues[0]?.message).toContain("the seller's postal code or state is required");
    const v2 = refusal(() => calculate({ currency: 'usd', tax_date: 1_790_000_000, customer_address: { country: 'US', postal_code: '78701' }, line_items: [{ amount: '100', tax_code: 'standard', product_type: 'good' }] } as never, registeredInTexas({})));
    expect(v2.status).toBe(400);
  });

  it('is answered once the seller says where it is: in Texas at origin, elsewhere at the destination', () => {
    const inAustin = calculateTaxRate(goodsToAustin, registeredInTexas({ postal_code: '78701' }));
    expect(inAustin.rate).toBe(8.25);
    expect(inAustin.notes).toContain('in-state seller');
    const inCalifornia = calculateTaxRate(goodsToAustin, registeredInTexas({ region: 'CA' }));
    expect(inCalifornia.rate).toBe(8.25);
    expect(inCalifornia.notes).not.toContain('in-state seller');
    // A quote's own origin stands for the account's.
    expect(calculateTaxRate({ ...goodsToAustin, from_country: 'US', from_postal_code: '90210' }, registeredInTexas({})).rate).toBe(8.25);
  });

  it('does not concern destination-based states nor a seller abroad', () => {
    expect(calculateTaxRate({ to_country: 'US', to_postal_code: '98101', tax_code: 'standard', product_type: 'good', date: '2026-10-01' }, { country: 'US', currency: 'USD', registrations: [{ jurisdiction_id: 840053 }] }).rate).toBeGreaterThan(6.5);
    expect(calculateTaxRate(goodsToAustin, { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 840048 }] }).rate).toBe(8.25);
  });
});
