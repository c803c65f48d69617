/**
 * A delivery charge (`shipping_cost`) as logic, on the test rule set (test/support/mini-rules.ts):
 * how it is shared between the goods, taxed as they are, rounded, refunded and refused. The
 * rates here are invented and never change; the real taxes' delivery rules are checked on the
 * real rules in test/shipping.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, computeBatch, computeTransaction, createRuleSet, defineAccount } from '../../src/index.js';
import { checkRuleData } from '../../src/core/rule-checks.js';
import { miniRuleData, miniRules } from '../support/mini-rules.js';
import { refused } from '../helpers.js';

const rules = miniRules;
const avalonian = defineAccount({ country: 'XA', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }] }, rules);
const norlander = defineAccount({ country: 'XD', postal_code: '10001', currency: 'XTS', registrations: [{ jurisdiction_id: 904001 }, { jurisdiction_id: 904002 }] }, rules);
const calderan = defineAccount({ country: 'XC', postal_code: '1000', currency: 'XTS', registrations: [{ jurisdiction_id: 903 }, { jurisdiction_id: 903001 }] }, rules);

const book = { reference: 'book', amount: '100.00', tax_code: 'standard' as const, product_type: 'good' as const };
const food = { reference: 'food', amount: '50.00', tax_code: 'reduced' as const, product_type: 'good' as const };
const plan = { reference: 'plan', amount: '20.00', tax_code: 'saas' as const, product_type: 'service' as const };
const TAX_DATE = Date.UTC(2026, 5, 1) / 1000;
const at = (address: object, lines: object[], extra: object = {}) => ({ customer_address: address, tax_date: TAX_DATE, line_items: lines, ...extra }) as never;
const toAvalonia = (extra: object = {}, lines: object[] = [book, food, plan]) => at({ country: 'XA', postal_code: '10115' }, lines, extra);

describe('a delivery charge shared between the goods (Avalonia: VAT 20 %, reduced 10 %)', () => {
  it('in proportion to their amounts, each share taxed at its goods’ rate and rounded half up; a service gets none', () => {
    const r = calculate(toAvalonia({ shipping_cost: { amount: '10.00' } }), avalonian, { rules });
    // 10.00 over 100.00 and 50.00: 6.666… and 3.333… → 6.67 and 3.33 (largest remainder);
    // 20 % of 6.67 = 1.334 → 1.33; 10 % of 3.33 = 0.333 → 0.33.
    expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.taxable_amount, t.amount, t.reason])).toEqual([
      ['20', '6.67', '1.33', 'standard_rated'],
      ['10', '3.33', '0.33', 'reduced_rated'],
    ]);
    expect(r.shipping_cost).toMatchObject({ tax_behavior: 'exclusive', amount: '10.00', amount_subtotal: '10.00', amount_tax: '1.66', amount_total: '11.66' });
    // Goods 20.00 + 5.00, the plan 4.00, the delivery 1.66.
    expect([r.subtotal, r.total_tax, r.total]).toEqual(['180.00', '30.66', '210.66']);
    expect(r.tax_breakdown.find((b) => b.rate === '20')).toMatchObject({ taxable_amount: '126.67', amount: '25.33' });
    const without = calculate(toAvalonia(), avalonian, { rules });
    expect(without).not.toHaveProperty('shipping_cost');
    expect(r.line_items).toEqual(without.line_items);
  });

  it('with a tax_code delivers the goods of that code alone: shared among them, taxed as they are', () => {
    // All of the 10.00 delivers the reduced-rate food (10 %): 1.00; with the standard code, the book (20 %): 2.00.
    const r = calculate(toAvalonia({ shipping_cost: { amount: '10.00', tax_code: 'reduced' } }), avalonian, { rules });
    expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.taxable_amount, t.amount])).toEqual([['10', '10.00', '1.00']]);
    expect(calculate(toAvalonia({ shipping_cost: { amount: '10.00', tax_code: 'standard' } }), avalonian, { rules }).shipping_cost!.amount_tax).toBe('2.00');
    // A code no goods line has (the plan is a service) is refused: the charge would deliver nothing.
    for (const code of ['saas', 'ebook']) {
      const e = refused(() => calculate(toAvalonia({ shipping_cost: { amount: '10.00', tax_code: code } }), avalonian, { rules }));
      expect([e.status, e.issues.map((i) => i.path.join('.'))], code).toEqual([422, ['shipping_cost.tax_code']]);
    }
    expect(refused(() => calculate(toAvalonia({ shipping_cost: { amount: '10.00', tax_code: 'postage' } }), avalonian, { rules })).issues[0]?.path.join('.')).toBe('shipping_cost.tax_code');
  });

  it('is rounded per tax and rate, whatever the tax codes of the goods it delivers (Borduria: one rate, 25 %, for its reduced code too)', () => {
    const bordurian = defineAccount({ country: 'XA', postal_code: '10115', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }, { jurisdiction_id: 902 }] }, rules);
    const toBorduria = (codes: readonly string[], behavior: 'inclusive' | 'exclusive', amount: string) =>
      calculate(at({ country: 'XB', postal_code: '1000' }, codes.map((c, i) => ({ reference: `g${i}`, amount: '50.00', tax_code: c, product_type: 'good' })), { shipping_cost: { amount, tax_behavior: behavior } }), bordurian, { rules });
    for (const codes of [['standard', 'standard'], ['standard', 'reduced'], ['reduced', 'standard', 'reduced']]) {
      // Tax-included 101.44 holds 101.44 × 25 / 125 = 20.288 of VAT: 20.29 (two shares of 50.72 rounded apart: 10.14 each).
      const r = toBorduria(codes, 'inclusive', '101.44');
      expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.taxable_amount, t.amount]), codes.join(' ')).toEqual([['25', '81.15', '20.29']]);
      // Net: 25 % of 101.46 is 25.365, so 25.37 (two shares of 50.73 rounded apart: 12.68 each).
      expect(toBorduria(codes, 'exclusive', '101.46').shipping_cost!.amount_tax, codes.join(' ')).toBe('25.37');
    }
  });

  it('takes its own tax behaviour: an inclusive charge of 12.00 on standard-rated goods is 10.00 and 2.00', () => {
    const r = calculate(toAvalonia({ shipping_cost: { amount: '12.00', tax_behavior: 'inclusive' } }, [book]), avalonian, { rules });
    expect(r.shipping_cost).toMatchObject({ tax_behavior: 'inclusive', amount: '12.00', amount_subtotal: '10.00', amount_tax: '2.00', amount_total: '12.00' });
  });

  it('adds up exactly: the shares to the charge, the totals to subtotal and tax, for any goods and charge', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 100_000 }), (cents, shipping) => {
        const lines = cents.map((c, i) => ({ reference: `g${i}`, amount: (c / 100).toFixed(2), tax_code: i % 2 === 0 ? ('standard' as const) : ('reduced' as const), product_type: 'good' as const }));
        const r = calculate(toAvalonia({ shipping_cost: { amount: (shipping / 100).toFixed(2) } }, lines), avalonian, { rules });
        const toCents = (s: string) => Math.round(Number(s) * 100);
        expect(r.shipping_cost!.taxes.reduce((a, t) => a + toCents(t.taxable_amount), 0)).toBe(shipping);
        expect(toCents(r.total)).toBe(toCents(r.subtotal) + toCents(r.total_tax));
      }),
      { numRuns: 200 },
    );
  });
});

describe('a delivery charge follows its goods', () => {
  it('is not charged where the goods are not: a business customer who accounts for the tax, a place the seller is not registered', () => {
    const b2b = calculate(at({ country: 'XB', postal_code: '1000' }, [book], { shipping_cost: { amount: '10.00' }, customer_tax_id: 'XB123456789' }), avalonian, { rules, taxIdVerdict: () => 'valid' });
    expect(b2b.shipping_cost!.taxes).toEqual([expect.objectContaining({ amount: '0.00', status: 'reverse_charge' })]);
    const nowhere = calculate(at({ country: 'XC', postal_code: '3000' }, [book], { shipping_cost: { amount: '10.00' } }), avalonian, { rules });
    expect([nowhere.shipping_cost!.amount_tax, nowhere.shipping_cost!.taxes[0]!.status]).toEqual(['0.00', 'not_registered']);
  });

  it('is never taxed for an exempt customer', () => {
    const r = calculate(toAvalonia({ shipping_cost: { amount: '10.00' }, customer_tax_status: 'exempt' }, [book]), avalonian, { rules });
    expect(r.shipping_cost!.taxes[0]).toMatchObject({ amount: '0.00', reason: 'customer_exempt' });
  });

  it('takes the goods’ local taxes at their place (Norland, ZIP 10001: state 6 %, Redwood County 1 %, Lakeside 1.5 %, Transit District 0.5 %)', () => {
    const r = calculate(at({ country: 'XD', postal_code: '10001' }, [book], { shipping_cost: { amount: '10.00' } }), norlander, { rules });
    expect(r.shipping_cost!.taxes.map((t) => [t.jurisdiction.level, t.rate, t.amount])).toEqual([
      ['state', '6', '0.60'],
      ['county', '1', '0.10'],
      ['city', '1.5', '0.15'],
      ['district', '0.5', '0.05'],
    ]);
    expect(r.shipping_cost!.amount_tax).toBe('0.90');
  });

  it('is not taxed where the tax leaves out charges stated apart, and the note gives the conditions (Eastvale)', () => {
    const r = calculate(at({ country: 'XD', postal_code: '20001' }, [book], { shipping_cost: { amount: '10.00' } }), norlander, { rules });
    expect(r.shipping_cost!.taxes.map((t) => [t.status, t.reason, t.rate, t.amount])).toEqual([['non_taxable', 'delivery_not_taxable', '0', '0.00']]);
    expect(r.shipping_cost!.notes.join(' ')).toContain('sent by a carrier');
    expect(r.line_items[0]!.amount_tax).toBe('5.00');
  });

  it('takes a second tax by that tax’s own rule (Northmoor: GST 5 % and PST 7 %)', () => {
    const r = calculate(at({ country: 'XC', postal_code: '1000' }, [book], { shipping_cost: { amount: '10.00' } }), calderan, { rules });
    expect(r.shipping_cost!.taxes.map((t) => [t.rate, t.amount])).toEqual([
      ['5', '0.50'],
      ['7', '0.70'],
    ]);
  });
});

describe('a delivery charge refused (422 at shipping_cost, said once), never a guess', () => {
  it('without goods to deliver', () => {
    const e = refused(() => calculate(toAvalonia({ shipping_cost: { amount: '10.00' } }, [plan]), avalonian, { rules }));
    expect([e.status, e.issues[0]!.path]).toEqual([422, ['shipping_cost']]);
  });

  it('where the rules have no delivery rule for the tax (Estmark), or not on that day (Norland before 2010)', () => {
    const estmarker = defineAccount({ country: 'XE', postal_code: '1000', currency: 'XTS', registrations: [{ jurisdiction_id: 905 }] }, rules);
    const twoGoods = [book, { ...book, reference: 'b2', tax_code: 'reduced' }];
    const e = refused(() => calculate(at({ country: 'XE', postal_code: '1000' }, twoGoods, { shipping_cost: { amount: '9.99' } }), estmarker, { rules }));
    expect(e.status).toBe(422);
    expect(e.issues).toEqual([expect.objectContaining({ path: ['shipping_cost'], code: 'unprocessable' })]);
    expect(e.message).toContain('no rule yet for delivery charges under CT in Estmark');
    const before = refused(() => calculate({ ...(at({ country: 'XD', postal_code: '10001' }, [book], { shipping_cost: { amount: '9.99' } }) as object), tax_date: Date.UTC(2009, 5, 1) / 1000 } as never, norlander, { rules }));
    expect([before.status, before.message]).toEqual([422, expect.stringContaining('on 2009-06-01')]);
  });

  it('for a negative amount, more decimals than the currency, an unknown field', () => {
    expect(refused(() => calculate(toAvalonia({ shipping_cost: { amount: '-1.00' } }), avalonian, { rules })).issues[0]!.path).toEqual(['shipping_cost', 'amount']);
    expect(refused(() => calculate(toAvalonia({ shipping_cost: { amount: '1.001' } }), avalonian, { rules })).issues[0]!.path).toEqual(['shipping_cost', 'amount']);
    expect(refused(() => calculate(toAvalonia({ shipping_cost: { amount: '1.00', tax_behaviour: 'inclusive' } }), avalonian, { rules })).message).toContain('did you mean tax_behavior?');
  });
});

describe('delivery rules in the rule data', () => {
  it('are checked as every period: sorted, one start a day, checked on a day that has been', () => {
    const data = structuredClone(miniRuleData) as typeof miniRuleData;
    const xu = data.regimes.find((r) => r.regime === 'XU')!;
    xu.delivery = [xu.delivery![0]!, { ...xu.delivery![0]!, checked: '2999-01-01' }];
    const messages = checkRuleData(data).map((p) => `${p.file} ${p.path} ${p.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/XU\.json \/delivery\/1 two periods start on 2000-01-01/));
    expect(messages).toContainEqual(expect.stringMatching(/XU\.json \/delivery\/1\/checked checked 2999-01-01 is a day still to come/));
  });

  it('never tax a second tax by the main tax’s rule: Northmoor’s PST without a rule of its own is refused', () => {
    const data = structuredClone(miniRuleData) as typeof miniRuleData;
    const pst = data.countries.find((c) => c.country === 'XC')!.jurisdictions.find((j) => j.id === 903001)!.taxes[0]!;
    delete pst.delivery;
    const own = createRuleSet(data);
    const seller = defineAccount({ country: 'XC', postal_code: '1000', currency: 'XTS', registrations: [{ jurisdiction_id: 903 }, { jurisdiction_id: 903001 }] }, own);
    // Westreach: GST alone, by the regime's rule.
    expect(calculate(at({ country: 'XC', postal_code: '3000' }, [book], { shipping_cost: { amount: '10.00' } }), seller, { rules: own }).shipping_cost!.amount_tax).toBe('0.50');
    const e = refused(() => calculate(at({ country: 'XC', postal_code: '1000' }, [book], { shipping_cost: { amount: '10.00' } }), seller, { rules: own }));
    expect([e.status, e.message]).toEqual([422, expect.stringContaining('under PST in Northmoor Province')]);
  });

  it('answer from a tax’s own rule before its regime’s', () => {
    const data = structuredClone(miniRuleData) as typeof miniRuleData;
    const vat = data.countries.find((c) => c.country === 'XA')!.jurisdictions[0]!.taxes[0]!;
    vat.delivery = [{ from: '2000-01-01', treatment: 'exempt_if_separately_stated', source: 'Test data: a rule of its own', checked: '2026-01-15' }];
    const r = calculate(toAvalonia({ shipping_cost: { amount: '10.00' } }, [book]), avalonian, { rules: createRuleSet(data) });
    expect(r.shipping_cost!.taxes[0]).toMatchObject({ rate: '0', amount: '0.00', status: 'non_taxable', reason: 'delivery_not_taxable' });
    expect(r.line_items[0]!.taxes[0]!.rate).toBe('20');
  });
});

describe('a delivery charge in v20260309 transactions', () => {
  const customer = { address: { country: 'XA', postal_code: '10115' } };
  const sold = computeTransaction({ source_id: 's1', date: '2026-06-01', currency: 'EUR', customer, items: [book, food], shipping_cost: { amount: '10.00' } }, avalonian, { rules });
  const refund = (id: string, items: object[], shipping: object | undefined, earlierRefunds: readonly object[] = []) =>
    computeTransaction(
      { transaction_type: 'refund', refund_of_source_id: 's1', source_id: id, date: '2026-06-02', currency: 'EUR', customer, items, ...(shipping ? { shipping_cost: shipping } : {}) } as never,
      avalonian,
      { rules, original: sold, earlierRefunds: earlierRefunds as never },
    );

  it('is taxed in a sale as calculate taxes it, in its totals and breakdown', () => {
    const calc = calculate(toAvalonia({ shipping_cost: { amount: '10.00' } }, [book, food]), avalonian, { rules });
    expect(sold.shipping_cost).toEqual(calc.shipping_cost);
    expect([sold.subtotal, sold.total_tax, sold.total]).toEqual([calc.subtotal, calc.total_tax, calc.total]);
    expect(sold.tax_breakdown).toEqual(calc.tax_breakdown);
    expect(computeTransaction({ source_id: 's2', date: '2026-06-01', currency: 'EUR', customer, items: [book] }, avalonian, { rules })).not.toHaveProperty('shipping_cost');
  });

  it('is refunded alone or with items, prorated as an item is; every refund in any steps nets the sale to zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.boolean(), (first, withItems) => {
        const r1 = refund('r1', withItems ? [{ reference: 'book', amount: '40.00' }] : [], { amount: (first / 100).toFixed(2) });
        expect(r1.shipping_cost!.amount).toBe((-first / 100).toFixed(2));
        const rest = withItems ? [{ reference: 'book', amount: '60.00' }, { reference: 'food', amount: '50.00' }] : [{ reference: 'book', amount: '100.00' }, { reference: 'food', amount: '50.00' }];
        const r2 = refund('r2', rest, { amount: ((1000 - first) / 100).toFixed(2) }, [r1]);
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
    expect([more.status, more.issues[0]!.path, more.message]).toEqual([422, ['shipping_cost', 'amount'], expect.stringContaining("more than is left of the sale's shipping cost")]);
    const plain = computeTransaction({ source_id: 's3', date: '2026-06-01', currency: 'EUR', customer, items: [book] }, avalonian, { rules });
    const none = refused(() => computeTransaction({ transaction_type: 'refund', refund_of_source_id: 's3', source_id: 'r3', date: '2026-06-02', currency: 'EUR', customer, items: [], shipping_cost: { amount: '1.00' } } as never, avalonian, { rules, original: plain }));
    expect([none.status, none.issues[0]!.path]).toEqual([422, ['shipping_cost']]);
    expect(refused(() => refund('r4', [], { amount: '0.00' })).status).toBe(422);
    expect(refused(() => refund('r5', [], { amount: '1.001' })).issues[0]!.path).toEqual(['shipping_cost', 'amount']);
    const empty = refused(() => refund('r6', [], undefined));
    expect([empty.status, empty.issues[0]!.path]).toEqual([400, ['items']]);
  });

  it('is not a field of a batch’s transactions (they are sales priced with tax included)', () => {
    const e = refused(() => computeBatch({ transactions: [{ source_id: 'b1', date: '2026-06-01', currency: 'EUR', customer, items: [book], shipping_cost: { amount: '1.00' } }] } as never, avalonian, { rules }));
    expect(e.issues[0]!.path).toEqual(['transactions', 0, 'shipping_cost']);
  });
});
