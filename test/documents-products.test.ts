/**
 * Products in documents (spec: "Product"): `tax_type` (`included`: the item's amount is gross,
 * its net solved so that net + taxes = gross exactly) and `tax_based_on` (`country`: the item
 * is taxed in the product's country, not at the customer's address), in sales and in the
 * refunds of those sales.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildDocument, type Account, type BillingDocument, type CreditNoteOptions, type DocumentOptions, type TaxRulesIssue } from '../src/index.js';
import { refused } from './helpers.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, options as CreditNoteOptions);

const ie = { country: 'IE', postal_code: 'D02X285', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] };
const us = { country: 'US', postal_code: '10001', currency: 'USD', registrations: [{ jurisdiction_id: 840048 }] };
const ids = { id: 301, number: 'INV-301', createdAt: 1_780_300_800 }; // 2026-06-01T08:00:00Z
const payment = { method: 'credit_card' as const, processor: 'stripe', processor_id: 'ch_9' };
const products = {
  plan: { tax_class: 'saas', tax_type: 'included' },
  addon: { tax_class: 'saas', tax_type: 'included' },
  net: { tax_class: 'saas', tax_type: 'excluded' },
  unstated: { tax_class: 'saas' },
  stream: { tax_class: 'eservice', tax_based_on: 'country', country: 'FR' },
  ticket: { tax_class: 'standard', product_type: 'service', tax_based_on: 'country', country: 'FR' },
  show: { tax_class: 'standard', tax_based_on: 'country', country: 'US' },
};
const item = (product_code: string, amount: number | string, extra: object = {}) => ({ product_code, amount, tax: { country: 'DE' }, ...extra });
const sale = (items: object[], extra: object = {}) => ({ date: '2026-06-01', customer: { first_name: 'Lea', country: 'DE' }, items, payment, processor: 'stripe', processor_id: 'ch_9', ...extra });
const fail = (f: () => unknown): [number, (string | number)[][]] => {
  const e = refused(f);
  return [e.status, e.issues.map((i: TaxRulesIssue) => [i.path.join('.'), i.code])];
};
const rows = (doc: BillingDocument) => doc.items.map((i) => [i.unit_price, i.subtotal_cents, i.discount_cents, i.tax_1_amount_cents, i.total_amount, i.tax_type]);

describe('a product priced with tax included (tax_type: included)', () => {
  it('reads the item’s amount as gross: 100.00 and 19.00 of SaaS in Germany are 119.00 with 19.00 of VAT', () => {
    const doc = build(sale([item('plan', 100), item('addon', '19.00')]), ie, { ...ids, products });
    // DE VAT 19 % (UStG § 12 Abs. 1), OSS: 100.00 × 19/119 = 15.966 → 15.97, net 84.03; 19.00 × 19/119 = 3.034 → 3.03, net 15.97.
    expect(rows(doc)).toEqual([
      [100, 8403, 0, 1597, 100, 'included'],
      [19, 1597, 0, 303, 19, 'included'],
    ]);
    expect([doc.subtotal_cents, doc.discount_cents, doc.total_cents]).toEqual([10000, 0, 11900]);
    expect(doc.taxes.map((t) => [t.label, t.taxable_base_cents, t.amount_cents])).toEqual([['VAT 19%', 10000, 1900]]);
    expect(doc.payments[0]?.amount).toBe(119);
  });

  it('takes the discount off the gross, and shows the net of the gross subtotal and the discount down to the net', () => {
    const doc = build(sale([item('plan', 119, { discount_rate: 10 })]), ie, { ...ids, products });
    // 119.00 less 10 % = 107.10 gross; 107.10 × 19/119 = 17.10, net 90.00; 119.00 gross is 100.00 net.
    expect(rows(doc)).toEqual([[119, 10000, 1000, 1710, 107.1, 'included']]);
    expect(doc.total_cents).toBe(10710);
  });

  it('prices a coupon percent off the gross; an amount coupon shared between gross and net items is refused (422)', () => {
    const doc = build(sale([item('plan', 119)]), ie, { ...ids, products, coupon: { code: 'TEN', percent: 10 } });
    expect([doc.total_cents, doc.items[0]?.tax_1_amount_cents]).toEqual([10710, 1710]);
    expect(fail(() => build(sale([item('plan', 119), item('net', 100)]), ie, { ...ids, products, coupon: { code: 'FIVE', amount: 5 } }))).toEqual([422, [['options.coupon.amount', 'unprocessable']]]);
  });

  it('prices taxes the request gives (name and rate) inclusive too: net + taxes = the gross, exactly', () => {
    const doc = build(sale([item('plan', '10.00', { tax: { country: 'CA', region: 'BC', name: 'GST', rate: 5, additional_name: 'PST', additional_rate: 7 } })]), ie, { ...ids, products });
    // 10.00 / 1.12 = 8.9286: GST 0.4464 → 0.45, PST 0.625 → 0.63 (each group rounded on its own), net 8.92.
    const i = doc.items[0] as BillingDocument['items'][number];
    expect([i.subtotal_cents, i.tax_1_amount_cents, i.tax_2_amount_cents, i.total_amount, doc.total_cents]).toEqual([892, 45, 63, 10, 1000]);
  });

  it('charges an exempt contact no tax: the gross is all net', () => {
    const doc = build(sale([item('plan', 119)], { customer: { first_name: 'Lea', country: 'DE', tax_status: 'exempt' } }), ie, { ...ids, products });
    expect(rows(doc)).toEqual([[119, 11900, 0, 0, 119, 'included']]);
  });

  it('keeps an item net when it names no product, or a product whose tax_type is excluded or not given (the product record’s default is the server’s to set)', () => {
    for (const code of ['net', 'unstated']) expect(build(sale([item(code, 100)]), ie, { ...ids, products }).total_cents).toBe(11900);
    const plain = build(sale([{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }]), ie, ids);
    expect([plain.total_cents, 'tax_type' in (plain.items[0] as object)]).toEqual([11900, false]);
  });

  it('is refunded in the terms it was sold in: a refund item’s amount is gross, and the sale and its refunds net to zero', () => {
    const invoice = build(sale([item('plan', 119)]), ie, { ...ids, products });
    const refund = (amount: number | undefined, id: number, credits: BillingDocument[]) =>
      build({ type: 'refund', processor: 'stripe', processor_id: 'ch_9', payment, ...(amount === undefined ? {} : { items: [item('plan', amount)] }) }, ie, { id, number: `CN-${id}`, createdAt: 1_780_400_000, invoice, credits });
    const half = refund(59.5, 302, []);
    // 59.50 of the 119.00 gross: 50.00 net and 9.50 of VAT, in the invoice's proportion.
    expect(rows(half)).toEqual([[59.5, 5000, 0, 950, 59.5, 'included']]);
    const rest = refund(undefined, 303, [half]);
    expect(rows(rest)).toEqual([[59.5, 5000, 0, 950, 59.5, 'included']]);
    expect(half.total_cents + rest.total_cents).toBe(invoice.total_cents);
    expect(fail(() => refund(60, 304, [half]))).toEqual([422, [['items.0.amount', 'unprocessable']]]);
  });

  it('is credited whole by POST /credits as it was invoiced', () => {
    const invoice = build(sale([item('plan', 119, { discount_rate: 10 })]), ie, { ...ids, products });
    const credit = creditNote({ invoice_id: 301 }, { id: 305, number: 'CN-305', createdAt: 1_780_400_000, invoice });
    expect(rows(credit)).toEqual(rows(invoice));
    expect(credit.total_cents).toBe(invoice.total_cents);
  });
});

describe('items priced with tax included, over random amounts, rates and discounts', () => {
  it('add up to their gross exactly, show a discount never below 0, and are credited back to zero', () => {
    const rate = (max: number) => fc.integer({ min: 0, max }).map((r) => r / 1000);
    // One tax, or two rounded each on its own (GST and PST: the net of a larger gross may come out a cent smaller).
    const tax = fc.tuple(rate(27_000), fc.option(rate(10_000), { nil: undefined })).map(([main, pst]) => ({ name: 'GST', rate: main, ...(pst === undefined ? {} : { additional_name: 'PST', additional_rate: pst }) }));
    const line = fc.record({ amount: fc.integer({ min: 1, max: 5_000_000 }).map((c) => (c / 100).toFixed(2)), quantity: fc.integer({ min: 1, max: 4 }), discount_rate: fc.constantFrom(0, 0, 5, 12.5, 33), tax });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
        const items = lines.map((l, k) => ({ product_code: 'plan', description: `line ${k}`, amount: l.amount, quantity: l.quantity, discount_rate: l.discount_rate, tax: { country: 'CA', region: 'BC', ...l.tax } }));
        const doc = build({ date: '2026-06-01', items, payment, processor: 'stripe', processor_id: 'ch_9' }, ie, { ...ids, products });
        doc.items.forEach((i, k) => {
          const l = lines[k] as (typeof lines)[number];
          // The gross after the discount, which is rounded half up to the cent (decimal.js as the reference).
          const subtotal = new Decimal(l.amount).times(l.quantity);
          const gross = subtotal.minus(subtotal.times(l.discount_rate).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
          const net = i.subtotal_cents - i.discount_cents;
          expect(i.discount_cents).toBeGreaterThanOrEqual(0);
          expect(net + i.tax_1_amount_cents + (i.tax_2_amount_cents ?? 0)).toBe(gross.times(100).toNumber());
          expect(i.total_amount).toBe(gross.toNumber());
        });
        const credit = creditNote({ invoice_id: ids.id }, { id: 399, number: 'CN-399', createdAt: 1_780_400_000, invoice: doc });
        expect(credit.total_cents).toBe(doc.total_cents);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a product taxed in its own country (tax_based_on: country)', () => {
  it('taxes the item as sold to a customer in the product’s country: a French stream for a German consumer bears French VAT', () => {
    const doc = build(sale([{ product_code: 'stream', amount: 100, tax: { country: 'FR' } }]), ie, { ...ids, products });
    // CGI art. 278: TVA 20 %, collected through the OSS.
    expect(doc.items.map((i) => [i.tax_1_name, i.tax_1_rate, i.tax_1_country, i.tax_1_amount_cents])).toEqual([['VAT', 20, 'FR', 2000]]);
  });

  it('refuses an item whose tax country is not the product’s (422), and a supply the rules place elsewhere without its tax (422)', () => {
    expect(fail(() => build(sale([{ product_code: 'stream', amount: 100, tax: { country: 'DE' } }]), ie, { ...ids, products }))).toEqual([422, [['items.0.tax.country', 'unprocessable']]]);
    // An event ticket sold by an Irish seller: a service to a consumer is taxed where the seller is (VAT Directive art. 45) in the rules, not at the event.
    const e = refused(() => build(sale([{ product_code: 'ticket', amount: 100, tax: { country: 'FR' } }]), ie, { ...ids, products }));
    expect([e.status, e.issues[0]?.path.join('.')]).toEqual([422, 'items.0.tax']);
    expect(e.issues[0]?.message).toContain('give the item\'s tax (name and rate) for FR');
    const given = build(sale([{ product_code: 'ticket', amount: 100, tax: { country: 'FR', name: 'TVA', rate: 20 } }]), ie, { ...ids, products });
    expect(given.total_cents).toBe(12000);
  });

  it('never reads the customer’s address as the product’s place: a US product needs its tax, the customer’s ZIP code is not where it is', () => {
    const request = { date: '2026-06-01', customer: { first_name: 'Sam', country: 'US', postal_code: '10001' }, items: [{ product_code: 'show', amount: 100, tax: { country: 'US' } }], payment };
    expect(fail(() => build(request, us, { ...ids, products }))).toEqual([400, [['items.0.tax', 'missing']]]);
  });

  it('checks the products: tax_type and tax_based_on of the spec’s values, a country required with tax_based_on country', () => {
    const bad = { a: { tax_type: 'gross', tax_based_on: 'event' }, b: { tax_based_on: 'country' }, c: { tax_based_on: 'country', country: 'France' }, d: { unit_cost: '1' } };
    expect(fail(() => build(sale([item('plan', 1)]), ie, { ...ids, products: bad }))).toEqual([
      400,
      [
        ['options.products.a.tax_type', 'invalid_value'],
        ['options.products.a.tax_based_on', 'invalid_value'],
        ['options.products.b.country', 'missing'],
        ['options.products.c.country', 'malformed'],
        ['options.products.d.unit_cost', 'unknown_field'],
      ],
    ]);
    expect(fail(() => build(sale([item('plan', 1)]), ie, { ...ids, products: { plan: { tax_based_on: 'country', country: 'XX' } } }))).toEqual([406, [['options.products.plan.country', 'invalid_value']]]);
  });
});
