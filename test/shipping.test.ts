/**
 * A delivery charge (`shipping_cost`) under each real tax's delivery rule: the law each answer
 * is worked from. How a charge is shared, rounded, refunded and refused is logic, tested on the
 * test rule set in test/logic/shipping.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { calculate, defineAccount } from '../src/index.js';
import { refused } from './helpers.js';

const ie = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
const austin = { country: 'US', postal_code: '78701', state: 'TX' };
const texas = defineAccount({ country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }] });
const book = { reference: 'book', amount: '100.00', tax_code: 'standard' as const, product_type: 'good' as const };
const food = { reference: 'food', amount: '50.00', tax_code: 'reduced' as const, product_type: 'good' as const };
const plan = { reference: 'plan', amount: '20.00', tax_code: 'saas' as const, product_type: 'service' as const };
const toGermany = (extra: object = {}, lines: object[] = [book, food, plan]) => ({ customer_address: { country: 'DE' }, tax_date: 1_780_000_000, line_items: lines, ...extra }) as never;

describe('shipping_cost under EU VAT (the taxable amount of the goods, VAT Directive art. 78)', () => {
  it('is part of the taxable amount of the goods it delivers, at their rates (Germany: 19 % and 7 %)', () => {
    const r = calculate(toGermany({ shipping_cost: { amount: '10.00' } }), ie);
    expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.reason])).toEqual([
      ['19', 'standard_rated'],
      ['7', 'reduced_rated'],
    ]);
    expect(r.shipping_cost!.notes).toContain('Delivery charges are part of the price of the goods: VAT is charged on them as on the goods.');
  });
});

describe('shipping_cost under US sales taxes (each state’s rule)', () => {
  const sale = (address: object, lines: object[] = [book]) => ({ customer_address: address, tax_date: 1_780_000_000, line_items: lines, shipping_cost: { amount: '10.00' } }) as never;

  it('Texas: part of the sales price of taxable goods (34 TAC § 3.303), at the goods’ combined rate, local taxes too', () => {
    const r = calculate(sale(austin), texas);
    expect(r.shipping_cost).toMatchObject({ amount_subtotal: '10.00', amount_tax: '0.83', amount_total: '10.83' });
    expect(r.shipping_cost!.taxes.map((t) => t.jurisdiction.level)).toEqual(['state', 'city', 'district']);
    expect(r.shipping_cost!.notes).toContain('Delivery charges are part of the price of the goods: Sales tax is charged on them as on the goods.');
  });

  it('California: not taxed when stated apart and delivered by a carrier (CDTFA publication 177); the conditions are in the note', () => {
    const ca = defineAccount({ country: 'US', region: 'CA', postal_code: '94103', currency: 'USD', registrations: [{ country: 'US', region: 'CA' }] });
    const r = calculate(sale({ country: 'US', postal_code: '94103', state: 'CA' }), ca);
    expect(r.shipping_cost!.amount_tax).toBe('0.00');
    expect(r.shipping_cost!.taxes.every((t) => t.status === 'non_taxable' && t.reason === 'delivery_not_taxable' && t.rate === '0')).toBe(true);
    expect(r.shipping_cost!.notes.join(' ')).toMatch(/Sales tax is not charged on delivery charges stated apart from the goods \(.*carrier/);
    expect(r.line_items[0]!.amount_tax).not.toBe('0.00');
  });

  it('Michigan: not taxed when stated apart from 2023-04-26, the day its rule changed (Public Acts 20 and 21 of 2023); the day before is not recorded', () => {
    const mi = defineAccount({ country: 'US', region: 'MI', postal_code: '48226', currency: 'USD', registrations: [{ country: 'US', region: 'MI' }] });
    const on = (y: number, m: number, d: number) => ({ ...(sale({ country: 'US', postal_code: '48226', state: 'MI' }) as object), tax_date: Date.UTC(y, m - 1, d) / 1000 }) as never;
    const r = calculate(on(2023, 4, 26), mi);
    expect([r.shipping_cost!.amount_tax, r.shipping_cost!.taxes[0]!.reason, r.line_items[0]!.amount_tax]).toEqual(['0.00', 'delivery_not_taxable', '6.00']);
    expect(refused(() => calculate(on(2023, 4, 25), mi)).message).toContain('on 2023-04-25');
  });

  it('Georgia: taxed with taxable goods even when separately stated (r. 560-12-2-.45); Utah: not when separately stated (Utah Code § 59-12-102)', () => {
    const account = (region: string, zip: string) => defineAccount({ country: 'US', region, postal_code: zip, currency: 'USD', registrations: [{ country: 'US', region }] });
    const ga = calculate(sale({ country: 'US', postal_code: '30303', state: 'GA' }), account('GA', '30303'));
    expect(ga.shipping_cost!.taxes.map((t) => t.rate)).toEqual(ga.line_items[0]!.taxes.map((t) => t.rate));
    expect(ga.shipping_cost!.amount_tax).not.toBe('0.00');
    const ut = calculate({ ...(sale({ country: 'US', postal_code: '84111', state: 'UT' }) as object), tax_date: Date.UTC(2026, 8, 15) / 1000 } as never, account('UT', '84111'));
    expect([ut.shipping_cost!.amount_tax, ut.shipping_cost!.taxes[0]!.reason]).toEqual(['0.00', 'delivery_not_taxable']);
    expect(ut.shipping_cost!.notes.join(' ')).toMatch(/not charged on delivery charges stated apart from the goods \(.*invoice/);
  });
});

describe('shipping_cost under other VATs and GSTs', () => {
  it('Norway: part of the basis of the goods (merverdiavgiftsloven § 4-2), at their rate', () => {
    const no = defineAccount({ country: 'NO', currency: 'NOK', registrations: [{ country: 'NO' }] });
    const r = calculate({ customer_address: { country: 'NO' }, tax_date: 1_780_000_000, line_items: [book], shipping_cost: { amount: '10.00' } } as never, no);
    expect(r.shipping_cost).toMatchObject({ amount_tax: '2.50', amount_total: '12.50' });
    expect(r.shipping_cost!.taxes[0]).toMatchObject({ rate: '25', reason: 'standard_rated' });
  });

  it('India: a composite supply taxed as its goods (CGST Act s. 2(30), 8(a))', () => {
    const india = defineAccount({ country: 'IN', currency: 'INR', registrations: [{ country: 'IN' }] });
    const r = calculate({ customer_address: { country: 'IN' }, tax_date: 1_780_000_000, line_items: [book], shipping_cost: { amount: '10.00' } } as never, india);
    const goods = r.line_items[0]!.taxes.map((t) => t.rate);
    expect(r.shipping_cost!.taxes.map((t) => t.rate)).toEqual(goods);
    expect(r.shipping_cost!.amount_tax).not.toBe('0.00');
  });

  it('Switzerland: an ancillary supply taxed as the goods, at their reduced rate (MWSTG Art. 19 Abs. 4, 24 Abs. 1)', () => {
    const ch = defineAccount({ country: 'CH', currency: 'CHF', registrations: [{ country: 'CH' }] });
    const r = calculate({ customer_address: { country: 'CH' }, tax_date: 1_780_000_000, line_items: [food], shipping_cost: { amount: '10.00' } } as never, ch);
    expect(r.shipping_cost!.taxes[0]).toMatchObject({ rate: '2.6', amount: '0.26', reason: 'reduced_rated' });
  });

  it('Australia: part of a composite supply of delivered goods (ATO GSTD 2002/3)', () => {
    const au = defineAccount({ country: 'AU', currency: 'AUD', registrations: [{ country: 'AU' }] });
    const r = calculate({ customer_address: { country: 'AU' }, tax_date: 1_780_000_000, line_items: [book], shipping_cost: { amount: '10.00' } } as never, au);
    expect(r.shipping_cost).toMatchObject({ amount_tax: '1.00', amount_total: '11.00' });
  });

  it('Canada: GST with the goods, and British Columbia’s PST by its own rule (PST Act s. 10(2)(e)(i))', () => {
    const seller = defineAccount({ country: 'CA', region: 'BC', postal_code: 'V6B1A1', currency: 'CAD', registrations: [{ country: 'CA' }, { country: 'CA', region: 'BC' }] });
    const r = calculate({ customer_address: { country: 'CA', postal_code: 'V6B1A1' }, tax_date: 1_780_000_000, line_items: [book], shipping_cost: { amount: '10.00' } } as never, seller);
    expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.amount])).toEqual([
      ['5', '0.50'],
      ['7', '0.70'],
    ]);
  });
});

describe('shipping_cost refused', () => {
  it('where the rules have no delivery rule for the tax yet, or not on that day (422, said once), never a guess', () => {
    // South Carolina's rule turns on the F.O.B. terms of the sale (S.C. Code Regs. 117-310), which a request does not carry.
    const sc = defineAccount({ country: 'US', region: 'SC', postal_code: '29201', currency: 'USD', registrations: [{ country: 'US', region: 'SC' }] });
    const e = refused(() => calculate({ customer_address: { country: 'US', postal_code: '29201', state: 'SC' }, tax_date: 1_780_000_000, line_items: [book, { ...book, reference: 'b2', tax_code: 'reduced' }], shipping_cost: { amount: '9.99' } } as never, sc));
    expect(e.status).toBe(422);
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]).toMatchObject({ path: ['shipping_cost'], code: 'unprocessable' });
    expect(e.message).toContain('no rule yet for delivery charges under Sales tax in South Carolina');
    // Texas's rule is recorded from 2024-01-01: a sale of 2023 is refused, not answered by today's rule.
    const before = refused(() => calculate({ customer_address: austin, tax_date: Date.UTC(2023, 5, 1) / 1000, line_items: [book], shipping_cost: { amount: '9.99' } } as never, texas));
    expect([before.status, before.message]).toEqual([422, expect.stringContaining('on 2023-06-01')]);
  });
});
