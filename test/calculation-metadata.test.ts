/** A v20260309 calculation line's metadata: the seller's own data, echoed in the line's result, deciding no tax. */
import { describe, expect, it } from 'vitest';
import { calculate, type Account, type CalculationRequest } from '../src/index.js';
import { calculationResponseSchema } from '../src/schemas.js';
import { refused } from './helpers.js';

const ie: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const request = (metadata?: unknown) => ({
  customer_address: { country: 'DE' },
  tax_date: 1_780_315_200,
  line_items: [{ reference: 'app', amount: '100.00', tax_code: 'saas', ...(metadata === undefined ? {} : { metadata }) }, { reference: 'book', amount: '10.00', tax_code: 'ebook' }],
});
const calc = (r: unknown) => calculate(r as CalculationRequest, ie);

describe('a calculation line’s metadata', () => {
  it('is echoed in its line’s result, a copy, and changes no amount', () => {
    const metadata = { order: 'A-17', seats: 3, trial: false, note: null };
    const plain = calc(request());
    const r = calc(request(metadata));
    expect(r.line_items[0]).toEqual({ ...plain.line_items[0], metadata });
    expect((r.line_items[0] as { metadata?: unknown }).metadata).not.toBe(metadata);
    expect(r.line_items[1]).toEqual(plain.line_items[1]);
    expect(Object.keys(plain.line_items[0]!)).not.toContain('metadata');
    expect([r.subtotal, r.total_tax, r.total]).toEqual([plain.subtotal, plain.total_tax, plain.total]);
    expect(calculationResponseSchema.safeParse(r).success).toBe(true);
  });

  it('is refused (400) when it is no flat record of at most 20 keys', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    for (const metadata of [many, { nested: { a: 1 } }, ['a'], 'text', { long: 'x'.repeat(501) }]) {
      const e = refused(() => calc(request(metadata)));
      expect(e.status, JSON.stringify(metadata).slice(0, 40)).toBe(400);
      expect(e.issues[0]?.path.slice(0, 3)).toEqual(['line_items', 0, 'metadata']);
    }
  });
});
