/** The checkout.succeeded webhook (spec: "Events"), built from the sale's document. */
import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildDocument, checkoutWebhook, voidDocument, type Account, type BillingDocument, type CheckoutWebhookOptions, type DocumentOptions } from '../../src/index.js';
import { refused } from '../helpers.js';

const ie: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const customer = { first_name: 'Anna', last_name: 'Berg', email: 'anna@example.de', web: 'https://berg.example', language: 'de', country: 'DE', postal_code: '10115', city: 'Berlin', street_line_1: 'Unter den Linden 1' };
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const saleOf = (items: unknown[], extra: Record<string, unknown> = {}) =>
  build({ date: '2026-06-01', customer, items, payment: { method: 'credit_card' }, processor: 'stripe', processor_id: 'ch_1', ...extra }, ie, { id: 1, number: 'INV-1', createdAt: 1_780_300_800, contactId: 5 });
// German VAT 19 % on SaaS to a consumer in Germany (UStG § 12(1)), through OSS: 100.00 + 19.00.
const sale = saleOf([{ amount: 100, product_code: 'pro', description: 'Pro plan', tax: { country: 'DE', tax_code: 'saas' } }]);
const session = { session: 12, sessionPermalink: 'https://pay.example/s/12', type: 'payment', message: { response_message: 'Approved', status_code: 200 }, customer: 'cus_9' };
const webhook = (document: unknown, options: unknown) => checkoutWebhook(document as BillingDocument, options as CheckoutWebhookOptions);

describe('checkoutWebhook', () => {
  it('builds the spec’s payload from the document and the session', () => {
    expect(webhook(sale, session)).toEqual({
      event_type: 'checkout.succeeded',
      data: {
        object: {
          message: { response_message: 'Approved', status_code: 200 },
          transaction_details: {
            session: 12,
            session_permalink: 'https://pay.example/s/12',
            gateway: 'stripe',
            type: 'payment',
            description: 'Pro plan',
            customer: 'cus_9',
            email: 'anna@example.de',
            transaction: 'ch_1',
            product_id: 'pro',
            tax_name: 'VAT',
            tax_rate: 19,
            extra_tax_name: null,
            extra_tax_rate: null,
            iat: 1_780_300_800,
            amount_cents: 11900,
            amount: '119.00',
            currency: 'EUR',
          },
          contact: {
            id: 5,
            kind: 'company',
            first_name: 'Anna',
            last_name: 'Berg',
            full_name: 'Anna Berg',
            contact_name: 'Anna Berg',
            street_line_1: 'Unter den Linden 1',
            postal_code: '10115',
            city: 'Berlin',
            region: null,
            country: 'DE',
            email: 'anna@example.de',
            web: 'https://berg.example',
            language: 'de',
            tax_id: null,
            vat_number: null,
          },
        },
      },
    });
  });

  it('takes iat from the options, nulls what neither gives, and names no product the items do not share', () => {
    const two = saleOf([
      { amount: 60, product_code: 'pro', description: 'Pro plan', tax: { country: 'DE', tax_code: 'saas' } },
      { amount: 40, product_code: 'seats', description: 'Seats', tax: { country: 'DE', tax_code: 'saas' } },
    ]);
    const d = webhook(two, { session: 3, message: { response_message: 'OK', status_code: 201 }, iat: 1_780_301_000 }).data.object.transaction_details;
    expect([d.product_id, d.description, d.session_permalink, d.type, d.customer, d.iat, d.amount, d.tax_rate]).toEqual([null, null, null, null, null, 1_780_301_000, '119.00', 19]);
    // An amount in a currency without minor units is written without decimals.
    const yen = build({ date: '2026-06-01', currency: 'JPY', customer, items: [{ amount: 1000, tax: { country: 'DE', tax_code: 'saas' } }], payment: { method: 'credit_card' } }, ie, { id: 2, number: 'INV-2', createdAt: 1_780_300_800, exchangeRate: 0.0055 });
    expect(webhook(yen, session).data.object.transaction_details).toMatchObject({ amount_cents: 1190, amount: '1190', currency: 'JPY' });
  });

  it('refuses items taxed at different rates (one tax_rate in the payload), a credit note, a voided sale, and missing or malformed options', () => {
    const mixed = saleOf([
      { amount: 60, tax: { country: 'DE', tax_code: 'saas' } },
      { amount: 40, tax: { country: 'DE', tax_code: 'ebook' } },
    ]);
    const at = (f: () => unknown) => {
      const e = refused(f);
      return [e.status, e.issues.map((i) => i.path.join('.'))];
    };
    expect(at(() => webhook(mixed, session))).toEqual([422, ['document.items']]);
    const receipt = build({ date: '2026-06-01', customer, items: [{ amount: 100, tax: { country: 'DE', tax_code: 'saas' } }], payment: { method: 'credit_card' } }, ie, { id: 3, number: 'R-3', createdAt: 1_780_300_800, documentType: 'receipt' });
    expect(webhook(receipt, session).data.object.transaction_details.amount).toBe('119.00');
    expect(at(() => webhook(voidDocument(receipt, { void_reason: 'x' }), session))).toEqual([422, ['document.state']]);
    const credit = buildCreditNote({ invoice_id: 1 }, { id: 4, number: 'CN-4', createdAt: 1_780_400_000, invoice: sale });
    expect(at(() => webhook(credit, session))).toEqual([422, ['document.type']]);
    expect(at(() => webhook(sale, { message: session.message }))).toEqual([400, ['options.session']]);
    expect(at(() => webhook(sale, { session: 1 }))).toEqual([400, ['options.message']]);
    expect(at(() => webhook(sale, { ...session, message: { response_message: 'OK', status_code: 2000 } }))).toEqual([400, ['options.message']]);
    expect(at(() => webhook(sale, { ...session, sesion: 1 }))).toEqual([400, ['options.sesion']]);
    expect(at(() => webhook({ ...sale, total_cents: 'x' }, session))[0]).toBe(400);
  });
});
