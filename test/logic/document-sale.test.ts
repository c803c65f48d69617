/**
 * buildDocument for a sale, as logic: how items are priced (quantity × unit price, the discount
 * off before tax), rounded (each item's tax half up), couponed and rendered with a second tax.
 * On the test rule set (test/support/mini-rules.ts): Avalonia's VAT 20 % (e-books 10 %) and
 * Northmoor's GST 5 % and PST 7 %.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument, defineAccount, type Account, type BillingDocument, type DocumentOptions } from '../../src/index.js';
import { refused } from '../helpers.js';
import { miniRules as rules } from '../support/mini-rules.js';

const build = (request: unknown, account: Account, options: object): BillingDocument => buildDocument(request, account, { rules, ...options } as DocumentOptions);
const avalonian = defineAccount({ country: 'XA', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }] }, rules);
const northmoor = defineAccount({ country: 'XC', postal_code: '1000', currency: 'XTS', default_product_type: 'good', registrations: [{ jurisdiction_id: 903 }, { jurisdiction_id: 903001 }] }, rules);
const ids = { id: 101, number: 'INV-101', createdAt: 1_780_300_800 }; // 2026-06-01T08:00:00Z
const payment = { method: 'credit_card' as const, processor: 'stripe', processor_id: 'ch_1' };
const saas = (amount: number | string) => ({ description: 'Plan', amount, tax: { country: 'XA', tax_code: 'saas' as const } });
const sale = (items: object[]) => ({ date: '2026-06-01', customer: { first_name: 'Anna', country: 'XA' }, items, payment });

describe('an invoice for a sale', () => {
  it('prices each item (quantity × unit price, the discount off before tax) and rounds each item’s tax half up', () => {
    const doc = build(
      sale([
        { description: 'Annual plan', product_code: 'plan-y', amount: 120, discount_rate: 10, tax: { country: 'XA', tax_code: 'saas' } },
        { description: 'E-book', quantity: 3, amount: '6.95', tax: { country: 'XA', tax_code: 'ebook' } },
      ]),
      avalonian,
      ids,
    );
    // 20 % of 108.00 = 21.60; 10 % of 3 × 6.95 = 20.85 is 2.085 → 2.09 (half up; half to even would give 2.08).
    expect(doc.items.map((i) => [i.subtotal_cents, i.discount_cents, i.tax_1_name, i.tax_1_rate, i.tax_1_amount_cents, i.tax_1_taxable_base_cents, i.total_amount])).toEqual([
      [12000, 1200, 'VAT', 20, 2160, 10800, 129.6],
      [2085, 0, 'VAT', 10, 209, 2085, 22.94],
    ]);
    expect([doc.subtotal_cents, doc.discount_cents, doc.total_cents]).toEqual([14085, 1200, 14085 - 1200 + 2160 + 209]);
    expect(doc.taxes.map((t) => [t.label, t.country, t.transaction_type, t.taxable_base_cents, t.amount_cents])).toEqual([
      ['VAT 20%', 'XA', 'saas', 10800, 2160],
      ['VAT 10%', 'XA', 'ebook', 2085, 209],
    ]);
    expect(doc.payments).toEqual([{ id: null, amount: 152.54, created_at: '1780300800', date: '2026-06-01', payment_method: 'credit_card', processor: 'stripe', processor_id: 'ch_1' }]);
  });

  it('lists a second tax as tax_2 (Northmoor: GST 5 % and PST 7 %), each its own entry of taxes', () => {
    const doc = build({ date: '2026-06-01', shipping_address: { country: 'XC', postal_code: '1000' }, items: [{ amount: 100, tax: { country: 'XC', tax_code: 'standard' } }], payment }, northmoor, ids);
    const item = doc.items[0]!;
    expect([item.tax_1_name, item.tax_1_rate, item.tax_1_region, item.tax_1_amount_cents, item.tax_2_name, item.tax_2_rate, item.tax_2_region, item.tax_2_amount_cents]).toEqual(['GST', 5, null, 500, 'PST', 7, 'NP', 700]);
    expect(doc.taxes.map((t) => [t.label, t.region, t.amount_cents])).toEqual([
      ['GST 5%', null, 500],
      ['PST 7%', 'NP', 700],
    ]);
    expect(doc.total_cents).toBe(11200);
  });

  it('applies a coupon before tax: a percentage off each item, an amount shared by the items’ net amounts', () => {
    const items = [saas(10), saas(20), saas(30)];
    const percent = build(sale(items), avalonian, { ...ids, coupon: { code: 'TEN', percent: 10 } });
    expect(percent.items.map((i) => [i.discount_cents, i.tax_1_amount_cents])).toEqual([
      [100, 180],
      [200, 360],
      [300, 540],
    ]);
    expect(percent.coupon).toEqual({ code: 'TEN', discount_cents: 600 });
    // 1.00 over 10, 20, 30: 16.67, 33.33, 50 → 17, 33, 50 (largest remainder).
    const amount = build(sale(items), avalonian, { ...ids, coupon: { code: 'ONE', amount: '1.00' } });
    expect(amount.items.map((i) => i.discount_cents)).toEqual([17, 33, 50]);
    // 20 % of 9.83, 19.67 and 29.50: 1.966, 3.934, 5.90 → 1.97, 3.93, 5.90.
    expect(amount.items.map((i) => i.tax_1_amount_cents)).toEqual([197, 393, 590]);
    expect([amount.discount_cents, amount.total_cents]).toEqual([100, 5900 + 1180]);
    const e = refused(() => build(sale(items), avalonian, { ...ids, coupon: { code: 'BIG', amount: 61 } }));
    expect([e.status, e.issues]).toEqual([422, [{ path: ['options', 'coupon', 'amount'], code: 'unprocessable', message: "options.coupon.amount 61.00 is more than the items' net amount 60.00" }]]);
  });
});
