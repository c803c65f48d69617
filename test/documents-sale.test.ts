/**
 * buildDocument for a sale (v20241028 `POST /transactions`): the engine's taxes against
 * calculateTaxRate's, taxes the request gives, exchange rates, and every validation rule with
 * its status. How items are priced, rounded and couponed is tested on the test rule set in
 * test/logic/document-sale.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument, calculateTaxRate, type BillingDocument, type TaxRulesIssue, buildCreditNote, type Account, type DocumentOptions, type CreditNoteOptions } from '../src/index.js';
import { refused } from './helpers.js';
import { TAX_CODES as ALL_TAX_CODES } from '../src/generated/tax-codes.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, options as CreditNoteOptions);

const ie = { country: 'IE', postal_code: 'D02X285', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000, valid_from: '2021-07-01' }] };
const bc = { country: 'CA', postal_code: 'V6B 1A1', currency: 'CAD', registrations: [{ jurisdiction_id: 124 }, { jurisdiction_id: 124059 }] };
const us = { country: 'US', postal_code: '10001', currency: 'USD', registrations: [{ jurisdiction_id: 840048 }, { jurisdiction_id: 840047 }] };
const ids = { id: 101, number: 'INV-101', createdAt: 1_780_300_800 }; // 2026-06-01T08:00:00Z
const payment = { method: 'credit_card' as const, processor: 'stripe', processor_id: 'ch_1' };

const saas = (amount: number | string, extra: object = {}) => ({ description: 'Plan', amount, tax: { country: 'DE', tax_code: 'saas' as const }, ...extra });
const sale = (items: object[], extra: object = {}) => ({ date: '2026-06-01', customer: { first_name: 'Anna', country: 'DE' }, items, payment, ...extra });

const issuesOf = (f: () => unknown): [number, TaxRulesIssue[]] => {
  const e = refused(f);
  return [e.status, e.issues];
};
const paths = (issues: TaxRulesIssue[]) => issues.map((i) => [i.path.join('.'), i.code]);

describe('an invoice for a sale', () => {
  it('makes the decision calculateTaxRate makes for the item’s place, code and date (US local taxes at the ZIP code of the shipping address)', () => {
    const request = {
      date: '2026-09-01',
      shipping_address: { country: 'US', postal_code: '78701', city: 'Austin' },
      items: [{ amount: '49.99', quantity: 3, tax: { country: 'US', tax_code: 'standard' } }],
      payment,
    };
    const doc = build(request, { ...us, default_product_type: 'good' }, ids);
    const quote = calculateTaxRate({ to_country: 'US', to_postal_code: '78701', to_city: 'Austin', tax_code: 'standard', product_type: 'good', date: '2026-09-01', amount: '149.97' }, us);
    const item = doc.items[0] as BillingDocument['items'][number];
    expect([item.tax_1_name, item.tax_1_rate, item.tax_1_region, item.tax_1_county, item.tax_1_city, item.tax_1_amount_cents / 100]).toEqual([
      quote.name,
      quote.rate,
      quote.region,
      quote.county,
      quote.city,
      quote.tax_amount,
    ]);
    expect(item.tax_1_rate).toBe(8.25); // Texas 6.25 %, Austin 1 %, Capital Metro 1 %
    expect(doc.total_cents).toBe(14997 + 1237); // 149.97 × 8.25 % = 12.372525
  });

  it('honours the taxes an item gives (name and rate, an additional tax, a taxable part) without asking the engine', () => {
    const doc = build(
      sale([{ amount: '80.00', tax: { country: 'ES', name: 'IVA', rate: 21, tax_code: 'standard' } }, { amount: 50, tax: { country: 'US', region: 'TX', name: 'Sales tax', rate: 6.25, taxable_part: 80 } }]),
      ie,
      ids,
    );
    expect(doc.items.map((i) => [i.tax_1_name, i.tax_1_rate, i.tax_1_taxable_part, i.tax_1_country, i.tax_1_region, i.tax_1_amount_cents, i.tax_1_taxable_base_cents, i.tax_status])).toEqual([
      ['IVA', 21, 100, 'ES', null, 1680, 8000, null],
      ['Sales tax', 6.25, 80, 'US', 'TX', 250, 4000, null],
    ]);
    const both = build(sale([{ amount: 10, tax: { country: 'CA', region: 'QC', name: 'GST', rate: 5, additional_name: 'QST', additional_rate: 9.975 } }]), ie, ids);
    expect([both.items[0]?.tax_1_amount_cents, both.items[0]?.tax_2_amount_cents, both.total_cents]).toEqual([50, 100, 1150]);
  });

  it('takes the date of a request without one from options.createdAt (UTC), never from a clock', () => {
    const { date: _, ...undated } = sale([saas(10)]);
    expect(build(undated, ie, { ...ids, createdAt: 1_767_225_599 }).issue_date).toBe('2025-12-31');
    expect(build(undated, ie, { ...ids, createdAt: 1_767_225_600 }).issue_date).toBe('2026-01-01');
  });

  it('uses the product’s type and tax class for an item that names it', () => {
    const doc = build(sale([{ product_code: 'book', amount: 10, tax: { country: 'DE' } }]), ie, { ...ids, products: { book: { product_type: 'good', tax_class: 'reduced' } } });
    expect([doc.items[0]?.tax_1_rate, doc.items[0]?.tax_1_transaction_type]).toEqual([7, 'reduced']);
    expect(issuesOf(() => build(sale([{ product_code: 'pen', amount: 10, tax: { country: 'DE' } }]), ie, { ...ids, products: {} }))[1].map((i) => i.path.join('.'))).toEqual(['items.0.product_code']);
  });

  it('charges no tax to a contact whose tax status is exempt or reverse charge', () => {
    const exempt = build(sale([saas(100)], { customer: { first_name: 'A', country: 'DE', tax_status: 'exempt' } }), ie, ids);
    const reverse = build(sale([saas(100)], { customer: { first_name: 'A', country: 'DE', tax_status: 'reverse' } }), ie, ids);
    expect([exempt.total_cents, exempt.items[0]?.tax_status, exempt.taxes]).toEqual([10000, 'non_taxable', []]);
    expect([reverse.total_cents, reverse.items[0]?.tax_status]).toEqual([10000, 'reverse_charge']);
    expect(reverse.tax_notes).toEqual(['The customer accounts for the tax itself (reverse charge): no tax is charged.']);
  });

  it('keeps an exempt contact’s certificate on the contact and names it in the tax notes; refuses one without exempt', () => {
    const doc = build(sale([saas(100)], { customer: { first_name: 'A', country: 'DE', tax_status: 'exempt', exemption_certificate: 'DE-ST-2026-17' } }), ie, ids);
    expect(doc.contact).toMatchObject({ tax_status: 'exempt', exemption_certificate: 'DE-ST-2026-17' });
    expect(doc.tax_notes).toEqual(['The customer is exempt (exemption certificate DE-ST-2026-17): no tax is charged.']);
    expect(issuesOf(() => build(sale([saas(100)], { customer: { first_name: 'A', country: 'DE', exemption_certificate: 'DE-ST-2026-17' } }), ie, ids))).toEqual([
      400,
      [{ path: ['customer', 'exemption_certificate'], code: 'malformed', message: 'customer.exemption_certificate goes with customer.tax_status exempt (give it)' }],
    ]);
    // An item that gives its own tax is charged it: no note says otherwise.
    const given = build(sale([{ amount: 100, tax: { country: 'DE', name: 'VAT', rate: 19 } }], { customer: { first_name: 'A', country: 'DE', tax_status: 'exempt' } }), ie, ids);
    expect(given.tax_notes).toEqual([]);
  });

  it('reverse-charges a business customer with a valid VAT number, with the legal note', () => {
    const doc = build(sale([saas(100)], { customer: { first_name: 'Acme GmbH', country: 'DE', tax_id: 'DE136695976' } }), ie, ids);
    expect([doc.items[0]?.tax_status, doc.items[0]?.tax_1_rate, doc.total_cents, doc.tax_id]).toEqual(['reverse_charge', 0, 10000, 'DE136695976']);
    expect(doc.tax_notes).toEqual(['EU VAT reverse charge: the customer accounts for VAT (Article 196 of Directive 2006/112/EC).']);
  });

  it('gives the items their ids from options.itemIds and the payment its id from options.paymentId', () => {
    const doc = build(sale([saas(1), saas(2)]), ie, { ...ids, itemIds: [7, 8], paymentId: 9 });
    expect([doc.items.map((i) => i.id), doc.payments[0]?.id]).toEqual([[7, 8], 9]);
    expect(issuesOf(() => build(sale([saas(1), saas(2)]), ie, { ...ids, itemIds: [7] }))[1].map((i) => i.path.join('.'))).toEqual(['options.itemIds']);
  });

  it('refuses a line of goods above a per-article limit, compared per unit (Tennessee’s USD 1600)', () => {
    const memphis = (amount: number, quantity: number) => ({ date: '2026-09-01', shipping_address: { country: 'US', postal_code: '38103' }, items: [{ amount, quantity, tax: { country: 'US', tax_code: 'standard' as const } }], payment });
    const goods = { ...us, default_product_type: 'good' as const };
    expect(build(memphis(900, 2), goods, ids).items[0]?.tax_1_rate).toBe(9.75);
    expect(issuesOf(() => build(memphis(1600.01, 1), goods, ids))).toMatchObject([422, [{ path: ['items', 0, 'amount'], code: 'unprocessable' }]]);
  });
});

describe('exchange rates', () => {
  const usd = (extra: object = {}) => sale([saas(100)], { currency: 'USD', ...extra });

  it('come from the request, else options.exchangeRate, else the caller’s table by date', () => {
    expect(build(usd({ exchange_rate: 0.9213 }), ie, ids).exchange_rate).toBe(0.9213);
    expect(build(usd(), ie, { ...ids, exchangeRate: '0.9' }).exchange_rate).toBe(0.9);
    const table = [
      { currency: 'USD', date: '2026-05-29', rate: '0.91' },
      { currency: 'USD', from: '2026-06-01', until: '2026-06-30', rate: 0.92 },
      { currency: 'GBP', date: '2026-06-01', rate: '1.17' },
    ];
    expect(build(usd(), ie, { ...ids, exchangeRates: table }).exchange_rate).toBe(0.92);
    expect(build(usd({ exchange_rate: 0.95 }), ie, { ...ids, exchangeRates: table }).exchange_rate).toBe(0.95);
  });

  it('are refused when none covers the date, when two differ on it, and for a document in the account’s currency', () => {
    expect(issuesOf(() => build(usd({ date: '2026-05-31' }), ie, { ...ids, exchangeRates: [{ currency: 'USD', date: '2026-05-29', rate: '0.91' }] }))).toEqual([
      422,
      [{ path: ['options', 'exchangeRates'], code: 'unprocessable', message: 'options.exchangeRates has no rate for USD on 2026-05-31: add one, or give exchange_rate' }],
    ]);
    expect(issuesOf(() => build(usd(), ie, ids))).toMatchObject([422, [{ path: ['exchange_rate'], code: 'unprocessable' }]]);
    const twice = [
      { currency: 'USD', date: '2026-06-01', rate: '0.91' },
      { currency: 'USD', from: '2026-06-01', until: '2026-06-02', rate: '0.92' },
    ];
    expect(issuesOf(() => build(usd(), ie, { ...ids, exchangeRates: twice }))).toMatchObject([400, [{ path: ['options', 'exchangeRates', 1], code: 'malformed' }]]);
    expect(issuesOf(() => build(sale([saas(1)], { exchange_rate: 1.1 }), ie, ids))).toMatchObject([422, [{ path: ['exchange_rate'], code: 'unprocessable' }]]);
    expect(build(sale([saas(1)], { exchange_rate: 1 }), ie, ids).exchange_rate).toBeUndefined();
    expect(paths(issuesOf(() => build(usd(), ie, { ...ids, exchangeRates: [{ currency: 'usd1', day: '2026-06-01', rate: -1 }] as never }))[1])).toEqual([
      ['options.exchangeRates.0.day', 'unknown_field'],
      ['options.exchangeRates.0.currency', 'malformed'],
      ['options.exchangeRates.0.rate', 'malformed'],
      ['options.exchangeRates.0.from', 'malformed'],
    ]);
  });
});

describe('validation of a transaction', () => {
  it('requires items for a sale, at least one and at most 200', () => {
    const { items: _, ...none } = sale([]);
    expect(issuesOf(() => build(none, ie, ids))).toEqual([400, [{ path: ['items'], code: 'missing', message: 'items is required: a sale has at least one item' }]]);
    expect(paths(issuesOf(() => build(sale([]), ie, ids))[1])).toEqual([['items', 'malformed']]);
    expect(build(sale(Array.from({ length: 200 }, () => saas(1))), ie, ids).items).toHaveLength(200);
    expect(issuesOf(() => build(sale(Array.from({ length: 201 }, () => saas(1))), ie, ids))[1]).toEqual([
      { path: ['items'], code: 'malformed', message: 'items: has more than 200 items; at most 200 are allowed per document' },
    ]);
  });

  it('requires each item’s tax and its country (406 for a code that is no country)', () => {
    expect(issuesOf(() => build(sale([{ amount: 1 }]), ie, ids))).toEqual([400, [{ path: ['items', 0, 'tax'], code: 'missing', message: 'items.0.tax is required' }]]);
    expect(issuesOf(() => build(sale([{ amount: 1, tax: { tax_code: 'saas' } }]), ie, ids))).toEqual([400, [{ path: ['items', 0, 'tax', 'country'], code: 'missing', message: 'items.0.tax.country is required' }]]);
    expect(issuesOf(() => build(sale([{ amount: 1, tax: { country: 'ZZ' } }]), ie, ids))).toEqual([406, [{ path: ['items', 0, 'tax', 'country'], code: 'invalid_value', message: 'items.0.tax.country ZZ is not an ISO 3166-1 country code' }]]);
  });

  it('answers 406 for a tax_code that is none of the seven', () => {
    expect(issuesOf(() => build(sale([{ amount: 1, tax: { country: 'DE', tax_code: 'ebooks' } }]), ie, ids))).toEqual([
      406,
      [{ path: ['items', 0, 'tax', 'tax_code'], code: 'invalid_value', message: `items.0.tax.tax_code must be one of: consulting, eservice, ebook, saas, standard, reduced, exempt … and ${ALL_TAX_CODES.length - 7} more (listTaxCodes() or GET /tax_codes lists them); did you mean ebook?` }],
    ]);
  });

  it('limits tags to 40 characters each, custom_metadata to 20 keys of 40 characters and values of 500', () => {
    expect(build(sale([saas(1)], { tags: ` a, ${'b'.repeat(40)} ,, c` }), ie, ids).tag_list).toBe(`a,${'b'.repeat(40)},c`);
    expect(issuesOf(() => build(sale([saas(1)], { tags: `ok,${'x'.repeat(41)}` }), ie, ids))).toEqual([
      400,
      [{ path: ['tags'], code: 'malformed', message: `tags: the tag "${'x'.repeat(41)}" is longer than 40 characters (41)` }],
    ]);
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]));
    expect(build(sale([saas(1)], { custom_metadata: { ...twenty } }), ie, ids).custom_metadata).toEqual(twenty);
    const [status, issues] = issuesOf(() => build(sale([saas(1)], { custom_metadata: { ...twenty, [`${'k'.repeat(41)}`]: 'v', long: 'v'.repeat(501) } }), ie, ids));
    expect(status).toBe(400);
    expect(issues.map((i) => i.message)).toEqual([
      'custom_metadata: has 22 keys; at most 20 are allowed',
      `custom_metadata: the key "${'k'.repeat(41)}" is longer than 40 characters (41)`,
      'custom_metadata.long: is longer than 500 characters (501)',
    ]);
    expect(paths(issuesOf(() => build(sale([saas(1)], { custom_metadata: { a: { b: 1 } } }), ie, ids))[1])).toEqual([['custom_metadata.a', 'malformed']]);
  });

  it('reads currencies as ISO 4217 codes a sale can be in', () => {
    expect(build(sale([saas(1)], { currency: 'eur' }), ie, ids).currency).toBe('EUR');
    expect(issuesOf(() => build(sale([saas(1)], { currency: 'EURO' }), ie, ids))).toEqual([400, [{ path: ['currency'], code: 'malformed', message: 'currency: must be a 3-letter ISO 4217 code' }]]);
    expect(issuesOf(() => build(sale([saas(1)], { currency: 'ABC' }), ie, ids))).toEqual([406, [{ path: ['currency'], code: 'invalid_value', message: 'currency ABC is not an ISO 4217 currency code' }]]);
    expect(issuesOf(() => build(sale([saas(1)], { currency: 'XAU' }), ie, ids))).toEqual([406, [{ path: ['currency'], code: 'invalid_value', message: 'currency XAU (Gold) is not a currency a sale can be in' }]]);
  });

  it('refuses an impossible date', () => {
    expect(issuesOf(() => build(sale([saas(1)], { date: '2026-02-29' }), ie, ids))).toEqual([400, [{ path: ['date'], code: 'malformed', message: 'date: must be a calendar date YYYY-MM-DD' }]]);
  });

  it('refuses amounts that cannot be computed exactly, never rounding them', () => {
    expect(issuesOf(() => build(sale([saas('9.999')]), ie, ids))).toEqual([400, [{ path: ['items', 0, 'amount'], code: 'malformed', message: 'items.0.amount "9.999" has more decimals than EUR allows (2)' }]]);
    expect(issuesOf(() => build(sale([saas(100, { quantity: 1e-7 })]), ie, ids))[1].map((i) => i.path.join('.'))).toEqual(['items.0.quantity']);
    expect(issuesOf(() => build(sale([saas('10.01', { quantity: 2.5 })]), ie, ids))).toEqual([
      400,
      [{ path: ['items', 0, 'quantity'], code: 'malformed', message: "items.0: quantity × amount is not a whole amount of EUR's minor unit; give a unit price that makes it one" }],
    ]);
    expect(build(sale([saas('10.02', { quantity: 2.5 })]), ie, ids).items[0]?.subtotal_cents).toBe(2505);
    expect(issuesOf(() => build(sale([saas(-5)]), ie, ids))).toEqual([400, [{ path: ['items', 0, 'amount'], code: 'malformed', message: 'items.0.amount must not be negative: a refund is a credit note (type refund)' }]]);
    expect(issuesOf(() => build(sale([saas(1e16)]), ie, ids))[1].map((i) => i.path.join('.'))).toEqual(['items.0.amount']);
    expect(issuesOf(() => build(sale([saas(1, { discount_rate: 12.34567 })]), ie, ids))[1].map((i) => i.message)).toEqual(['items.0.discount_rate 12.34567 must be a percentage with at most 4 decimals']);
    expect(paths(issuesOf(() => build(sale([saas(1, { discount_rate: 101 })]), ie, ids))[1])).toEqual([['items.0.discount_rate', 'malformed']]);
  });

  it('needs a given tax’s name and rate together, and a main tax under an additional one', () => {
    expect(paths(issuesOf(() => build(sale([{ amount: 1, tax: { country: 'DE', rate: 19 } }]), ie, ids))[1])).toEqual([['items.0.tax.name', 'missing']]);
    expect(paths(issuesOf(() => build(sale([{ amount: 1, tax: { country: 'DE', name: 'VAT' } }]), ie, ids))[1])).toEqual([['items.0.tax.rate', 'missing']]);
    expect(paths(issuesOf(() => build(sale([{ amount: 1, tax: { country: 'CA', additional_name: 'PST', additional_rate: 7 } }]), ie, ids))[1])).toEqual([['items.0.tax.name', 'missing']]);
    expect(paths(issuesOf(() => build(sale([{ amount: 1, tax: { country: 'DE', name: 'VAT', rate: 19.12345 } }]), ie, ids))[1])).toEqual([['items.0.tax.rate', 'malformed']]);
  });

  it('refuses fields the spec does not name, with the field meant', () => {
    const [status, issues] = issuesOf(() =>
      build({ ...sale([{ amount: 1, tax: { country: 'DE', taxcode: 'saas' } }]), tag: 'x', customer: { first_name: 'A', emial: 'a@b.c' } }, ie, ids),
    );
    expect(status).toBe(400);
    expect(issues.map((i) => i.message).sort()).toEqual([
      'customer.emial: unknown field; did you mean email?',
      'items.0.tax.taxcode: unknown field; did you mean tax_code?',
      'tag: unknown field; did you mean tags?',
    ]);
  });

  it('requires the payment; a payment method is one of the spec’s', () => {
    const { payment: _, ...unpaid } = sale([saas(1)]);
    expect(issuesOf(() => build(unpaid, ie, ids))).toEqual([400, [{ path: ['payment'], code: 'missing', message: 'payment is required' }]]);
    expect(paths(issuesOf(() => build(sale([saas(1)], { payment: { method: 'paypal' } }), ie, ids))[1])).toEqual([['payment.method', 'invalid_value']]);
  });

  it('reads a customer as a reference by id or as a new contact with a first name, not both', () => {
    expect(build(sale([saas(1)], { customer: { id: 5 } }), ie, ids).contact).toEqual({ id: 5 });
    expect(paths(issuesOf(() => build(sale([saas(1)], { customer: { id: 5, first_name: 'A' } }), ie, ids))[1])).toEqual([['customer', 'malformed']]);
    expect(paths(issuesOf(() => build(sale([saas(1)], { customer: { last_name: 'B' } }), ie, ids))[1])).toEqual([['customer.first_name', 'missing']]);
    expect(paths(issuesOf(() => build(sale([saas(1)], { customer: { first_name: 'A', email: 'nope', country: 'QQ' } }), ie, ids))[1])).toEqual([
      ['customer.email', 'malformed'],
    ]);
    expect(paths(issuesOf(() => build(sale([saas(1)], { customer: { first_name: 'A', country: 'QQ' } }), ie, ids))[1])).toEqual([['customer.country', 'invalid_value']]);
    expect(paths(issuesOf(() => build(sale([saas(1)], { type: 'sales' }), ie, ids))[1])).toEqual([['type', 'invalid_value']]);
  });

  it('lists every problem of a request at once', () => {
    const [status, issues] = issuesOf(() => build(sale([saas('1.001'), { amount: 1, tax: { country: 'XX' } }, saas(1, { discount_rate: 10.00001 })], { currency: 'usd', exchange_rate: 0.9 }), ie, ids));
    expect(status).toBe(400);
    expect(paths(issues)).toEqual([
      ['items.0.amount', 'malformed'],
      ['items.1.tax.country', 'invalid_value'],
      ['items.2.discount_rate', 'malformed'],
    ]);
  });

  it('refuses to issue a document without tax where taxrules has no rules, and imports it does not decide', () => {
    expect(issuesOf(() => build(sale([{ amount: 1, tax: { country: 'KP' } }]), ie, ids))).toMatchObject([422, [{ path: ['items', 0, 'tax', 'country'], code: 'unprocessable' }]]);
    expect(build(sale([{ amount: 1, tax: { country: 'KP', name: 'None', rate: 0 } }]), ie, ids).total_cents).toBe(100);
    expect(issuesOf(() => build(sale([{ amount: 1, tax: { country: 'DE', import: true } }]), ie, ids))).toMatchObject([422, [{ path: ['items', 0, 'tax', 'import'] }]]);
  });

  it('needs a US sale’s ZIP code (local taxes), from the shipping address or the customer', () => {
    const item = { amount: 10, tax: { country: 'US', region: 'TX', tax_code: 'standard' as const } };
    expect(issuesOf(() => build({ date: '2026-09-01', items: [item], payment }, us, ids))).toMatchObject([400, [{ path: ['shipping_address', 'postal_code'], code: 'missing' }]]);
    const fromCustomer = build({ date: '2026-09-01', customer: { first_name: 'A', country: 'US', postal_code: '78701' }, items: [item], payment }, us, ids);
    expect(fromCustomer.items[0]?.tax_1_city).toBe('Austin');
    // A ZIP code of another state than the item's region: the engine's 406, named at the field it came from.
    expect(issuesOf(() => build({ date: '2026-09-01', shipping_address: { country: 'US', postal_code: '10001' }, items: [item], payment }, us, ids))).toMatchObject([
      406,
      [{ path: ['shipping_address', 'postal_code'], code: 'invalid_value' }],
    ]);
  });

  it('names the engine’s 422 at the item (a date before a tax’s history)', () => {
    expect(issuesOf(() => build(sale([saas(1)], { date: '1990-01-01' }), ie, ids))).toMatchObject([422, [{ code: 'unprocessable' }]]);
  });
});

describe('the options of buildDocument', () => {
  it('require the id, the number (at most 20 characters) and the creation time: taxrules reads no clock and stores nothing', () => {
    expect(paths(issuesOf(() => build(sale([saas(1)]), ie, undefined as never))[1])).toEqual([
      ['options.id', 'missing'],
      ['options.number', 'missing'],
      ['options.createdAt', 'missing'],
    ]);
    expect(paths(issuesOf(() => build(sale([saas(1)]), ie, { ...ids, number: 'N'.repeat(21), createdAt: 1.5, id: 0 }))[1])).toEqual([
      ['options.id', 'malformed'],
      ['options.number', 'malformed'],
      ['options.createdAt', 'malformed'],
    ]);
    expect(issuesOf(() => build(sale([saas(1)]), ie, { ...ids, createdat: 1 } as never))[1].map((i) => i.message)).toEqual(['options.createdat: unknown option; did you mean createdAt?']);
  });

  it('keep invoices and earlier credits for refunds', () => {
    expect(paths(issuesOf(() => build(sale([saas(1)]), ie, { ...ids, credits: [] }))[1])).toEqual([['options.credits', 'malformed']]);
  });
});

describe('inputs that cannot lie', () => {
  it('read only own fields: a polluted Object.prototype fills no field a request or an option leaves out', () => {
    const proto = Object.prototype as Record<string, unknown>;
    const plain = build(sale([saas(100)]), ie, ids);
    try {
      proto.currency = 'USD';
      proto.exchange_rate = 2;
      proto.percent = 50;
      proto.discount_rate = 50;
      proto.tax_code = 'exempt';
      const polluted = build(sale([saas(100)]), ie, { ...ids, coupon: { code: 'X', amount: 1 } });
      expect([polluted.currency, polluted.items[0]?.discount_cents, polluted.items[0]?.tax_1_rate]).toEqual(['EUR', 100, 19]);
      expect(build(sale([saas(100)]), ie, ids).total_cents).toBe(plain.total_cents);
    } finally {
      for (const k of ['currency', 'exchange_rate', 'percent', 'discount_rate', 'tax_code']) delete proto[k];
    }
  });

  it('turn a getter or Proxy that throws into a 400 naming what could not be read', () => {
    const request = { ...sale([saas(1)]), get notes(): string {
      throw new Error('boom');
    } };
    const e = refused(() => build(request, ie, ids));
    expect([e.status, e.issues[0]?.code, e.message]).toEqual([400, 'malformed', 'the input could not be read: Error: boom']);
    const trap = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } });
    expect(refused(() => build(trap, ie, ids)).status).toBe(400);
    expect(refused(() => build(null, ie, ids)).status).toBe(400);
    expect(refused(() => build(sale([saas(1)]), ie, 'x' as never)).issues[0]?.path).toEqual(['options']);
  });
});

describe('types', () => {
  it('take a typed request, where a misspelt field does not compile, or a parsed body of type unknown, checked at run time', () => {
    const body: unknown = JSON.parse('{"items":[{"amount":1,"tax":{"country":"DE"}}],"payment":{},"date":"2026-06-01"}');
    expect(buildDocument(body, ie, ids).total_cents).toBe(119);
    // @ts-expect-error tag is no field of a transaction (tags is)
    expect(refused(() => buildDocument({ items: [{ amount: 1, tax: { country: 'DE' } }], payment: {}, tag: 'x' }, ie, ids)).issues[0]?.message).toBe('tag: unknown field; did you mean tags?');
    // @ts-expect-error a tax code is one of the seven
    expect(refused(() => buildDocument({ items: [{ amount: 1, tax: { country: 'DE', tax_code: 'ebooks' } }], payment: {} }, ie, ids)).status).toBe(406);
  });
});

describe('options checked', () => {
  it('a coupon has a code and either a percentage (0 to 100) or an amount; a product a known type and class', () => {
    const opt = (extra: object) => paths(issuesOf(() => build(sale([saas(10)]), ie, { ...ids, ...extra }))[1]);
    expect(opt({ coupon: { code: 'X' } })).toEqual([['options.coupon', 'malformed']]);
    expect(opt({ coupon: { code: 'X', percent: 5, amount: 1 } })).toEqual([['options.coupon', 'malformed']]);
    expect(opt({ coupon: { percent: 101, code: '' } })).toEqual([['options.coupon.code', 'malformed'], ['options.coupon.percent', 'malformed']]);
    expect(opt({ coupon: { code: 'X', amount: '-1', kind: 'once' } })).toEqual([['options.coupon.kind', 'unknown_field'], ['options.coupon.amount', 'malformed']]);
    expect(opt({ products: { pen: { product_type: 'goods', tax_class: 'groceries', name: 'Pen' } } })).toEqual([
      ['options.products.pen.name', 'unknown_field'],
      ['options.products.pen.product_type', 'invalid_value'],
      ['options.products.pen.tax_class', 'invalid_value'],
    ]);
    expect(opt({ exchangeRate: 0 })).toEqual([['options.exchangeRate', 'malformed']]);
    expect(opt({ taxIdVerdict: 'valid' })).toEqual([['options.taxIdVerdict', 'malformed']]);
  });

  it('a taxIdVerdict that answers something else is a 400, never a consumer', () => {
    const request = sale([saas(10)], { customer: { first_name: 'A', country: 'DE', tax_id: 'DE136695976' } });
    expect(build(request, ie, { ...ids, taxIdVerdict: () => 'invalid' }).items[0]?.tax_status).toBe('taxable');
    expect(paths(issuesOf(() => build(request, ie, { ...ids, taxIdVerdict: () => 'yes' }))[1])).toEqual([['options.taxIdVerdict', 'malformed']]);
  });
});

describe('anything handed over', () => {
  it('is answered or refused with a TaxRulesError, never another exception', async () => {
    const fc = (await import('fast-check')).default;
    const { checkDocumentUpdate, voidDocument, taxSummaryReport, TaxRulesError } = await import('../src/index.js');
    const invoice = build(sale([saas(10)], { processor: 'p', processor_id: 'x' }), ie, ids);
    const calls: ((v: unknown) => unknown)[] = [
      (v) => build(v, ie, ids),
      (v) => build(sale([saas(10)]), ie, v),
      (v) => build({ ...(sale([saas(1)]) as object), items: v }, ie, ids),
      (v) => build({ type: 'refund', processor: 'p', processor_id: 'x', payment: {}, items: v }, ie, { ...ids, invoice }),
      (v) => build({ type: 'refund', processor: 'p', processor_id: 'x', payment: {} }, ie, { ...ids, invoice: v }),
      (v) => creditNote(v, { ...ids, invoice }),
      (v) => creditNote({ invoice_id: 101 }, { ...ids, invoice, credits: [v] }),
      (v) => checkDocumentUpdate(invoice, v),
      (v) => checkDocumentUpdate(v as BillingDocument, {}),
      (v) => voidDocument(invoice, v),
      (v) => taxSummaryReport(v as BillingDocument[], { from_date: '2026-01-01', to_date: '2026-12-31' }),
      (v) => taxSummaryReport([invoice], v as never),
    ];
    fc.assert(
      fc.property(fc.nat(calls.length - 1), fc.anything({ withBigInt: true, withNullPrototype: true }), (k, v) => {
        try {
          (calls[k] as (v: unknown) => unknown)(v);
        } catch (e) {
          expect(e).toBeInstanceOf(TaxRulesError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
