/** A delivery charge (`shipping_cost`) in v20260309 calculations: taxed as the goods it delivers, as each tax's delivery rule says. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, computeBatch, computeTransaction, createRuleSet, defineAccount } from '../src/index.js';
import { checkRuleData } from '../src/core/rule-checks.js';
import { defaultRuleSet } from '../src/default-rules.js';

const defaultRuleData = defaultRuleSet.data;
import { refused } from './helpers.js';

const ie = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss', valid_from: '2021-07-01' }] });
const austin = { country: 'US', postal_code: '78701', state: 'TX' };
const texas = defineAccount({ country: 'US', region: 'TX', postal_code: '78701', currency: 'USD', registrations: [{ country: 'US', region: 'TX' }] });
const book = { reference: 'book', amount: '100.00', tax_code: 'standard' as const, product_type: 'good' as const };
const food = { reference: 'food', amount: '50.00', tax_code: 'reduced' as const, product_type: 'good' as const };
const plan = { reference: 'plan', amount: '20.00', tax_code: 'saas' as const, product_type: 'service' as const };
const toGermany = (extra: object = {}, lines: object[] = [book, food, plan]) => ({ customer_address: { country: 'DE' }, tax_date: 1_780_000_000, line_items: lines, ...extra }) as never;

describe('shipping_cost under EU VAT (the taxable amount of the goods, VAT Directive art. 78)', () => {
  it('is shared between the goods in proportion to their amounts and taxed at their rates; a service gets none', () => {
    const r = calculate(toGermany({ shipping_cost: { amount: '10.00' } }), ie);
    expect(r.shipping_cost).toMatchObject({ tax_behavior: 'exclusive', amount: '10.00', amount_subtotal: '10.00', amount_tax: '1.50', amount_total: '11.50' });
    expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.taxable_amount, t.amount, t.reason])).toEqual([
      ['19', '6.67', '1.27', 'standard_rated'],
      ['7', '3.33', '0.23', 'reduced_rated'],
    ]);
    const without = calculate(toGermany(), ie);
    expect(without).not.toHaveProperty('shipping_cost');
    expect([r.subtotal, r.total_tax, r.total]).toEqual(['180.00', '27.80', '207.80']);
    expect([without.subtotal, without.total_tax]).toEqual(['170.00', '26.30']);
    // The breakdown holds the delivery's taxes with the goods'.
    expect(r.tax_breakdown.find((b) => b.rate === '19')).toMatchObject({ taxable_amount: '126.67', amount: '24.07' });
    expect(r.line_items).toEqual(without.line_items);
  });

  it('with a tax_code delivers the goods of that code alone: shared among them, taxed as they are', () => {
    // All of the 10.00 delivers the reduced-rate food (7 %, UStG § 12(2) Nr. 1): 0.70.
    const r = calculate(toGermany({ shipping_cost: { amount: '10.00', tax_code: 'reduced' } }), ie);
    expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.taxable_amount, t.amount])).toEqual([['7', '10.00', '0.70']]);
    expect(calculate(toGermany({ shipping_cost: { amount: '10.00', tax_code: 'standard' } }), ie).shipping_cost!.amount_tax).toBe('1.90');
    // A code no goods line has (the SaaS plan is a service) is refused: the charge would deliver nothing.
    for (const code of ['saas', 'ebook']) {
      const e = refused(() => calculate(toGermany({ shipping_cost: { amount: '10.00', tax_code: code } }), ie));
      expect([e.status, e.issues.map((i) => i.path.join('.'))], code).toEqual([422, ['shipping_cost.tax_code']]);
    }
    expect(refused(() => calculate(toGermany({ shipping_cost: { amount: '10.00', tax_code: 'postage' } }), ie)).issues[0]?.path.join('.')).toBe('shipping_cost.tax_code');
  });

  it('takes its own tax behaviour: an inclusive charge of 11.90 on standard-rated goods is 10.00 and 1.90', () => {
    const r = calculate(toGermany({ shipping_cost: { amount: '11.90', tax_behavior: 'inclusive' } }, [book]), ie);
    expect(r.shipping_cost).toMatchObject({ tax_behavior: 'inclusive', amount: '11.90', amount_subtotal: '10.00', amount_tax: '1.90', amount_total: '11.90' });
  });

  it('follows the goods when they are not taxed by the seller: reverse charge for a business, not registered', () => {
    const b2b = calculate(toGermany({ shipping_cost: { amount: '10.00' }, customer_tax_id: 'DE811569869' }, [book]), ie, { taxIdVerdict: () => 'valid' });
    expect(b2b.shipping_cost!.taxes).toEqual([expect.objectContaining({ amount: '0.00', status: 'reverse_charge' })]);
    const nowhere = calculate(toGermany({ shipping_cost: { amount: '10.00' } }, [book]), defineAccount({ country: 'IE', currency: 'EUR', registrations: [] }));
    expect(nowhere.shipping_cost!.amount_tax).toBe('0.00');
    expect(nowhere.shipping_cost!.taxes[0]!.status).toBe('not_registered');
  });

  it('is never taxed for an exempt customer', () => {
    const r = calculate(toGermany({ shipping_cost: { amount: '10.00' }, customer_tax_status: 'exempt' }, [book]), ie);
    expect(r.shipping_cost!.taxes[0]).toMatchObject({ amount: '0.00', reason: 'customer_exempt' });
  });

  it('is rounded per tax and rate, whatever the tax codes of the goods it delivers', () => {
    // Denmark has one VAT rate, 25 % (Momsloven § 33): its reduced code is taxed at it. A tax-included
    // charge of JPY 10,144 holds 10,144 × 25 / 125 = 2,028.8 of VAT: 2,029, however its goods are labelled.
    const toDenmark = (codes: readonly ('standard' | 'reduced' | 'clothing')[], behavior: 'inclusive' | 'exclusive', amount: string) =>
      calculate(
        {
          customer_address: { country: 'DK' },
          currency: 'JPY',
          tax_date: 1_780_000_000,
          line_items: codes.map((c, i) => ({ reference: `g${i}`, amount: '5000', tax_code: c, product_type: 'good' as const })),
          shipping_cost: { amount, tax_behavior: behavior },
        },
        ie,
      );
    for (const codes of [['standard', 'standard'], ['standard', 'reduced'], ['reduced', 'standard', 'clothing']] as const) {
      const r = toDenmark(codes, 'inclusive', '10144');
      expect([r.shipping_cost!.amount_subtotal, r.shipping_cost!.amount_tax], codes.join(' ')).toEqual(['8115', '2029']);
      expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.taxable_amount, t.amount]), codes.join(' ')).toEqual([['25', '8115', '2029']]);
      // Net: 25 % of 10,146 is 2,536.5, so 2,537 (two shares of 5,073 rounded apart would give 1,268 each).
      expect(toDenmark(codes, 'exclusive', '10146').shipping_cost!.amount_tax, codes.join(' ')).toBe('2537');
    }
  });

  it('is shared exactly: the shares always add up to the charge', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 100_000 }), (cents, shipping) => {
        const lines = cents.map((c, i) => ({ reference: `g${i}`, amount: (c / 100).toFixed(2), tax_code: i % 2 === 0 ? ('standard' as const) : ('reduced' as const), product_type: 'good' as const }));
        const r = calculate(toGermany({ shipping_cost: { amount: (shipping / 100).toFixed(2) } }, lines), ie);
        const shared = r.shipping_cost!.taxes.reduce((a, t) => a + Math.round(Number(t.taxable_amount) * 100), 0);
        expect(shared).toBe(shipping);
        expect(Math.round(Number(r.total) * 100)).toBe(Math.round(Number(r.subtotal) * 100) + Math.round(Number(r.total_tax) * 100));
      }),
      { numRuns: 200 },
    );
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
  it('without goods to deliver (422), naming shipping_cost', () => {
    const e = refused(() => calculate(toGermany({ shipping_cost: { amount: '10.00' } }, [plan]), ie));
    expect([e.status, e.issues[0]!.path]).toEqual([422, ['shipping_cost']]);
  });

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

  it('for a negative amount, more decimals than the currency, an unknown field', () => {
    expect(refused(() => calculate(toGermany({ shipping_cost: { amount: '-1.00' } }), ie)).issues[0]!.path).toEqual(['shipping_cost', 'amount']);
    expect(refused(() => calculate(toGermany({ shipping_cost: { amount: '1.001' } }), ie)).issues[0]!.path).toEqual(['shipping_cost', 'amount']);
    const e = refused(() => calculate(toGermany({ shipping_cost: { amount: '1.00', tax_behaviour: 'inclusive' } }), ie));
    expect(e.message).toContain('did you mean tax_behavior?');
  });
});

describe('delivery rules in the rule data', () => {
  it('are checked as every period: sorted, one start a day, checked on a day that has been', () => {
    const data = structuredClone(defaultRuleData);
    const eu = data.regimes.find((r) => r.regime === 'EU')!;
    eu.delivery = [eu.delivery![0]!, { ...eu.delivery![0]!, checked: '2999-01-01' }];
    const messages = checkRuleData(data).map((p) => `${p.file} ${p.path} ${p.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/EU\.json \/delivery\/1 two periods start on 2007-01-01/));
    expect(messages).toContainEqual(expect.stringMatching(/EU\.json \/delivery\/1\/checked checked 2999-01-01 is a day still to come/));
  });

  it('never tax a second tax by the main tax’s rule: Saskatchewan’s PST without a rule of its own is refused', () => {
    const data = structuredClone(defaultRuleData);
    const ca = data.countries.find((c) => c.country === 'CA')!;
    ca.jurisdictions[0]!.taxes[0]!.delivery = [{ from: '2007-01-01', treatment: 'follows_goods', source: 'a test rule, not a source of law', checked: '2026-11-28' }];
    const rules = createRuleSet(data);
    const seller = defineAccount({ country: 'CA', region: 'SK', postal_code: 'S4P3Y2', currency: 'CAD', registrations: [{ country: 'CA' }, { country: 'CA', region: 'SK' }] }, rules);
    const request = (address: object) => ({ customer_address: address, tax_date: 1_780_000_000, line_items: [book], shipping_cost: { amount: '10.00' } }) as never;
    // Alberta: GST alone, by its (test) rule.
    expect(calculate(request({ country: 'CA', postal_code: 'T5J0N3' }), seller, { rules }).shipping_cost!.amount_tax).toBe('0.50');
    const e = refused(() => calculate(request({ country: 'CA', postal_code: 'S4P3Y2' }), seller, { rules }));
    expect([e.status, e.message]).toEqual([422, expect.stringContaining('under PST in Saskatchewan')]);
  });

  it('answer from a tax’s own rule before its regime’s', () => {
    const data = structuredClone(defaultRuleData);
    const de = data.countries.find((c) => c.country === 'DE')!;
    de.jurisdictions[0]!.taxes[0]!.delivery = [{ from: '2007-01-01', treatment: 'exempt_if_separately_stated', source: 'a test rule, not a source of law', checked: '2026-11-28' }];
    const r = calculate(toGermany({ shipping_cost: { amount: '10.00' } }, [book]), ie, { rules: createRuleSet(data) });
    expect(r.shipping_cost!.taxes[0]).toMatchObject({ rate: '0', amount: '0.00', status: 'non_taxable', reason: 'delivery_not_taxable' });
    expect(r.line_items[0]!.taxes[0]!.rate).toBe('19');
  });
});

describe('shipping_cost in v20260309 transactions', () => {
  const customer = { address: { country: 'DE' } };
  const sold = computeTransaction({ source_id: 's1', date: '2026-06-01', currency: 'EUR', customer, items: [book, food], shipping_cost: { amount: '10.00' } }, ie);
  const refund = (id: string, items: object[], shipping: object | undefined, earlierRefunds: readonly object[] = []) =>
    computeTransaction(
      { transaction_type: 'refund', refund_of_source_id: 's1', source_id: id, date: '2026-06-02', currency: 'EUR', customer, items, ...(shipping ? { shipping_cost: shipping } : {}) } as never,
      ie,
      { original: sold, earlierRefunds: earlierRefunds as never },
    );

  it('taxes a sale’s shipping cost as calculate does, in its totals and breakdown', () => {
    const calc = calculate(toGermany({ shipping_cost: { amount: '10.00' } }, [book, food]), ie);
    expect(sold.shipping_cost).toEqual(calc.shipping_cost);
    expect([sold.subtotal, sold.total_tax, sold.total]).toEqual([calc.subtotal, calc.total_tax, calc.total]);
    expect(sold.tax_breakdown).toEqual(calc.tax_breakdown);
    expect(computeTransaction({ source_id: 's2', date: '2026-06-01', currency: 'EUR', customer, items: [book] }, ie)).not.toHaveProperty('shipping_cost');
  });

  it('refunds it alone or with items, prorated as an item is, and every refund in any steps nets the sale to zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.boolean(), (first, withItems) => {
        const r1 = refund('r1', withItems ? [{ reference: 'book', amount: '40.00' }] : [], { amount: (first / 100).toFixed(2) });
        expect(r1.shipping_cost!.amount).toBe((-first / 100).toFixed(2));
        const r2 = refund('r2', withItems ? [{ reference: 'book', amount: '60.00' }, { reference: 'food', amount: '50.00' }] : [{ reference: 'book', amount: '100.00' }, { reference: 'food', amount: '50.00' }], { amount: ((1000 - first) / 100).toFixed(2) }, [r1]);
        const cents = (t: string) => Math.round(Number(t) * 100);
        for (const field of ['subtotal', 'total_tax', 'total'] as const) expect(cents(sold[field]) + cents(r1[field]) + cents(r2[field]), field).toBe(0);
        for (const [k, t] of sold.shipping_cost!.taxes.entries()) expect(cents(t.amount) + cents(r1.shipping_cost!.taxes[k]!.amount) + cents(r2.shipping_cost!.taxes[k]!.amount)).toBe(0);
        // Never a negative tax back: each refund's tax has the refund's sign.
        expect(cents(r1.total_tax) <= 0 && cents(r2.total_tax) <= 0).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a refund of more shipping than is left, of a sale without it, of none, and a refund with nothing at all', () => {
    const r1 = refund('r1', [], { amount: '7.00' });
    const more = refused(() => refund('r2', [], { amount: '3.01' }, [r1]));
    expect([more.status, more.issues[0]!.path, more.message]).toEqual([422, ['shipping_cost', 'amount'], expect.stringContaining('more than is left of the sale’s shipping cost'.replace('’', "'"))]);
    const plain = computeTransaction({ source_id: 's3', date: '2026-06-01', currency: 'EUR', customer, items: [book] }, ie);
    const none = refused(() => computeTransaction({ transaction_type: 'refund', refund_of_source_id: 's3', source_id: 'r3', date: '2026-06-02', currency: 'EUR', customer, items: [], shipping_cost: { amount: '1.00' } } as never, ie, { original: plain }));
    expect([none.status, none.issues[0]!.path]).toEqual([422, ['shipping_cost']]);
    expect(refused(() => refund('r4', [], { amount: '0.00' })).status).toBe(422);
    expect(refused(() => refund('r5', [], { amount: '1.001' })).issues[0]!.path).toEqual(['shipping_cost', 'amount']);
    const empty = refused(() => refund('r6', [], undefined));
    expect([empty.status, empty.issues[0]!.path]).toEqual([400, ['items']]);
  });

  it('is not a field of a batch’s transactions (they are sales priced with tax included)', () => {
    const e = refused(() => computeBatch({ transactions: [{ source_id: 'b1', date: '2026-06-01', currency: 'EUR', customer, items: [book], shipping_cost: { amount: '1.00' } }] } as never, ie));
    expect(e.issues[0]!.path).toEqual(['transactions', 0, 'shipping_cost']);
  });
});
