/** A customer's own tax status (exempt with a certificate, or reverse charge) in v20260309 calculations and transactions. */
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, computeTransaction, defineAccount, explainTaxRate } from '../src/index.js';
import { refused } from './helpers.js';

const texas = defineAccount({ country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }] });
const ireland = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
const austin = { country: 'US', postal_code: '78701', state: 'TX' };
const line = { reference: 'a', amount: '100.00', tax_code: 'standard' as const, product_type: 'good' as const };
const request = (extra: object = {}, address: object = austin) => ({ customer_address: address, tax_date: 1_780_000_000, line_items: [line], ...extra }) as never;

describe('calculate: customer_tax_status', () => {
  it('charges an exempt customer nothing, each jurisdiction kept at rate 0 with reason customer_exempt', () => {
    const taxed = calculate(request(), texas);
    const exempt = calculate(request({ customer_tax_status: 'exempt', customer_exemption_certificate: 'TX-01-339' }), texas);
    expect(taxed.total_tax).toBe('8.25');
    expect(exempt.total_tax).toBe('0.00');
    expect(exempt.total).toBe('100.00');
    const taxes = exempt.line_items[0]!.taxes;
    expect(taxes.map((t) => t.jurisdiction.name)).toEqual(taxed.line_items[0]!.taxes.map((t) => t.jurisdiction.name));
    expect(taxes.every((t) => t.rate === '0' && t.amount === '0.00' && t.status === 'non_taxable' && t.reason === 'customer_exempt')).toBe(true);
    expect(exempt.tax_breakdown.every((b) => b.reason === 'customer_exempt')).toBe(true);
  });

  it('answers reverse as the customer accounting for the tax', () => {
    const r = calculate(request({ customer_tax_status: 'reverse' }, { country: 'DE' }), ireland);
    expect(r.total_tax).toBe('0.00');
    expect(r.line_items[0]!.taxes[0]).toMatchObject({ name: 'VAT', rate: '0', status: 'reverse_charge', reason: 'customer_reverse_charge' });
  });

  it('leaves taxable and an answer that charges nothing as they are', () => {
    expect(calculate(request({ customer_tax_status: 'taxable' }), texas)).toEqual(calculate(request(), texas));
    const exemptCode = calculate(request({ customer_tax_status: 'exempt', line_items: [{ ...line, tax_code: 'exempt' }] }), texas);
    expect(exemptCode.line_items[0]!.taxes.every((t) => t.reason === 'product_exempt')).toBe(true);
  });

  it('refuses a certificate without exempt, and an unknown status with a suggestion', () => {
    const e = refused(() => calculate(request({ customer_exemption_certificate: 'TX-01-339' }), texas));
    expect(e.issues[0]).toMatchObject({ path: ['customer_exemption_certificate'], code: 'malformed' });
    expect(e.message).toContain('customer_exemption_certificate goes with customer_tax_status exempt');
    expect(refused(() => calculate(request({ customer_tax_status: 'reverse', customer_exemption_certificate: 'x' }), texas)).message).toContain('not reverse');
    const typo = refused(() => calculate(request({ customer_tax_status: 'exmpt' }), texas));
    expect(typo.message).toContain('did you mean exempt?');
  });

  it('does not let an exempt answer leak into a later taxable one through the decision cache', () => {
    calculate(request({ customer_tax_status: 'exempt' }), texas);
    expect(calculate(request(), texas).total_tax).toBe('8.25');
  });
});

describe('computeTransaction: customer.tax_status', () => {
  const sale = (customer: object) => ({ source_id: 'ch_1', date: '2026-06-01', currency: 'USD', customer: { address: austin, ...customer }, items: [line] }) as never;

  it('taxes an exempt customer at 0 and echoes its status and certificate', () => {
    const t = computeTransaction(sale({ tax_status: 'exempt', exemption_certificate: ' TX-01-339 ' }), texas);
    expect(t.total_tax).toBe('0.00');
    expect(t.customer).toMatchObject({ tax_status: 'exempt', exemption_certificate: 'TX-01-339' });
    expect(computeTransaction(sale({}), texas).customer).not.toHaveProperty('tax_status');
  });

  it('names the transaction’s own fields in a refusal', () => {
    const e = refused(() => computeTransaction(sale({ exemption_certificate: 'TX-01-339' }), texas));
    expect(e.issues[0]!.path).toEqual(['customer', 'exemption_certificate']);
    expect(e.message).toContain('customer.exemption_certificate goes with customer.tax_status exempt');
  });
});

describe('calculateTaxRate (v20241028 query): tax_status and exemption_certificate', () => {
  const q = 'to_country=US&to_postal_code=78701&tax_code=standard&product_type=good&amount=100&date=2026-06-01';

  it('quotes an exempt customer at rate 0, status non_taxable, the certificate in the notes', () => {
    expect(calculateTaxRate(q, texas)).toMatchObject({ rate: 8.25, tax_amount: 8.25, status: 'taxable' });
    const r = calculateTaxRate(`${q}&tax_status=exempt&exemption_certificate=TX-01-339`, texas);
    expect(r).toMatchObject({ rate: 0, tax_amount: 0, total_amount: 100, status: 'non_taxable', city: 'Austin' });
    expect(r.notes).toContain('The customer is exempt from Sales tax (exemption certificate TX-01-339): no tax is charged.');
    expect(explainTaxRate({ to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', tax_status: 'reverse' }, ireland)).toMatchObject({ status: 'reverse_charge', reason: 'customer_reverse_charge' });
  });

  it('refuses a certificate without exempt, and a status that is none, with a suggestion', () => {
    expect(refused(() => calculateTaxRate(`${q}&exemption_certificate=TX-01-339`, texas)).issues[0]).toMatchObject({ path: ['exemption_certificate'], code: 'malformed' });
    expect(refused(() => calculateTaxRate(`${q}&tax_status=exmpt`, texas)).message).toContain('did you mean exempt?');
  });
});

