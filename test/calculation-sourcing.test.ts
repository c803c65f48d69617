/** A v20260309 calculation line's sourcing: whose address placed its US local taxes, said in the line's result (not only in its notes). */
import { describe, expect, it } from 'vitest';
import { calculate, defineAccount, type CalculationRequest } from '../src/index.js';
import { calculationResponseSchema } from '../src/schemas.js';

const texas = defineAccount({ country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }, { country: 'US', region: 'WA' }] });
// 2026-08-01 12:00 UTC.
const request = (customer_address: object) => ({ customer_address, tax_date: 1_785_585_600, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'standard', product_type: 'good' }] });
const line = (r: object) => calculate(request(r) as CalculationRequest, texas).line_items[0] as { sourcing?: string; notes: string[] };

describe('a calculation line’s sourcing', () => {
  it('is origin for an in-state sale in an origin-sourced state, destination elsewhere in the US', () => {
    // Texas sources local taxes of an in-state seller to its place of business (Tex. Tax Code § 321.203).
    const inTexas = line({ country: 'US', state: 'TX', postal_code: '75201' });
    expect(inTexas.sourcing).toBe('origin');
    expect(inTexas.notes.join(' ')).toMatch(/sources local taxes of an in-state seller/);
    // Washington taxes where the goods are received (RCW 82.32.730).
    expect(line({ country: 'US', state: 'WA', postal_code: '98101' }).sourcing).toBe('destination');
  });

  it('is left out where no US local rate area placed the line, and is in the published response schema', () => {
    const abroad = calculate(request({ country: 'DE' }) as CalculationRequest, texas);
    expect(Object.keys(abroad.line_items[0]!)).not.toContain('sourcing');
    expect(calculationResponseSchema.safeParse(calculate(request({ country: 'US', state: 'TX', postal_code: '75201' }) as CalculationRequest, texas)).success).toBe(true);
  });
});
