/**
 * The US quick path: a seller registered by state code, a quote by ZIP code, and the names
 * other tax APIs give the query's parameters.
 */
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, defineAccount, listJurisdictions, TaxRulesError, type Account } from '../src/index.js';

/** The issues of the TaxRulesError `f` throws. */
function issuesOf(f: () => unknown): TaxRulesError['issues'] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TaxRulesError);
    return (e as TaxRulesError).issues;
  }
  throw new Error('expected a TaxRulesError');
}

const austinSeller = defineAccount({ country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }] });
const GOODS = 'tax_code=standard&product_type=good&date=2026-06-01';

describe('a Texas seller registered as { country: "US", region: "TX" }', () => {
  it('quotes Austin by ZIP code 78701 for goods at 8.25 % combined', () => {
    // Texas Comptroller: state 6.25 % (Tex. Tax Code § 151.051), City of Austin 1 %, Capital
    // Metropolitan Transportation Authority 1 % — the 2 % local cap reached.
    expect(calculateTaxRate(`to_country=US&to_postal_code=78701&${GOODS}&amount=100`, austinSeller)).toMatchObject({
      rate: 8.25,
      country: 'US',
      region: 'TX',
      city: 'Austin',
      tax_code: 'standard',
      product_type: 'good',
      status: 'taxable',
      tax_amount: 8.25,
      total_amount: 108.25,
    });
  });

  it('is the account written with the state’s jurisdiction id', () => {
    const texas = listJurisdictions({ country: 'US', region: 'TX' }).find((j) => j.level === undefined);
    expect(texas).toBeDefined();
    expect(austinSeller.registrations).toEqual([{ jurisdiction_id: texas!.id }]);
    const byId: Account = { country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ jurisdiction_id: texas!.id }] };
    const q = `to_country=US&to_postal_code=78701&${GOODS}`;
    expect(calculateTaxRate(q, byId)).toEqual(calculateTaxRate(q, austinSeller));
  });
});

describe('a US registration without its state', () => {
  it('is refused by defineAccount naming the form that can be priced, the seller’s own state in it', () => {
    const issues = issuesOf(() => defineAccount({ country: 'US', region: 'TX', currency: 'USD', registrations: [{ country: 'US' }] }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: ['account', 'registrations', 0, 'region'], code: 'missing' });
    expect(issues[0]!.message).toMatch(/^account\.registrations\.0: a US registration is made per state, and one without its state cannot be priced; name the state, as \{ country: 'US', region: 'TX' \}: give region, one of AL, AK, /);
    expect(issues[0]!.message).toContain(', TX, ');
  });

  it('shows the first state as the example for a seller elsewhere', () => {
    const issues = issuesOf(() => defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'us' }] }));
    expect(issues[0]!.message).toContain("name the state, as { country: 'US', region: 'AL' }");
  });

  it('is no registration of a plain account either: a plain account names jurisdiction ids', () => {
    const plain = { country: 'US', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }] } as unknown as Account;
    const issues = issuesOf(() => calculateTaxRate(`to_country=US&to_postal_code=78701&${GOODS}`, plain));
    expect(issues.map((i) => i.path.join('.'))).toContain('account.registrations.0.jurisdiction_id');
  });
});

describe('parameters named as other tax APIs name them', () => {
  /** The message of each issue of a query's refusal. */
  const refusal = (query: string): string[] => issuesOf(() => calculateTaxRate(query, austinSeller)).map((i) => i.message);

  it('are refused naming ours: the state is found from the ZIP code, which the query has', () => {
    expect(refusal('to_country=US&to_state=TX&to_zip=78701&from_state=TX&from_zip=78701')).toEqual([
      'to_state: unknown parameter; did you mean to_postal_code (the state is found from the ZIP code)?',
      'to_zip: unknown parameter; did you mean to_postal_code?',
      'from_state: unknown parameter; did you mean from_postal_code (the state is found from the ZIP code)?',
      'from_zip: unknown parameter; did you mean from_postal_code?',
    ]);
    expect(refusal('to_country=US&zip=78701&state=TX')).toEqual([
      'zip: unknown parameter; did you mean to_postal_code?',
      'state: unknown parameter; did you mean to_postal_code (the state is found from the ZIP code)?',
    ]);
  });

  it('are refused even when unknown parameters are ignored', () => {
    expect(() => calculateTaxRate('to_country=US&to_zip=78701', austinSeller, { unknownParameters: 'ignore' })).toThrow('did you mean to_postal_code?');
  });
});
