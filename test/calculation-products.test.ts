/** A v20260309 calculation line's product: a code of options.products, whose tax class, product type and tax type are the line's defaults. */
import { describe, expect, it } from 'vitest';
import { calculate, type Account, type CalculationOptions, type CalculationRequest } from '../src/index.js';
import { refused } from './helpers.js';

const ie: Account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }, { jurisdiction_id: 250 }] };
const products = {
  book: { tax_class: 'ebook', product_type: 'service' },
  gross: { tax_class: 'saas', tax_type: 'included' },
  stream: { tax_class: 'eservice', tax_based_on: 'country', country: 'FR' },
  ticket: { tax_class: 'standard', product_type: 'service', tax_based_on: 'country', country: 'FR' },
};
const request = (lines: object[]) => ({ customer_address: { country: 'DE' }, tax_date: 1_780_315_200, line_items: lines });
const calc = (r: unknown, options: unknown = { products }) => calculate(r as CalculationRequest, ie, options as CalculationOptions);

describe('a calculation line’s product', () => {
  it('gives the line its tax class, product type and tax type, as a document item’s product_code does', () => {
    // German VAT on an e-book: 7 % (UStG § 12(2) Nr. 14), on SaaS 19 %.
    const r = calc(request([{ reference: 'a', amount: '10.00', product: 'book' }, { reference: 'b', amount: '119.00', product: 'gross' }]));
    const [a, b] = r.line_items;
    expect([a?.tax_code, a?.product_type, a?.amount_tax]).toEqual(['ebook', 'service', '0.70']);
    expect([b?.tax_code, b?.tax_behavior, b?.amount_subtotal, b?.amount_tax]).toEqual(['saas', 'inclusive', '100.00', '19.00']);
    // The same as the line giving them itself; the line's own fields come first.
    const own = calc(request([{ reference: 'a', amount: '10.00', tax_code: 'ebook', product_type: 'service' }, { reference: 'b', amount: '119.00', tax_code: 'saas', tax_behavior: 'inclusive' }]), undefined);
    expect(r).toEqual(own);
    expect(calc(request([{ reference: 'a', amount: '10.00', product: 'book', tax_code: 'saas' }])).line_items[0]?.amount_tax).toBe('1.90');
  });

  it('taxes a product taxed in its own country there, not where the customer is, or refuses it (422)', () => {
    // CGI art. 278: TVA 20 % on an electronic service sold to a consumer in France (through the OSS), where the customer is in Germany.
    const line = calc(request([{ reference: 's', amount: '100.00', product: 'stream' }])).line_items[0];
    expect([line?.amount_tax, line?.taxes[0]?.jurisdiction?.country]).toEqual(['20.00', 'FR']);
    // An event ticket sold by an Irish seller: the rules tax a service to a consumer where the seller is (VAT Directive art. 45), not in France.
    const e = refused(() => calc(request([{ reference: 't', amount: '50.00', product: 'ticket' }])));
    expect([e.status, e.issues.map((i) => i.path.join('.'))]).toEqual([422, ['line_items.0.product']]);
  });

  it('refuses a product that is none of options.products (422), and malformed products (400)', () => {
    const unknown = refused(() => calc(request([{ reference: 'a', amount: '10.00', product: 'nope' }])));
    expect([unknown.status, unknown.issues.map((i) => i.path.join('.'))]).toEqual([422, ['line_items.0.product']]);
    expect(refused(() => calc(request([{ reference: 'a', amount: '10.00', product: 'book' }]), {})).status).toBe(422);
    const bad = refused(() => calc(request([{ reference: 'a', amount: '10.00' }]), { products: { x: { tax_clas: 'ebook' } } }));
    expect([bad.status, bad.issues.map((i) => i.path.join('.'))]).toEqual([400, ['options.products.x.tax_clas']]);
    expect(refused(() => calc(request([{ reference: 'a', amount: '10.00', product: '' }]))).status).toBe(400);
    // A product's type that contradicts its category (food is goods), as a line's own would (400).
    const contradicting = { products: { bread: { tax_class: 'food', product_type: 'service' } } };
    const c = refused(() => calc(request([{ reference: 'a', amount: '10.00', product: 'bread' }]), contradicting));
    expect([c.status, c.issues.map((i) => i.path.join('.'))]).toEqual([400, ['line_items.0.product']]);
    const own = refused(() => calc(request([{ reference: 'a', amount: '10.00', product: 'book', tax_code: 'food', product_type: 'service' }])));
    expect([own.status, own.issues.map((i) => i.path.join('.'))]).toEqual([400, ['line_items.0.product_type']]);
  });
});
