/**
 * A delivery charge (`shipping_cost`) on a v20241028 document: shared between the goods items
 * as in a calculation, each share taxed as its goods and by the taxes' delivery rules, and
 * rendered as items of its own, one per place, tax code and product type. On the test rule set
 * (test/support/mini-rules.ts): Avalonia's VAT 20 % and 10 %, Borduria's 25 %, Norland's local
 * taxes, Estmark without a delivery rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDocument, calculate, defineAccount, type Account, type BillingDocument, type DocumentOptions } from '../../src/index.js';
import { refused } from '../helpers.js';
import { miniRules as rules } from '../support/mini-rules.js';

const build = (request: unknown, account: Account, options: unknown = opts): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const opts = { rules, id: 1, number: 'INV-1', createdAt: 1_780_000_000, products: { g: { product_type: 'good' }, s: { product_type: 'service' }, gi: { product_type: 'good', tax_type: 'included' } } };
const avalonian = defineAccount({ country: 'XA', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }, { jurisdiction_id: 902 }] }, rules);
const norlander = defineAccount({ country: 'XD', postal_code: '10001', currency: 'XTS', registrations: [{ jurisdiction_id: 904001 }] }, rules);
const payment = { method: 'credit_card' as const };
const book = { product_code: 'g', description: 'Book', amount: '100.00', tax: { country: 'XA', tax_code: 'standard' } };
const food = { product_code: 'g', description: 'Food', amount: '50.00', tax: { country: 'XA', tax_code: 'reduced' } };
const sale = (extra: object = {}, items: object[] = [book, food]) => ({ date: '2026-06-01', customer: { first_name: 'Ada', country: 'XA' }, items, payment, shipping_cost: { amount: '10.00' }, ...extra });
const rows = (d: BillingDocument) => d.items.map((i) => [i.description, i.product_code, i.subtotal_cents, i.tax_1_rate, i.tax_1_amount_cents, i.tax_1_country, i.tax_1_transaction_type]);

describe('shipping_cost on an invoice', () => {
  it('is shared between the goods by their amounts, one item per rate, taxed as the goods', () => {
    const d = build(sale(), avalonian);
    // 10.00 over 100.00 and 50.00: 6.67 and 3.33; 20 % of 6.67 = 1.334, 10 % of 3.33 = 0.333.
    expect(rows(d)).toEqual([
      ['Book', 'g', 10000, 20, 2000, 'XA', 'standard'],
      ['Food', 'g', 5000, 10, 500, 'XA', 'reduced'],
      ['Shipping', null, 667, 20, 133, 'XA', 'standard'],
      ['Shipping', null, 333, 10, 33, 'XA', 'reduced'],
    ]);
    expect([d.subtotal_cents, d.total_cents]).toEqual([16000, 16000 + 2000 + 500 + 133 + 33]);
    expect(d.tax_notes).toContain('Delivery charges are part of the price of the goods: VAT is charged on them as on the goods.');
    // The same shares and taxes as a calculation of the same sale.
    const c = calculate(
      {
        customer_address: { country: 'XA', postal_code: '10115' },
        tax_date: 1_780_272_000,
        shipping_cost: { amount: '10.00' },
        line_items: [
          { reference: 'b', amount: '100.00', tax_code: 'standard', product_type: 'good' },
          { reference: 'f', amount: '50.00', tax_code: 'reduced', product_type: 'good' },
        ],
      },
      avalonian,
      { rules },
    );
    expect(c.shipping_cost!.taxes.map((t) => [t.taxable_amount, t.amount])).toEqual([
      ['6.67', '1.33'],
      ['3.33', '0.33'],
    ]);
    // Without it, the goods' items are the same.
    const without = build(sale({ shipping_cost: null }), avalonian);
    expect(d.items.slice(0, 2)).toEqual(without.items);
  });

  it('is rounded per tax and rate: its items’ taxes add up to the tax of the whole charge, whatever the goods’ codes', () => {
    // Borduria taxes its reduced code at its one rate, 25 %: 25 % of 101.46 is 25.365, so 25.37 on the charge,
    // where two items of 50.73 rounded apart would carry 12.68 each.
    const bordurian = (code: string) => ({ product_code: 'g', description: code, amount: '100.00', tax: { country: 'XB', tax_code: code } });
    for (const codes of [['standard', 'standard'], ['standard', 'reduced']]) {
      const d = build(sale({ customer: { first_name: 'Ada', country: 'XB' }, shipping_cost: { amount: '101.46' } }, codes.map(bordurian)), avalonian);
      const shipping = d.items.filter((i) => i.description === 'Shipping');
      expect([shipping.reduce((a, i) => a + i.subtotal_cents, 0), shipping.reduce((a, i) => a + (i.tax_1_amount_cents ?? 0), 0)], codes.join(' ')).toEqual([10146, 2537]);
    }
  });

  it('gives no share to a service, and its description is the request’s', () => {
    const plan = { product_code: 's', description: 'Plan', amount: '20.00', tax: { country: 'XA', tax_code: 'saas' } };
    const d = build(sale({ shipping_cost: { amount: '4.95', description: 'Delivery' } }, [plan, book]), avalonian);
    expect(rows(d).slice(2)).toEqual([['Delivery', null, 495, 20, 99, 'XA', 'standard']]);
  });

  it('takes the place and local taxes of its goods: Norland at ZIP 10001, at the combined rate (6 + 1 + 1.5 + 0.5 %)', () => {
    const d = build(
      { date: '2026-08-01', customer: { first_name: 'Bo', country: 'XD', postal_code: '10001' }, items: [{ ...book, tax: { country: 'XD', region: 'NO', tax_code: 'standard' } }], payment, shipping_cost: { amount: '10.00' } },
      norlander,
    );
    expect(d.items[1]).toMatchObject({ description: 'Shipping', subtotal_cents: 1000, tax_1_rate: 9, tax_1_amount_cents: 90, tax_1_city: 'Lakeside', tax_1_region: 'NO' });
  });

  it('is priced with tax included when its tax_type is included: 12.00 is 10.00 and 2.00', () => {
    const d = build(sale({ shipping_cost: { amount: '12.00', tax_type: 'included' } }, [{ ...book, product_code: 'gi' }]), avalonian);
    expect(d.items[1]).toMatchObject({ unit_price: 12, subtotal_cents: 1000, discount_cents: 0, tax_1_amount_cents: 200, total_amount: 12, tax_type: 'included' });
  });

  it('is one item per country when the goods go to several', () => {
    const d = build(sale({}, [book, { ...book, description: 'Livre', tax: { country: 'XB', tax_code: 'standard' } }]), avalonian);
    expect(rows(d).slice(2)).toEqual([
      ['Shipping', null, 500, 20, 100, 'XA', 'standard'],
      ['Shipping', null, 500, 25, 125, 'XB', 'standard'],
    ]);
  });

  it('is not taxed for an exempt contact', () => {
    const d = build(sale({ customer: { first_name: 'Ada', country: 'XA', tax_status: 'exempt', exemption_certificate: 'EX-1' } }), avalonian);
    expect(d.items.slice(2).map((i) => [i.subtotal_cents, i.tax_1_amount_cents, i.tax_status])).toEqual([[1000, 0, 'non_taxable']]);
    expect(d.total_cents).toBe(16000);
  });

  it('is refused where the rules have no delivery rule (Estmark), naming shipping_cost', () => {
    const estmarker = defineAccount({ country: 'XE', postal_code: '1000', currency: 'XTS', registrations: [{ jurisdiction_id: 905 }] }, rules);
    const e = refused(() => build({ date: '2026-08-01', customer: { first_name: 'Bo', country: 'XE', postal_code: '1000' }, items: [{ ...book, tax: { country: 'XE', tax_code: 'standard' } }], payment, shipping_cost: { amount: '10.00' } }, estmarker));
    expect(e.status).toBe(422);
    expect(e.issues[0]!.path).toEqual(['shipping_cost']);
    expect(e.issues[0]!.message).toContain('no rule yet for delivery charges under CT in Estmark');
  });

  it('is refused without goods, with goods that give their own tax, and shared between net and gross goods', () => {
    const plan = { product_code: 's', description: 'Plan', amount: '20.00', tax: { country: 'XA', tax_code: 'saas' } };
    expect(refused(() => build(sale({}, [plan]), avalonian)).message).toMatch(/no item is goods/);
    expect(refused(() => build(sale({}, [book, { ...food, tax: { country: 'XA', tax_code: 'reduced', name: 'VAT', rate: 10 } }]), avalonian)).message).toMatch(/items\.1 gives its own tax/);
    expect(refused(() => build(sale({}, [book, { ...food, product_code: 'gi' }]), avalonian)).message).toMatch(/tax included and goods priced net/);
    const e = refused(() => build(sale({ shipping_cost: { amount: '10.00', carrier: 'x' } }), avalonian));
    expect([e.status, e.issues[0]!.path]).toEqual([400, ['shipping_cost', 'carrier']]);
    expect(refused(() => build(sale({ shipping_cost: { amount: '-1' } }), avalonian)).issues[0]!.path).toEqual(['shipping_cost', 'amount']);
    expect(refused(() => build(sale({ shipping_cost: { amount: '1.001' } }), avalonian)).message).toMatch(/more decimals than EUR/);
  });

  it('is credited as an item: a refund names it by description, and refuses a shipping_cost of its own', () => {
    const invoice = build({ ...sale({}, [book]), processor: 'stripe', processor_id: 'ch_9' }, avalonian);
    const refund = { type: 'refund', processor: 'stripe', processor_id: 'ch_9', date: '2026-06-10', payment };
    const credit = build({ ...refund, items: [{ description: 'Shipping', amount: '10.00', tax: { country: 'XA' } }] }, avalonian, { rules, id: 2, number: 'CN-2', createdAt: 1_781_000_000, invoice });
    expect(credit.items.map((i) => [i.description, i.subtotal_cents, i.tax_1_amount_cents])).toEqual([['Shipping', 1000, 200]]);
    // The rest, refunded without items, nets the sale to zero: the book and its tax.
    const rest = build(refund, avalonian, { rules, id: 4, number: 'CN-4', createdAt: 1_781_000_001, invoice, credits: [credit] });
    expect(rest.items.map((i) => [i.description, i.subtotal_cents, i.tax_1_amount_cents])).toEqual([['Book', 10000, 2000]]);
    expect(credit.total_cents + rest.total_cents).toBe(invoice.total_cents);
    const e = refused(() => build({ ...refund, shipping_cost: { amount: '10.00' } }, avalonian, { rules, id: 3, number: 'CN-3', createdAt: 1_781_000_000, invoice }));
    expect([e.status, e.issues[0]!.path]).toEqual([400, ['shipping_cost']]);
  });

  it('is shared exactly: its items add up to the charge, and the document’s totals to its items', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 100_000 }), (cents, shipping) => {
        const items = cents.map((c, i) => ({ product_code: 'g', description: `g${i}`, amount: (c / 100).toFixed(2), tax: { country: i % 3 === 2 ? 'XB' : 'XA', tax_code: i % 2 === 0 ? 'standard' : 'reduced' } }));
        const d = build(sale({ shipping_cost: { amount: (shipping / 100).toFixed(2) } }, items), avalonian);
        const shipped = d.items.slice(items.length);
        expect(shipped.reduce((a, i) => a + i.subtotal_cents, 0)).toBe(shipping);
        expect(shipped.every((i) => i.description === 'Shipping')).toBe(true);
        const taxes = d.items.reduce((a, i) => a + (i.tax_1_amount_cents ?? 0) + (i.tax_2_amount_cents ?? 0), 0);
        expect(d.total_cents).toBe(d.subtotal_cents - d.discount_cents + taxes);
      }),
      { numRuns: 150 },
    );
  });
});
