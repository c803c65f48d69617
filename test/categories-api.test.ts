/**
 * Product categories through the public entries (v20241028 quotes and explanations,
 * v20260309 calculations, documents), on the frozen mini rule set
 * (test/support/mini-rules.ts): a goods category's default product type, a contradicting one
 * refused, a line's quantity as its articles under a price limit, and the treatments an
 * explanation shows. Expected values are worked out by hand from the set's table.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument, calculate, calculateTaxRate, createCalculator, explainTaxRate, TaxRulesError } from '../src/index.js';
import { miniRules } from './support/mini-rules.js';
import { refused } from './helpers.js';

const account = { country: 'XD', postal_code: '20001', currency: 'XTS', default_product_type: 'service' as const, registrations: [{ jurisdiction_id: 904001 }, { jurisdiction_id: 904002 }] };
const options = { rules: miniRules };
const PINE = { to_country: 'XD', to_postal_code: '10003', date: '2024-06-01' };


describe('a product category’s product type', () => {
  it('is a good for a goods category, whatever the account’s default', () => {
    const r = explainTaxRate({ ...PINE, tax_code: 'food' }, account, options);
    expect([r.productType, r.supply]).toEqual(['good', 'goods']);
    const line = calculate({ customer_address: { country: 'XD', postal_code: '10003' }, tax_date: Date.UTC(2024, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '10.00', tax_code: 'food' }] }, account, options);
    expect(line.line_items[0]?.product_type).toBe('good');
  });

  it('is refused (400) where it contradicts the category, in a quote, a line item and a document', () => {
    const q = refused(() => calculateTaxRate({ ...PINE, tax_code: 'food', product_type: 'service' }, account, options));
    expect([q.status, q.issues[0]?.path]).toEqual([400, ['product_type']]);
    expect(refused(() => calculateTaxRate({ to_country: 'XD', to_postal_code: '20001', date: '2024-06-01', tax_code: 'admission', product_type: 'good' }, account, options)).status).toBe(400);
    const c = refused(() => calculate({ customer_address: { country: 'XD', postal_code: '10003' }, tax_date: Date.UTC(2024, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '10.00', tax_code: 'clothing', product_type: 'service' }] }, account, options));
    expect([c.status, c.issues[0]?.path]).toEqual([400, ['line_items', 0, 'product_type']]);
    const request = { date: '2024-06-01', payment: {}, shipping_address: { country: 'XD', postal_code: '10003' }, items: [{ amount: 10, quantity: 1, product_code: 'shirt', tax: { country: 'XD', region: 'NO', tax_code: 'clothing' as const } }] };
    const d = refused(() => buildDocument(request, account, { ...options, id: 1, number: 'INV-1', createdAt: 1_720_000_000, products: { shirt: { product_type: 'service' } } }));
    expect(d.status).toBe(400);
  });
});

describe('a price limit through the entries', () => {
  it('a quote: one article; its answer and reason rendered', () => {
    const below = calculateTaxRate({ ...PINE, tax_code: 'clothing', amount: '109.99' }, account, options);
    expect([below.status, below.rate, below.tax_amount]).toEqual(['non_taxable', 0, 0]);
    expect(below.notes).toMatch(/priced below XTS 110 is exempt/);
    const above = calculateTaxRate({ ...PINE, tax_code: 'clothing', amount: '300' }, account, options);
    expect([above.status, above.rate, above.tax_amount]).toEqual(['taxable', 6.5, 19.5]);
  });

  it('a calculation: each line item’s quantity is its articles', () => {
    const r = calculate(
      {
        customer_address: { country: 'XD', postal_code: '10003' },
        tax_date: Date.UTC(2024, 5, 1) / 1000,
        line_items: [
          { reference: 'three at 100', amount: '300.00', quantity: 3, tax_code: 'clothing' },
          { reference: 'two at 120', amount: '240.00', quantity: 2, tax_code: 'clothing' },
        ],
      },
      account,
      options,
    );
    expect(r.line_items.map((l) => l.amount_tax)).toEqual(['0.00', '15.60']);
    expect(r.total_tax).toBe('15.60');
  });

  it('a document: an item’s quantity is its articles', () => {
    const request = (amount: number) => ({ date: '2024-06-01', payment: {}, shipping_address: { country: 'XD', postal_code: '10003' }, items: [{ amount, quantity: 3, tax: { country: 'XD', region: 'NO', tax_code: 'clothing' as const } }] });
    const below = buildDocument(request(100), account, { ...options, id: 1, number: 'INV-1', createdAt: 1_720_000_000 });
    expect(below.total_cents).toBe(30_000);
    const above = buildDocument(request(120), account, { ...options, id: 1, number: 'INV-1', createdAt: 1_720_000_000 });
    expect(above.total_cents).toBe(36_000 + 2_340);
  });
});

describe('bands of nested price limits through the entries', () => {
  const WEEK = Date.UTC(2024, 8, 3) / 1000; // Norland's Clothing week: below XTS 50 exempt, at most XTS 500 at 2 %, above at 6 %; Pine County 0.5 % where the state taxes

  it('a calculation: each line item’s articles take their band', () => {
    const r = calculate(
      {
        customer_address: { country: 'XD', postal_code: '10003' },
        tax_date: WEEK,
        line_items: [
          { reference: 'three at 40', amount: '120.00', quantity: 3, tax_code: 'clothing' },
          { reference: 'three at 100', amount: '300.00', quantity: 3, tax_code: 'clothing' },
          { reference: 'two at 600', amount: '1200.00', quantity: 2, tax_code: 'clothing' },
        ],
      },
      account,
      options,
    );
    // 0; 300 × 2.5 % = 7.50; 1200 × 6.5 % = 78.00.
    expect(r.line_items.map((l) => l.amount_tax)).toEqual(['0.00', '7.50', '78.00']);
    expect(r.total_tax).toBe('85.50');
  });

  it('a document: an item’s quantity is its articles', () => {
    const request = (amount: number) => ({ date: '2024-09-03', payment: {}, shipping_address: { country: 'XD', postal_code: '10003' }, items: [{ amount, quantity: 2, tax: { country: 'XD', region: 'NO', tax_code: 'clothing' as const } }] });
    const build = (amount: number) => buildDocument(request(amount), account, { ...options, id: 1, number: 'INV-1', createdAt: 1_720_000_000 }).total_cents;
    // 2 × 40 exempt; 2 × 100 at 2.5 %: 5.00; 2 × 600 at 6.5 %: 78.00.
    expect([build(40), build(100), build(600)]).toEqual([8_000, 20_000 + 500, 120_000 + 7_800]);
  });

  it('a quote in Eastvale’s holiday: exempt at most XTS 1000, above it the part above XTS 175', () => {
    const at = (amount: string) => calculateTaxRate({ to_country: 'XD', to_postal_code: '20001', date: '2024-08-11', tax_code: 'clothing', amount }, account, options);
    expect([at('1000').tax_amount, at('1200').tax_amount, at('1200').rate]).toEqual([0, 51.25, 5]);
  });
});

describe('a price limit and what has no article price', () => {
  it('refuses a delivery charge shared between goods under a price limit (422)', () => {
    const e = refused(() =>
      calculate({ customer_address: { country: 'XD', postal_code: '10003' }, tax_date: Date.UTC(2024, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '50.00', tax_code: 'clothing' }], shipping_cost: { amount: '5.00' } }, account, options),
    );
    expect([e.status, e.issues[0]?.path[0]]).toEqual([422, 'shipping_cost']);
    expect(e.issues[0]?.message).toMatch(/depends on each article's price/);
  });

  it('an exempt customer pays no tax on any article, whatever its price', () => {
    for (const amount of ['50', '300']) {
      const r = explainTaxRate({ ...PINE, tax_code: 'clothing', amount, tax_status: 'exempt' }, account, options);
      expect([r.status, r.reason, r.amounts?.tax]).toEqual(['non_taxable', 'customer_exempt', '0.00']);
    }
  });
});

describe('explainTaxRate of a category', () => {
  it('shows which treatment of which tax applied, and the law in the notes', () => {
    const r = explainTaxRate({ ...PINE, tax_code: 'clothing', amount: '50' }, account, options);
    expect(r.reason).toBe('below_price_limit');
    expect(r.treatments).toEqual([
      expect.objectContaining({ tax: 'Sales tax', jurisdiction: 'Norland', code: 'clothing', table: 'tax', treatment: 'exempt', side: 'below', priceLimit: { amount: '110', currency: 'XTS', kind: 'all_or_nothing', atLimit: 'above' } }),
      expect.objectContaining({ jurisdiction: 'Pine County', table: 'state', treatment: 'exempt', side: 'below' }),
    ]);
    expect(r.notes.join(' ')).toMatch(/Test Sales Tax Act § 20/);
    // A standard code's explanation has none.
    expect(explainTaxRate({ ...PINE, tax_code: 'standard', product_type: 'good' }, account, options).treatments).toBeUndefined();
  });

  it('a cached calculator answers as a fresh one, category by category', () => {
    const calculator = createCalculator({ rules: miniRules });
    for (const tax_code of ['food', 'diapers', 'clothing', 'books', 'standard', 'medical_devices'] as const) {
      for (const amount of ['50', '150']) {
        const q = { ...PINE, tax_code, amount, product_type: 'good' as const };
        expect(calculator.calculateTaxRate(q, account), `${tax_code} ${amount}`).toEqual(calculateTaxRate(q, account, { ...options, cache: false }));
      }
    }
  });
});
