/**
 * A non-enumerable field on Object.prototype (which `for…in`, and so the library's check for a
 * polluted prototype, does not show) changes no answer of `calculate`: each name a calculation
 * request, its lines, addresses and shipping cost can hold is set, not enumerable, with a value
 * that would change the answer if it were read, and every outcome must be the clean run's.
 */
import { describe, expect, it } from 'vitest';
import { calculate, defineAccount } from '../src/index.js';

const seller = defineAccount({
  country: 'DE',
  postal_code: '10115',
  currency: 'EUR',
  registrations: [{ country: 'DE' }, { scheme: 'oss', valid_from: '2021-07-01' }, { country: 'US', region: 'NY' }],
});

const TAX_DATE = 1780315200; // 2026-06-01
const requests = [
  // Plain requests: read directly.
  { customer_address: { country: 'FR', postal_code: '75001' }, currency: 'EUR', tax_date: TAX_DATE, line_items: [{ reference: 'a', amount: '100.00' }, { reference: 'b', amount: '20.00', quantity: 2, tax_code: 'ebook' }] },
  { customer_address: { country: 'US', postal_code: '10001', state: 'NY' }, currency: 'USD', tax_date: TAX_DATE, line_items: [{ reference: 'a', amount: '100.00', tax_code: 'books' }], shipping_cost: { amount: '5.00' } },
  // Read through the schema (a line's metadata).
  { customer_address: { country: 'DE' }, currency: 'EUR', tax_date: TAX_DATE, line_items: [{ reference: 'a', amount: '50.00', metadata: { sku: '1' } }] },
];

/** Each name and a value that changes some answer when read. */
const HIDDEN: [string, unknown][] = [
  ['tax_code', 'exempt'],
  ['quantity', 3],
  ['product_type', 'service'],
  ['tax_behavior', 'inclusive'],
  ['metadata', { a: 'b' }],
  ['product', 'P1'],
  ['customer_tax_ids', ['DE811569869']],
  ['customer_tax_id', 'DE811569869'],
  ['shipping_cost', { amount: '9.00' }],
  ['origin_address', { country: 'US', postal_code: '10001' }],
  ['customer_tax_status', 'exempt'],
  ['customer_exemption_certificate', 'X'],
  ['postal_code', '90210'],
  ['state', 'CA'],
  ['currency', 'USD'],
  ['tax_date', 1700000000],
];

/** Every outcome of the requests, as text (a refusal as its status and message). */
function outcomes(): string[] {
  return requests.map((r) => {
    try {
      return JSON.stringify(calculate(structuredClone(r) as Parameters<typeof calculate>[0], seller));
    } catch (e) {
      const err = e as { status?: number; message?: string };
      return `refused ${err.status} ${err.message}`;
    }
  });
}

describe('a non-enumerable field on Object.prototype', () => {
  const clean = outcomes();

  it('is answered in the clean run (the requests are ones the names would change)', () => {
    expect(clean.every((o) => !o.startsWith('refused'))).toBe(true);
  });

  it.each(HIDDEN)('changes no answer of calculate when it is %s', (name, value) => {
    Object.defineProperty(Object.prototype, name, { value, enumerable: false, configurable: true, writable: true });
    let got: string[];
    try {
      got = outcomes();
    } finally {
      delete (Object.prototype as Record<string, unknown>)[name];
    }
    expect(got).toEqual(clean);
  });
});
