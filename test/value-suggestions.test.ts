/** A misspelt value of a known set is refused naming the value meant, as a misspelt parameter is. */
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, TaxRulesError } from '../src/index.js';
import { TAX_CODES as ALL_TAX_CODES } from '../src/generated/tax-codes.js';

const seller = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }] };

function message(query: string): string {
  try {
    calculateTaxRate(query, seller);
  } catch (e) {
    if (e instanceof TaxRulesError && e.status === 406) return e.issues[0]?.message ?? '';
    throw e;
  }
  throw new Error('not refused');
}

describe('a value that is none of its parameter’s', () => {
  it('names the value meant when it is close: tax codes, product types, behaviours', () => {
    expect(message('to_country=DE&tax_code=ebok')).toBe(`tax_code must be one of: consulting, eservice, ebook, saas, standard, reduced, exempt … and ${ALL_TAX_CODES.length - 7} more (listTaxCodes() or GET /tax_codes lists them); got "ebok"; did you mean ebook?`);
    expect(message('to_country=DE&product_type=goods')).toMatch(/; did you mean good\?$/);
    expect(message('to_country=DE&tax_behavior=inclusiv')).toMatch(/; did you mean inclusive\?$/);
  });

  it('names none when nothing is close', () => {
    expect(message('to_country=DE&tax_code=zzzzzz')).not.toContain('did you mean');
  });
});

describe('a parameter another tax API names otherwise', () => {
  const refusal = (query: string, options?: { unknownParameters: 'ignore' }) => {
    try {
      calculateTaxRate(query, seller, options);
    } catch (e) {
      if (e instanceof TaxRulesError) return e.issues.map((i) => i.message);
    }
    return [];
  };

  it('is refused naming ours: the state is found from the postal code', () => {
    expect(refusal('to_country=US&to_state=TX&to_zip=78701')).toEqual([
      'to_state: unknown parameter; did you mean to_postal_code (the state is found from the ZIP code)?',
      'to_zip: unknown parameter; did you mean to_postal_code?',
    ]);
    expect(refusal('to_country=DE&vat_number=DE136695976')).toEqual(['vat_number: unknown parameter; did you mean tax_id?']);
  });

  it('is refused even when unknown parameters are ignored: it is not a tracking parameter', () => {
    expect(refusal('to_country=US&zip=78701&utm_source=mail', { unknownParameters: 'ignore' })).toEqual(['zip: unknown parameter; did you mean to_postal_code?']);
  });
});
