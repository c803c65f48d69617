/**
 * The sale routine (src/core/sale.ts) and the renderers on it, on the frozen mini rule set
 * (test/support/mini-rules.ts): every expected value comes from its table, worked out by
 * hand, so that these tests never move with the real rates.
 */
import { describe, expect, it } from 'vitest';
import { priceSale, type Decider, type SaleLine, type SaleOptions, type SaleParty } from '../../src/core/sale.js';
import { freshDecider } from '../../src/core/determine.js';
import { TaxRulesError, type TaxRulesIssue } from '../../src/core/errors.js';
import type { Address, Registration } from '../../src/core/types.js';
import { buildDocument, calculate, createCalculator } from '../../src/index.js';
import { miniRules } from '../support/mini-rules.js';

const NORLAND_LAKESIDE: Address = { country: 'XD', postalCode: '10001' }; // Redwood 1 + Lakeside 1.5 + Transit 0.5
const NORLAND_PINE: Address = { country: 'XD', postalCode: '10003' }; // Pine 0.5
const EASTVALE: Address = { country: 'XD', postalCode: '20001' }; // another state: destination sourcing
const NORLAND: Registration[] = [{ jurisdictionId: 904001 }];

function party(over: Partial<SaleParty> = {}): SaleParty {
  return { date: '2026-06-01', origin: EASTVALE, destination: NORLAND_LAKESIDE, currency: 'XTS', registrations: NORLAND, ...over };
}

function line(amount: number | null, over: Partial<SaleLine> = {}): SaleLine {
  return { amount, articles: 1, taxCode: 'standard', productType: 'good', taxBehavior: 'exclusive', delivery: false, ...over };
}

function options(over: Partial<SaleOptions> = {}): SaleOptions {
  return { rules: miniRules, decider: freshDecider(miniRules), exemption: undefined, ...over };
}

function sale(p: SaleParty, lines: SaleLine[]) {
  return { party: p, day: Date.UTC(2026, 5, 1) / 86_400_000, minorUnits: 2, lines };
}

describe('priceSale: a state with every local level', () => {
  it('rounds the state and local lines once, as one tax, and shares the rounded tax out', () => {
    // 11.11 at 6 + 1 + 1.5 + 0.5 = 9 %: 0.9999 → 1.00; floors 66 + 11 + 16 + 5 = 98, the two
    // units left to the largest remainders (Lakeside .665, the state .66).
    const sold = priceSale(sale(party(), [line(1_111)]), options());
    const l = sold.lines[0];
    expect(l?.decision.lines.map((t) => [t.jurisdiction.name, t.rate])).toEqual([
      ['Norland', '6'],
      ['Redwood County', '1'],
      ['Lakeside', '1.5'],
      ['Lakeside Transit District', '0.5'],
    ]);
    expect(l?.priced?.taxes).toEqual([67, 11, 17, 5]);
    expect([sold.subtotal, sold.tax, sold.total]).toEqual([1_111, 100, 1_211]);
    expect(l?.decision.local).toMatchObject({ match: 'zip', sourcedAt: 'destination', county: 'Redwood County', city: 'Lakeside' });
  });

  it('takes an in-state seller’s own local taxes (origin sourcing), an out-of-state seller’s customer’s', () => {
    const inState = priceSale(sale(party({ origin: NORLAND_PINE }), [line(10_000)]), options()).lines[0];
    expect(inState?.decision.lines.map((t) => t.jurisdiction.name)).toEqual(['Norland', 'Pine County']);
    expect(inState?.priced?.taxes).toEqual([600, 50]);
    expect(inState?.decision.local?.sourcedAt).toBe('origin');
    expect(inState?.decision.notes).toContain('Norland sources the local taxes of an in-state seller to its place of business.');
    const outOfState = priceSale(sale(party(), [line(10_000)]), options()).lines[0];
    expect(outOfState?.priced?.taxes).toEqual([600, 100, 150, 50]);
  });
});

describe('priceSale: the per-article limit (XTS 1000 of an article of goods, shared out)', () => {
  const twoAt1500 = line(300_000, { articles: 2 });

  it('charges the local lines on at most the limit times the articles where the renderer shows a limited base', () => {
    // The state's 6 % on 3000.00; the local 3 % on 2 × 1000.00.
    const l = priceSale(sale(party(), [twoAt1500]), options({ limitedBases: true })).lines[0];
    expect(l?.priced?.taxes).toEqual([18_000, 2_000, 3_000, 1_000]);
    expect(l?.priced?.bases).toEqual([null, 200_000, 200_000, 200_000]);
    expect(l?.decision.articleCap).toMatchObject({ amount: '1000', currency: 'XTS', apportion: true, lines: [1, 2, 3] });
  });

  it('shares out an inclusive amount above the limit: net + taxes = gross', () => {
    // N + 6 % N + 3 % × 2000 = 3240 → N = 3000.
    const l = priceSale(sale(party(), [line(324_000, { articles: 2, taxBehavior: 'inclusive' })]), options({ limitedBases: true })).lines[0];
    expect(l?.priced).toMatchObject({ subtotal: 300_000, tax: 24_000, total: 324_000, taxes: [18_000, 2_000, 3_000, 1_000] });
  });

  it('prices articles at or under the limit in full, and does not limit services', () => {
    expect(priceSale(sale(party(), [line(180_000, { articles: 2 })]), options()).lines[0]?.priced?.tax).toBe(16_200);
    const service = priceSale(sale(party(), [line(300_000, { articles: 2, productType: 'service' })]), options()).lines[0];
    expect(service?.decision.articleCap).toBeNull();
    expect(service?.priced?.tax).toBe(27_000);
  });

  it('refuses (422) a line above it where the renderer cannot show a limited base, or the amount does not say its articles', () => {
    const issue = (_i: number, x: TaxRulesIssue): TaxRulesIssue => ({ ...x, path: ['item', ...x.path] });
    const refused = (l: SaleLine): TaxRulesError => {
      try {
        priceSale(sale(party(), [l]), options({ issue }));
      } catch (e) {
        if (e instanceof TaxRulesError) return e;
      }
      throw new Error('not refused');
    };
    const item = refused(twoAt1500);
    expect(item.status).toBe(422);
    expect(item.issues[0]?.path).toEqual(['item', 'lines', 0, 'amount']);
    expect(item.issues[0]?.message).toMatch(/An item of articles of XTS 1500\.00 each is above the XTS 1000 limit/);
    expect(refused(line(150_000, { articles: null })).issues[0]?.message).toMatch(/An amount of XTS 1500\.00 does not say the price of its articles/);
  });

  it('collects the refusal in options.issues and leaves the line out, the other lines priced', () => {
    const issues: TaxRulesIssue[] = [];
    const sold = priceSale(sale(party(), [twoAt1500, line(10_000, { taxCode: 'reduced' })]), options({ issues }));
    expect(sold.lines[0]).toBeNull();
    expect(sold.lines[1]?.priced?.tax).toBe(900);
    expect(issues.map((i) => [i.code, i.path])).toEqual([['unprocessable', ['lines', 0, 'amount']]]);
    expect(sold.tax).toBe(900);
  });
});

describe('priceSale: a federal tax and a provincial one (Caldera: GST + Northmoor PST)', () => {
  const northmoor = party({ origin: { country: 'XC', postalCode: '3000' }, destination: { country: 'XC', postalCode: '1234' } });

  it('rounds the two taxes apart: they are two groups', () => {
    const l = priceSale(sale({ ...northmoor, registrations: [{ jurisdictionId: 903 }, { jurisdictionId: 903001 }] }, [line(1_010)]), options()).lines[0];
    // GST 5 % of 10.10 = 0.505 → 0.51; PST 7 % = 0.707 → 0.71 (one group each: 1.212 would round to 1.21).
    expect(l?.decision.lines.map((t) => [t.name, t.group])).toEqual([
      ['GST', 'main'],
      ['PST', 'additional'],
    ]);
    expect(l?.priced?.taxes).toEqual([51, 71]);
  });

  it('charges no PST without its registration, and says so', () => {
    const l = priceSale(sale({ ...northmoor, registrations: [{ jurisdictionId: 903 }] }, [line(1_010)]), options()).lines[0];
    expect(l?.priced?.taxes).toEqual([51]);
    expect(l?.decision.notes).toContain('Not registered for PST in Northmoor Province: it is not charged.');
  });
});

describe('priceSale: the goods of a sale are one consignment (the union import scheme, EUR 150)', () => {
  // A seller outside the union (Estmark), enrolled in the import scheme, to a consumer in Avalonia (VAT 20 %).
  const imported = party({ origin: { country: 'XE', postalCode: '1000' }, destination: { country: 'XA', postalCode: '10115' }, currency: 'EUR', registrations: [{ jurisdictionId: 9900, importScheme: true }] });

  it('values the consignment at every line of goods: two lines of 80 are above the limit, two of 70 within', () => {
    const above = priceSale(sale(imported, [line(8_000), line(8_000, { taxCode: 'reduced' })]), options());
    expect(above.lines.map((l) => l?.decision.reason)).toEqual(['import_vat_at_border', 'import_vat_at_border']);
    expect(above.tax).toBe(0);
    const within = priceSale(sale(imported, [line(7_000), line(7_000, { taxCode: 'reduced' })]), options());
    expect(within.lines.map((l) => l?.priced?.tax)).toEqual([1_400, 700]);
  });

  it('values inclusive amounts at their net: two lines of 85 gross are 141.66 net, within the limit', () => {
    const gross = priceSale(sale(imported, [line(8_500, { taxBehavior: 'inclusive' }), line(8_500, { taxBehavior: 'inclusive', productType: 'good', taxCode: 'ebook' })]), options());
    // The e-book is digital, not goods: it is no part of the consignment.
    expect(gross.lines[0]?.decision.reason).toBe('standard_rated');
    const two = priceSale(sale(imported, [line(8_500, { taxBehavior: 'inclusive' }), line(8_500, { taxBehavior: 'inclusive' })]), options());
    expect(two.lines.map((l) => l?.decision.reason)).toEqual(['standard_rated', 'standard_rated']);
    expect(two.lines.map((l) => l?.priced?.tax)).toEqual([1_417, 1_417]);
    expect(two.lines[0]?.input.consignmentValue).toEqual({ amount: '141.66', currency: 'EUR' });
    const exclusive = priceSale(sale(imported, [line(8_500), line(8_500)]), options());
    expect(exclusive.lines.map((l) => l?.decision.reason)).toEqual(['import_vat_at_border', 'import_vat_at_border']);
  });

  it('takes a value given for every line', () => {
    const given = priceSale(sale({ ...imported, consignmentValue: { amount: '500', currency: 'EUR' } }, [line(1_000)]), options());
    expect(given.lines[0]?.decision.reason).toBe('import_vat_at_border');
  });
});

describe('priceSale: one decision for the lines that differ only in their amounts', () => {
  it('asks the decider once per kind of line, and the lines share the decision', () => {
    const fresh = freshDecider(miniRules);
    let asked = 0;
    const counting: Decider = (input, day) => {
      asked++;
      return fresh(input, day);
    };
    const lines = [line(100), line(200), line(300, { taxCode: 'reduced' }), line(400), line(500, { taxCode: 'reduced' })];
    const sold = priceSale(sale(party(), lines), options({ decider: counting }));
    expect(asked).toBe(2);
    expect(sold.lines.map((l) => l?.first)).toEqual([0, 0, 2, 0, 2]);
    expect(sold.lines[3]?.decision).toBe(sold.lines[0]?.decision);
    expect(sold.subtotal).toBe(1_500);
  });

  it('lists the issue of each kind of line once, in the request’s terms', () => {
    const issue = (i: number, x: TaxRulesIssue): TaxRulesIssue => ({ ...x, path: ['line_items', i, ...x.path] });
    const noPostal = party({ destination: { country: 'XD' } });
    let error: unknown;
    try {
      priceSale(sale(noPostal, [line(100), line(200), line(300, { taxCode: 'reduced' })]), options({ issue }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TaxRulesError);
    expect((error as TaxRulesError).issues.map((i) => i.path)).toEqual([
      ['line_items', 0, 'destination', 'postalCode'],
      ['line_items', 2, 'destination', 'postalCode'],
    ]);
  });
});

describe('the renderers on the sale routine', () => {
  const account = { country: 'XD', postal_code: '20001', currency: 'XTS', default_product_type: 'good' as const, registrations: [{ jurisdiction_id: 904001 }] };
  const calculator = createCalculator({ rules: miniRules });

  it('calculate: a line item’s local taxes on the limited base, the breakdown summed by tax', () => {
    const r = calculate(
      {
        customer_address: { country: 'XD', postal_code: '10001' },
        tax_date: Date.UTC(2026, 5, 1) / 1000,
        line_items: [
          { reference: 'a', amount: '3000.00', quantity: 2, tax_code: 'standard', product_type: 'good' },
          { reference: 'b', amount: '11.11', tax_code: 'standard', product_type: 'good' },
        ],
      },
      account,
      { rules: miniRules },
    );
    expect(r.line_items[0]?.taxes.map((t) => [t.name, t.rate, t.taxable_amount, t.amount])).toEqual([
      ['Sales tax', '6', '3000.00', '180.00'],
      ['Sales tax', '1', '2000.00', '20.00'],
      ['Sales tax', '1.5', '2000.00', '30.00'],
      ['Sales tax', '0.5', '2000.00', '10.00'],
    ]);
    expect(r.line_items[1]?.amount_tax).toBe('1.00');
    expect(r.tax_breakdown.map((b) => [b.jurisdiction.name, b.taxable_amount, b.amount])).toEqual([
      ['Norland', '3011.11', '180.67'],
      ['Redwood County', '2011.11', '20.11'],
      ['Lakeside', '2011.11', '30.17'],
      ['Lakeside Transit District', '2011.11', '10.05'],
    ]);
    expect([r.subtotal, r.total_tax, r.total]).toEqual(['3011.11', '241.00', '3252.11']);
    expect(calculator.calculate({ customer_address: { country: 'XD', postal_code: '10001' }, tax_date: Date.UTC(2026, 5, 1) / 1000, line_items: [{ reference: 'a', amount: '3000.00', quantity: 2, tax_code: 'standard', product_type: 'good' }] }, account).total_tax).toBe('240.00');
  });

  it('buildDocument: an item’s taxes folded into one tax of the state and its locals; an item it cannot show refused', () => {
    const request = (amount: number) => ({ date: '2026-06-01', payment: {}, shipping_address: { country: 'XD', postal_code: '10001' }, items: [{ amount, quantity: 2, tax: { country: 'XD', region: 'NO', tax_code: 'standard' as const } }] });
    const doc = buildDocument(request(900), account, { rules: miniRules, id: 1, number: 'INV-1', createdAt: 1_780_000_000 });
    expect(doc.items[0]).toMatchObject({ subtotal_cents: 180_000, tax_1_name: 'Sales tax', tax_1_rate: 9, tax_1_amount_cents: 16_200, tax_1_county: 'Redwood County', tax_1_city: 'Lakeside', tax_status: 'taxable' });
    expect(doc.total_cents).toBe(196_200);
    let error: unknown;
    try {
      buildDocument(request(1500), account, { rules: miniRules, id: 1, number: 'INV-1', createdAt: 1_780_000_000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TaxRulesError);
    expect((error as TaxRulesError).issues[0]).toMatchObject({ path: ['items', 0, 'amount'], code: 'unprocessable' });
    expect((error as TaxRulesError).issues[0]?.message).toMatch(/^items\.0: .*a document's item bears each tax at one rate/);
  });
});
