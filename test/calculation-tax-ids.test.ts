/** A v20260309 calculation's customer_tax_ids: a customer's several tax IDs, each validated, the first valid one deciding. */
import { describe, expect, it } from 'vitest';
import { calculate, type Account, type CalculationOptions, type CalculationRequest } from '../src/index.js';
import { refused } from './helpers.js';

const ie: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const request = (extra: object) => ({ customer_address: { country: 'DE' }, tax_date: 1_780_315_200, line_items: [{ reference: 'app', amount: '100.00', tax_code: 'saas' }], ...extra });
// A verdict service: the tax IDs ending in 1 are valid, in 0 invalid, the others unknown.
const taxIdVerdict = (_country: string, taxId: string) => (taxId.endsWith('1') ? 'valid' : taxId.endsWith('0') ? 'invalid' : 'unknown');
const calc = (extra: object) => calculate(request(extra) as CalculationRequest, ie, { taxIdVerdict } as CalculationOptions);

describe('customer_tax_ids', () => {
  it('validates each, in order, and the first valid one decides as customer_tax_id would', () => {
    const r = calc({ customer_tax_ids: ['DE000000000', 'DE000000002', 'DE000000001'] });
    const one = calc({ customer_tax_id: 'DE000000001' });
    // A valid German VAT number: the reverse charge (VAT Directive art. 196), no tax charged.
    expect([r.total_tax, r.line_items[0]?.notes]).toEqual([one.total_tax, one.line_items[0]?.notes]);
    expect(r.total_tax).toBe('0.00');
    expect(r.tax_id_validation).toEqual(one.tax_id_validation);
    expect(r.tax_ids_validation).toEqual([
      { tax_id: 'DE000000000', country: 'DE', valid: false },
      { tax_id: 'DE000000002', country: 'DE', valid: null },
      { tax_id: 'DE000000001', country: 'DE', valid: true },
    ]);
    expect(one).not.toHaveProperty('tax_ids_validation');
  });

  it('with none valid, decides as the first unknown one, else the first', () => {
    const unknown = calc({ customer_tax_ids: ['DE000000000', 'DE000000002'] });
    expect(unknown.tax_id_validation).toEqual(calc({ customer_tax_id: 'DE000000002' }).tax_id_validation);
    expect(unknown.total_tax).toBe(calc({ customer_tax_id: 'DE000000002' }).total_tax);
    const invalid = calc({ customer_tax_ids: ['DE000000000', 'DE000000010'] });
    expect([invalid.tax_id_validation?.tax_id, invalid.total_tax]).toEqual(['DE000000000', '19.00']);
  });

  it('is refused (400) with customer_tax_id too, empty, or of more than 10', () => {
    for (const extra of [{ customer_tax_id: 'DE000000001', customer_tax_ids: ['DE000000001'] }, { customer_tax_ids: [] }, { customer_tax_ids: Array.from({ length: 11 }, () => 'DE000000001') }, { customer_tax_ids: [5] }]) {
      const e = refused(() => calc(extra));
      expect([e.status, e.issues[0]?.path[0]]).toEqual([400, 'customer_tax_ids']);
    }
  });
});

describe('the calculation fields of lines and customers read from a copy', () => {
  it('answer the same whatever enumerable fields Object.prototype holds: customer_tax_ids, a line’s product and metadata kept, none added', () => {
    const options = { taxIdVerdict, products: { book: { tax_class: 'ebook' } } } as CalculationOptions;
    const lines = [{ reference: 'b', amount: '10.00', product: 'book', metadata: { order: 'A-1' } }, { reference: 'g', amount: '20.00', tax_code: 'standard', product_type: 'good' }, { reference: 'f', amount: '20.00', tax_code: 'reduced', product_type: 'good' }];
    const given = request({ customer_tax_ids: ['DE000000000', 'DE000000002'], line_items: lines, shipping_cost: { amount: '5.00', tax_code: 'reduced' } });
    const clean = calculate(given as CalculationRequest, ie, options);
    const polluted: [string, unknown][] = [['customer_tax_ids', ['DE000000000']], ['product', 'book'], ['metadata', { x: 1 }], ['tax_code', 'standard'], ['country', 'FR']];
    for (const [key, value] of polluted) {
      Object.defineProperty(Object.prototype, key, { value, enumerable: true, configurable: true, writable: true });
      try {
        expect(calculate(given as CalculationRequest, ie, options), key).toEqual(clean);
      } finally {
        delete (Object.prototype as Record<string, unknown>)[key];
      }
    }
    expect([clean.tax_id_validation?.tax_id, clean.line_items[0]?.tax_code, clean.line_items[0]?.metadata]).toEqual(['DE000000002', 'ebook', { order: 'A-1' }]);
    // The charge delivers the reduced-rate goods alone: 7 % of 5.00 (UStG § 12(2) Nr. 1).
    expect(clean.shipping_cost?.taxes.map((t) => [t.rate, t.taxable_amount, t.amount])).toEqual([['7', '5.00', '0.35']]);
  });
});
