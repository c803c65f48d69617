/**
 * What the sale routine (src/core/sale.ts) prices for a document besides its decided lines:
 * lines whose request gives their taxes, a contact's own tax status applied instead of
 * decisions, and the net of an amount before discounts. On the frozen mini rule set (test/support/mini-rules.ts),
 * every expected value worked out by hand from its table.
 */
import { describe, expect, it } from 'vitest';
import { priceSale, type GivenSaleLine, type GivenTax, type SaleLine, type SaleOptions, type SaleParty } from '../../src/core/sale.js';
import { freshDecider } from '../../src/core/determine.js';
import { TaxRulesError, type TaxRulesIssue } from '../../src/core/errors.js';
import type { Address } from '../../src/core/types.js';
import { miniRules } from '../support/mini-rules.js';

const NORLAND_LAKESIDE: Address = { country: 'XD', postalCode: '10001' }; // Norland 6 + Redwood 1 + Lakeside 1.5 + Transit 0.5
const EASTVALE: Address = { country: 'XD', postalCode: '20001' };

const party: SaleParty = { date: '2026-06-01', origin: EASTVALE, destination: NORLAND_LAKESIDE, currency: 'XTS', registrations: [{ jurisdictionId: 904001 }] };

function line(amount: number, over: Partial<SaleLine> = {}): SaleLine {
  return { amount, articles: 1, taxCode: 'standard', productType: 'good', taxBehavior: 'exclusive', delivery: false, ...over };
}

const vat20: GivenTax = { name: 'VAT', group: 'main', rateUnits: 200_000, partUnits: 1_000_000 };
const levy5: GivenTax = { name: 'Levy', group: 'additional', rateUnits: 50_000, partUnits: 500_000 };

function given(amount: number, taxes: GivenTax[], over: Partial<SaleLine> = {}): GivenSaleLine {
  return { ...line(amount, over), given: taxes };
}

function options(over: Partial<SaleOptions> = {}): SaleOptions {
  return { rules: miniRules, decider: freshDecider(miniRules), exemption: undefined, ...over };
}

const sale = (lines: (SaleLine | GivenSaleLine)[]) => ({ party, day: Date.UTC(2026, 5, 1) / 86_400_000, minorUnits: 2, lines });

describe('priceSale: lines whose request gives their taxes', () => {
  it('prices them at their taxes, undecided, beside the decided lines, and sums them all', () => {
    // 100.00 at 20 % + 5 % on half: 20.00 + 2.50; 11.11 at 9 %: 0.9999 → 1.00.
    const sold = priceSale(sale([given(10_000, [vat20, levy5]), line(1_111)]), options());
    const [own, decided] = sold.lines;
    expect(own?.decision).toBeNull();
    expect(own?.priced).toMatchObject({ subtotal: 10_000, taxes: [2_000, 250], tax: 2_250, total: 12_250 });
    expect(decided?.decision?.status).toBe('taxable');
    expect(decided?.priced?.tax).toBe(100);
    expect([sold.subtotal, sold.tax, sold.total]).toEqual([11_111, 2_350, 13_461]);
  });

  it('solves the net of a gross amount at the given taxes: net + taxes = gross', () => {
    const own = priceSale(sale([given(12_000, [vat20], { taxBehavior: 'inclusive' })]), options()).lines[0];
    expect(own?.priced).toMatchObject({ subtotal: 10_000, tax: 2_000, total: 12_000 });
  });

  it('names a decided line’s issue by its place in the sale, given lines before it', () => {
    // Two articles of 1500.00 each, above the XTS 1000 per-article limit, with no limited base shown: refused.
    const issues: TaxRulesIssue[] = [];
    const sold = priceSale(sale([given(100, [vat20]), line(300_000, { articles: 2 })]), options({ issues }));
    expect(sold.lines[1]).toBeNull();
    expect(issues.map((i) => i.path)).toEqual([['lines', 1, 'amount']]);
    let error: unknown;
    try {
      priceSale(sale([given(100, [vat20]), line(300_000, { articles: 2 })]), options({ issue: (i, x) => ({ ...x, path: ['items', i] }) }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TaxRulesError);
    expect((error as TaxRulesError).issues.map((i) => i.path)).toEqual([['items', 1]]);
  });
});

describe('priceSale: the customer’s exemption applied instead of decisions (undecidedExemption)', () => {
  const exempt = options({ exemption: { status: 'exempt', certificate: 'XD-77' }, undecidedExemption: true });

  it('prices every line at no tax, with the exemption’s status and note, nothing decided', () => {
    // A gross amount with no tax is all net; no decision is asked for.
    const decider = (): never => {
      throw new Error('decided');
    };
    const sold = priceSale(sale([line(1_111), line(5_000, { taxBehavior: 'inclusive' })]), { ...exempt, decider });
    expect(sold.lines.map((l) => [l?.decision, l?.priced?.subtotal, l?.priced?.tax, l?.decision === null ? l.status : 'decided'])).toEqual([
      [null, 1_111, 0, 'non_taxable'],
      [null, 5_000, 0, 'non_taxable'],
    ]);
    const notes = sold.lines.map((l) => (l?.decision === null ? l.notes : []));
    expect(notes).toEqual([['The customer is exempt (exemption certificate XD-77): no tax is charged.'], ['The customer is exempt (exemption certificate XD-77): no tax is charged.']]);
    expect([sold.subtotal, sold.tax, sold.total]).toEqual([6_111, 0, 6_111]);
  });

  it('charges a line the taxes its request gives, and then says no “no tax is charged”', () => {
    const sold = priceSale(sale([given(10_000, [vat20]), line(1_111)]), exempt);
    expect(sold.lines.map((l) => (l?.decision === null ? [l.status, l.priced?.tax, l.notes] : null))).toEqual([
      [null, 2_000, []],
      ['non_taxable', 0, []],
    ]);
  });

  it('reverse-charges a customer that accounts for the tax itself', () => {
    const sold = priceSale(sale([line(1_111)]), options({ exemption: { status: 'reverse', certificate: null }, undecidedExemption: true }));
    const l = sold.lines[0];
    expect(l?.decision === null ? [l.status, l.notes] : null).toEqual(['reverse_charge', ['The customer accounts for the tax itself (reverse charge): no tax is charged.']]);
  });

  it('applies to decisions by default: the jurisdiction kept at rate 0, the note naming its taxes', () => {
    const l = priceSale(sale([line(1_111)]), options({ exemption: { status: 'exempt', certificate: null } })).lines[0];
    expect([l?.decision?.reason, l?.priced?.tax, l?.decision?.notes.at(-1)]).toEqual(['customer_exempt', 0, 'The customer is exempt from Sales tax: no tax is charged.']);
  });
});

describe('priceSale: a line’s amount before its discounts (listAmount)', () => {
  it('prices it under the line’s own taxes: an inclusive gross subtotal’s net, solved once', () => {
    // Gross 144.00 at 20 %: net 120.00; the line itself, 120.00 gross after a discount: net 100.00.
    const sold = priceSale(sale([given(12_000, [vat20], { taxBehavior: 'inclusive', listAmount: 14_400 }), line(1_111), line(10_900, { taxBehavior: 'inclusive', listAmount: 21_800 })]), options());
    expect(sold.lines.map((l) => [l?.priced?.subtotal, l?.listNet])).toEqual([
      [10_000, 12_000],
      [1_111, undefined],
      // 9 % of 100.00 gross-up: 109.00 → 100.00, 218.00 → 200.00.
      [10_000, 20_000],
    ]);
    // Totals: 120.00 + (11.11 + 1.00) + 109.00.
    expect([sold.subtotal, sold.total]).toEqual([21_111, 24_111]);
  });
});
