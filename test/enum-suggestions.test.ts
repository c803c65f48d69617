/** A body's value that is none of its field's names is refused naming the value meant, as a query parameter's is. */
import { describe, expect, it } from 'vitest';
import { buildDocument, calculate, computeTransaction, type DocumentOptions } from '../src/index.js';
import { refused } from './helpers.js';
import { TAX_CODES as ALL_TAX_CODES } from '../src/generated/tax-codes.js';

const seller = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] };
/** A message names the tax codes by the spec's seven, how many more, and where the rest are listed. */
const TAX_CODES = `consulting, eservice, ebook, saas, standard, reduced, exempt … and ${ALL_TAX_CODES.length - 7} more (listTaxCodes() or GET /tax_codes lists them)`;

/** The messages of the refusal of a v20260309 calculation of one line with `line` and the request's `extra` fields. */
function messages(line: Record<string, unknown>, extra: Record<string, unknown> = {}): string[] {
  const request = { customer_address: { country: 'DE' }, currency: 'EUR', line_items: [{ reference: 'a', amount: '10.00', ...line }], ...extra };
  const e = refused(() => calculate(request as never, seller, { now: 1_780_315_200 }));
  expect(e.status).toBe(406);
  return e.issues.map((i) => i.message);
}

describe('calculate (v20260309): a value that is none of its field’s', () => {
  it('names the value meant when it is close: tax codes, behaviours, product types', () => {
    expect(messages({ tax_code: 'ebok' })).toEqual([`line_items.0.tax_code must be one of: ${TAX_CODES}; did you mean ebook?`]);
    expect(messages({ tax_behavior: 'exclusiv' })).toEqual(['line_items.0.tax_behavior must be one of: exclusive, inclusive; did you mean exclusive?']);
    expect(messages({ product_type: 'goods' })).toEqual(['line_items.0.product_type must be one of: good, service; did you mean good?']);
    expect(messages({}, { tax_behavior: 'inclusiv' })).toEqual(['tax_behavior must be one of: exclusive, inclusive; did you mean inclusive?']);
    // In another case, the value meant is the one in the right case.
    expect(messages({ tax_code: 'SaaS' })).toEqual([`line_items.0.tax_code must be one of: ${TAX_CODES}; did you mean saas?`]);
  });

  it('names each value meant when there are several', () => {
    expect(messages({ tax_code: 'sass', tax_behavior: 'inclusve' })).toEqual([
      `line_items.0.tax_code must be one of: ${TAX_CODES}; did you mean saas?`,
      'line_items.0.tax_behavior must be one of: exclusive, inclusive; did you mean inclusive?',
    ]);
  });

  it('names none when nothing is close, or the value is no text', () => {
    expect(messages({ tax_code: 'zzzzzz' })).toEqual([`line_items.0.tax_code must be one of: ${TAX_CODES}`]);
    expect(messages({ tax_behavior: 'gross' })).toEqual(['line_items.0.tax_behavior must be one of: exclusive, inclusive']);
    expect(messages({ tax_code: 'x'.repeat(500) })).toEqual([`line_items.0.tax_code must be one of: ${TAX_CODES}`]);
    for (const value of ['', 'eservice-of-another-kind-entirely', 5, true]) {
      expect(messages({ tax_code: value })[0], String(value)).not.toContain('did you mean');
    }
  });
});

describe('the other schemas', () => {
  it('a v20260309 transaction', () => {
    const request = { source_id: 'ch_1', date: '2026-06-01', currency: 'EUR', customer: { address: { country: 'DE' } }, tax_behavior: 'exclusiv', items: [{ reference: 'a', amount: '10.00', tax_code: 'ebok' }] };
    expect(refused(() => computeTransaction(request as never, seller)).issues.map((i) => i.message)).toEqual([
      'tax_behavior must be one of: exclusive, inclusive; did you mean exclusive?',
      `items.0.tax_code must be one of: ${TAX_CODES}; did you mean ebook?`,
    ]);
  });

  it('a v20241028 transaction’s customer', () => {
    const request = {
      date: '2026-06-01',
      customer: { first_name: 'Anna', country: 'DE', tax_status: 'exmpt' },
      items: [{ description: 'Plan', amount: 100, tax: { country: 'DE', tax_code: 'saas' } }],
      payment: { method: 'credit_card', processor: 'stripe', processor_id: 'ch_1' },
    };
    const e = refused(() => buildDocument(request as never, seller, { id: 1, number: 'INV-1', createdAt: 1_780_300_800 } as DocumentOptions));
    expect(e.issues.map((i) => i.message)).toEqual(['customer.tax_status must be one of: taxable, exempt, reverse; did you mean exempt?']);
  });
});
