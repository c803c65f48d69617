/** A misspelt value of a known set is refused naming the value meant, as a misspelt parameter is. */
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, TaxRulesError } from '../src/index.js';

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
    expect(message('to_country=DE&tax_code=ebok')).toBe('tax_code must be one of: consulting, eservice, ebook, saas, standard, reduced, exempt; got "ebok"; did you mean ebook?');
    expect(message('to_country=DE&product_type=goods')).toMatch(/; did you mean good\?$/);
    expect(message('to_country=DE&tax_behavior=inclusiv')).toMatch(/; did you mean inclusive\?$/);
  });

  it('names none when nothing is close', () => {
    expect(message('to_country=DE&tax_code=zzzzzz')).not.toContain('did you mean');
  });
});
