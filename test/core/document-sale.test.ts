/**
 * A v20241028 document's sale priced in one call (src/core/document-sale.ts), on the frozen mini
 * rule set (test/support/mini-rules.ts): the discounts, the delivery lines and the sales are
 * worked out by hand from its table (Norland 6 %, Redwood County 1 %, Lakeside 1.5 %, Lakeside
 * Transit 0.5 %: 9 % at ZIP 10001).
 */
import { describe, expect, it } from 'vitest';
import { priceDocumentSale, type DocumentLine, type DocumentSale, type DocumentSaleOptions } from '../../src/core/document-sale.js';
import { freshDecider } from '../../src/core/determine.js';
import { TaxRulesError, type TaxRulesIssue } from '../../src/core/errors.js';
import type { Address } from '../../src/core/types.js';
import { miniRules } from '../support/mini-rules.js';

const NORLAND_LAKESIDE: Address = { country: 'XD', postalCode: '10001' };

function item(amount: bigint, over: Partial<DocumentLine> = {}): DocumentLine {
  return { amount, articles: 1, taxCode: 'standard', productType: 'good', taxBehavior: 'exclusive', destination: NORLAND_LAKESIDE, discountUnits: 0, given: null, country: 'XD', skipped: false, ...over };
}

function sale(lines: DocumentLine[], over: Partial<DocumentSale> = {}): DocumentSale {
  return {
    party: () => ({ date: '2026-06-01', origin: { country: 'XD', postalCode: '20001' }, currency: 'XTS', registrations: [{ jurisdictionId: 904001 }] }),
    day: Date.UTC(2026, 5, 1) / 86_400_000,
    minorUnits: 2,
    lines,
    coupon: null,
    delivery: null,
    customerTaxId: () => undefined,
    ...over,
  };
}

function options(issues: TaxRulesIssue[] = []): DocumentSaleOptions {
  return {
    rules: miniRules,
    decider: freshDecider(miniRules),
    exemption: undefined,
    issues,
    issue: (k, i) => ({ ...i, path: ['items', k, ...i.path] }),
    refuseCoupon: (r) => issues.push({ path: ['coupon'], code: 'unprocessable', message: r.why }),
    refuseDelivery: (r) => new TaxRulesError('unprocessable', 422, [{ path: ['shipping_cost'], code: 'unprocessable', message: r.why }]),
  };
}

const taxOf = (line: { readonly priced: { readonly taxes: readonly (number | string | bigint)[] } | null } | null): number => (line?.priced?.taxes ?? []).reduce<number>((a, t) => a + Number(t), 0);

describe('priceDocumentSale', () => {
  it('takes each item’s own discount, then its share of the coupon, and shares the delivery charge by what is left', () => {
    // 100.00 less 10 % = 90.00, and 50.00; a coupon of 14.00 by those amounts: 9.00 and 5.00;
    // 6.00 of delivery by 81.00 and 45.00: 3.857… and 2.142… → 3.86 and 2.14 (the unit left to
    // the larger remainder), one line of 6.00 (one place, one tax code).
    const priced = priceDocumentSale(sale([item(10_000n, { discountUnits: 100_000 }), item(5_000n)], { coupon: { amount: 1_400n }, delivery: { amount: 600n, inclusive: false } }), options());
    expect(priced?.discounts.own).toEqual([1_000n, 0n]);
    expect(priced?.discounts.coupon).toEqual([900n, 500n]);
    expect(priced?.lines.map((l) => l?.priced?.subtotal)).toEqual([8_100, 4_500]);
    // 9 % of each, as one tax: 7.29 and 4.05.
    expect(priced?.lines.map(taxOf)).toEqual([729, 405]);
    expect(priced?.deliveries.map((d) => [d.first, d.line.amount])).toEqual([[0, 600]]);
    expect(priced?.deliveries[0]?.priced?.priced?.subtotal).toBe(600);
  });

  it('prices nothing for a request with issues, and adds a coupon it cannot share to them', () => {
    const issues: TaxRulesIssue[] = [];
    expect(priceDocumentSale(sale([item(1_000n)], { coupon: { amount: 2_000n } }), options(issues))).toBeNull();
    expect(issues).toEqual([{ path: ['coupon'], code: 'unprocessable', message: 'beyond' }]);
    const given: TaxRulesIssue[] = [{ path: ['items', 0, 'amount'], code: 'malformed', message: 'x' }];
    let asked = false;
    const party = (): ReturnType<DocumentSale['party']> => {
      asked = true;
      return sale([]).party();
    };
    expect(priceDocumentSale(sale([item(1_000n)], { party }), options(given))).toBeNull();
    expect([given.length, asked]).toEqual([1, false]);
  });

  it('leaves a skipped item out of its sale, and the delivery share of its goods with it', () => {
    // Two places (two addresses), so two lines of the delivery charge: 1.00 and 2.00.
    const priced = priceDocumentSale(sale([item(1_000n, { skipped: true }), item(2_000n, { destination: { ...NORLAND_LAKESIDE } })], { delivery: { amount: 300n, inclusive: false } }), options());
    expect(priced?.lines.map((l) => l === null)).toEqual([true, false]);
    expect(priced?.deliveries.map((d) => [d.first, d.line.amount, d.priced === null])).toEqual([
      [0, 100, true],
      [1, 200, false],
    ]);
  });
});
