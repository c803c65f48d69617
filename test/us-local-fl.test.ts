/**
 * Florida's discretionary sales surtax and its limit of $5,000 per item of tangible personal
 * property (rules/us/local/FL.json `single_article_cap`, Fla. Stat. § 212.054(2)(b)1), the
 * comparison per article of a line with a quantity, and the note of a state without a
 * state sales tax (Alaska), through the public API with real ZIP codes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildDocument, calculate, calculateTaxRate, computeTransaction, createCalculator, determine, explainTaxRate, type DocumentOptions } from '../src/index.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { refused, registeredIn } from './helpers.js';

const FL = 840012;
const TN = 840047;
const AK = 840002;
/** A seller in New Jersey registered in Florida, Tennessee and Alaska (a remote seller). */
const remote = registeredIn('US', [FL, TN, AK], { postal_code: '07030', currency: 'USD' });
const DATE = '2026-09-15';
const good = { tax_code: 'standard', product_type: 'good', currency: 'USD', date: DATE } as const;
/** Downtown Miami: Miami-Dade County's 1 % surtax on the state's 6 %. */
const MIAMI = '33130';
const quote = (amount: string, extra: Record<string, string> = {}) => explainTaxRate({ ...good, amount, to_country: 'US', to_postal_code: MIAMI, ...extra }, remote);
/** A v20260309 document of one line. */
const document = (zip: string, amount: string, quantity?: number) => ({
  customer_address: { country: 'US', postal_code: zip },
  currency: 'USD',
  tax_date: Date.UTC(2026, 8, 15) / 1000,
  line_items: [{ reference: 'a', amount, ...(quantity !== undefined ? { quantity } : {}), tax_code: 'standard', product_type: 'good' }] as const,
});

describe("Florida's surtax limit of USD 5000 per item of goods", () => {
  it('is in the data with its statute, shared out around', () => {
    const fl = defaultRuleSet.data.usLocal?.find((l) => l.state === 'FL');
    expect(fl?.single_article_cap).toMatchObject({ amount: '5000', currency: 'USD', apportion: true, supplies: ['goods'], source: 'fl-surtax-limit' });
    expect(fl?.sources['fl-surtax-limit']).toMatch(/212\.054\(2\)\(b\)1/);
    expect(fl?.coverage).toMatch(/charged it on at most USD 5000 per article/);
  });

  it('a rate quote of USD 5000.00 is answered at the full rate; USD 5000.01, which does not say its articles, is refused (422) pointing to line items', () => {
    expect(quote('5000.00').amounts).toMatchObject({ subtotal: '5000.00', tax: '350.00' });
    expect(quote('5000.00').lines.map((l) => [l.jurisdiction.name, l.rate])).toEqual([['Florida', '6'], ['Miami-Dade County', '1']]);
    const err = refused(() => quote('5000.01'));
    expect(err.status).toBe(422);
    expect(err.issues[0]).toMatchObject({ path: ['amount'], code: 'unprocessable' });
    expect(err.message).toMatch(/^Florida's discretionary sales surtax applies only to the first \$5,000 .*An amount of USD 5000\.01 does not say the price of its articles.*line item of a calculation \(v20260309\) with its quantity/);
  });

  it('an inclusive rate quote is compared net of tax: USD 5350.00 gross is USD 5000.00 net', () => {
    expect(quote('5350.00', { tax_behavior: 'inclusive' }).amounts).toMatchObject({ subtotal: '5000.00', tax: '350.00' });
    expect(refused(() => quote('5350.01', { tax_behavior: 'inclusive' })).status).toBe(422);
  });

  it('a quote without an amount gives the combined rate with a note on the limit', () => {
    const r = calculateTaxRate({ ...good, to_country: 'US', to_postal_code: MIAMI }, remote);
    expect(r.rate).toBe(7);
    expect(r.notes).toMatch(/first \$5,000 of the sales amount of any item.*The rate given is that of an article priced up to USD 5000\. A line item of a calculation is charged the local taxes on at most USD 5000 per article/);
  });

  it('services bear the surtax on their whole price: no limit', () => {
    const r = quote('8000', { tax_code: 'standard', product_type: 'service' });
    expect(r.amounts?.tax).toBe('560.00');
    expect(r.notes.join(' ')).not.toMatch(/\$5,000/);
  });

  it('a county without a surtax has nothing to share out: the state\'s 6 % on the whole price, no note on the limit', () => {
    // Collier County (Naples) levies no surtax in the 2026 table.
    const naples = explainTaxRate({ ...good, amount: '6000', to_country: 'US', to_postal_code: '34102' }, remote);
    expect(naples.lines.map((l) => [l.jurisdiction.name, l.rate])).toEqual([['Florida', '6']]);
    expect(naples.local).toMatchObject({ county: 'Collier County' });
    expect(naples.amounts?.tax).toBe('360.00');
    expect(naples.notes.join(' ')).not.toMatch(/\$5,000/);
  });

  it('an address whose county is not known is charged the state\'s 6 % only, on any amount (no surtax is charged to limit)', () => {
    const input = { date: DATE, origin: { country: 'US', region: 'NJ', postalCode: '07030' }, destination: { country: 'US', region: 'FL' }, taxCode: 'standard', productType: 'good', taxBehavior: 'exclusive', currency: 'USD', registrations: [{ jurisdictionId: FL }] } as const;
    expect(determine({ ...input, amount: '6000' }).amounts?.tax).toBe('360.00');
  });
});

describe('v20260309: the surtax of a line item on at most USD 5000 per article', () => {
  /** The line's taxes as "jurisdiction rate taxable amount". */
  const taxes = (r: ReturnType<typeof calculate>) => (r.line_items[0]?.taxes ?? []).map((t) => `${t.jurisdiction.name} ${t.rate} ${t.taxable_amount} ${t.amount}`);

  it('one article of USD 6000: the state\'s 6 % on 6000, the county\'s 1 % on 5000 (USD 410)', () => {
    const r = calculate(document(MIAMI, '6000.00'), remote);
    expect(r.total_tax).toBe('410.00');
    expect(taxes(r)).toEqual(['Florida 6 6000.00 360.00', 'Miami-Dade County 1 5000.00 50.00']);
    expect(r.tax_breakdown.map((b) => [b.jurisdiction.name, b.taxable_amount, b.amount])).toEqual([
      ['Florida', '6000.00', '360.00'],
      ['Miami-Dade County', '5000.00', '50.00'],
    ]);
  });

  it('a transaction\'s item the same way (computeTransaction reads its items as line items)', () => {
    const sale = computeTransaction({ source_id: 'ch_1', date: DATE, currency: 'USD', customer: { address: { country: 'US', postal_code: MIAMI } }, items: [{ reference: 'tv', amount: '6000.00', tax_code: 'standard', product_type: 'good' }] }, remote);
    expect(sale).toMatchObject({ subtotal: '6000.00', total_tax: '410.00', total: '6410.00' });
  });

  it('3 articles of USD 2000 (USD 6000) are each under the limit: the surtax on all of it', () => {
    expect(calculate(document(MIAMI, '6000.00', 3), remote).total_tax).toBe('420.00');
  });

  it('2 articles of USD 6000: the surtax on 2 × 5000', () => {
    const r = calculate(document(MIAMI, '12000.00', 2), remote);
    expect(taxes(r)).toEqual(['Florida 6 12000.00 720.00', 'Miami-Dade County 1 10000.00 100.00']);
  });

  it('a line is rounded once, its tax shared out: USD 5000.01 bears 300.0006 + 50 = 350.00', () => {
    expect(taxes(calculate(document(MIAMI, '5000.01'), remote))).toEqual(['Florida 6 5000.01 300.00', 'Miami-Dade County 1 5000.00 50.00']);
  });

  it('inclusive: USD 6410.00 gross is USD 6000.00 net and USD 410.00 tax', () => {
    const r = calculate({ ...document(MIAMI, '6410.00'), tax_behavior: 'inclusive' }, remote);
    expect(r.line_items[0]).toMatchObject({ amount_subtotal: '6000.00', amount_tax: '410.00', amount_total: '6410.00' });
    expect(taxes(r)).toEqual(['Florida 6 6000.00 360.00', 'Miami-Dade County 1 5000.00 50.00']);
    // Under the limit inclusive amounts are as before: USD 5350.00 is 5000.00 + 350.00.
    expect(calculate({ ...document(MIAMI, '5350.00'), tax_behavior: 'inclusive' }, remote).line_items[0]).toMatchObject({ amount_subtotal: '5000.00', amount_tax: '350.00' });
  });

  it('a negative line is refused (a refund is a transaction of transaction_type refund), never priced around the limit', () => {
    expect(refused(() => calculate(document(MIAMI, '-6000.00'), remote)).issues.map((i) => i.path)).toEqual([['line_items', 0, 'amount']]);
  });

  it('another currency: the limit converted by the calculator\'s converter, refused (422) without one', () => {
    const eur = { ...document(MIAMI, '6000.00'), currency: 'EUR' };
    const err = refused(() => calculate(eur, remote));
    expect(err.status).toBe(422);
    expect(err.message).toMatch(/without a currency converter/);
    const calc = createCalculator({ convertCurrency: (v, to) => (v.currency === 'USD' && to === 'EUR' ? (Number(v.amount) * 0.8).toFixed(2) : null) });
    // EUR 6000 for one article: the surtax on EUR 4000 (USD 5000 at 0.8).
    expect(taxes(calc.calculate(eur, remote))).toEqual(['Florida 6 6000.00 360.00', 'Miami-Dade County 1 4000.00 40.00']);
  });

  it('exclusive and inclusive agree for any amount and quantity, and the tax is the state\'s on the net plus the surtax on the capped base, rounded once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000_00 }), fc.integer({ min: 1, max: 5 }), (cents, quantity) => {
        const amount = (cents / 100).toFixed(2);
        const ex = calculate(document(MIAMI, amount, quantity), remote).line_items[0];
        const base = Math.min(cents, 5000_00 * quantity);
        // Tax in hundredths of a cent: 6 % of the net and 1 % of the base, then rounded half up to the cent.
        const exact = cents * 600 + base * 100;
        expect(Math.round(Number(ex?.amount_tax) * 100)).toBe(Math.floor((exact + 5000) / 10000));
        const inc = calculate({ ...document(MIAMI, ex?.amount_total as string, quantity), tax_behavior: 'inclusive' }, remote).line_items[0];
        expect(Math.abs(Math.round(Number(inc?.amount_subtotal) * 100) - cents)).toBeLessThanOrEqual(1);
        expect(inc?.amount_total).toBe(ex?.amount_total);
      }),
      { numRuns: 300 },
    );
  });
});

describe("a document's item above Florida's limit", () => {
  it('is refused (422): its taxes are one rate each on the whole price; under the limit per unit it is answered', () => {
    const miami = (amount: number, quantity: number) => ({ date: '2026-09-01', shipping_address: { country: 'US', postal_code: MIAMI }, items: [{ amount, quantity, tax: { country: 'US', tax_code: 'standard' as const } }], payment: { method: 'credit_card' as const, processor: 'stripe', processor_id: 'ch_1' } });
    const seller = { ...remote, default_product_type: 'good' as const };
    const options = { id: 101, number: 'INV-101', createdAt: 1_780_300_800 } as DocumentOptions;
    expect(buildDocument(miami(3000, 2), seller, options).items[0]?.tax_1_rate).toBe(7);
    const err = refused(() => buildDocument(miami(6000, 1), seller, options));
    expect(err.status).toBe(422);
    expect(err.message).toMatch(/An item of articles of USD 6000\.00 each is above the USD 5000 limit.*compute them with a calculation \(v20260309\)/);
  });
});

describe("Tennessee's limit is refused above, compared per article", () => {
  it('2 articles of USD 1600 are answered, 2 of USD 1600.01 refused, saying each', () => {
    expect(calculate(document('37201', '3200.00', 2), remote).total_tax).toBe('312.00');
    const err = refused(() => calculate(document('37201', '3200.02', 2), remote));
    expect(err.status).toBe(422);
    expect(err.issues[0]?.path).toEqual(['line_items', 0, 'amount']);
    expect(err.message).toMatch(/a line of articles of USD 1600\.01 each, which are above it/);
  });

  it('a remainder is rounded up: 3 articles for USD 4800.01 hold one above USD 1600', () => {
    expect(refused(() => calculate(document('37201', '4800.01', 3), remote)).status).toBe(422);
    expect(calculate(document('37201', '4800.00', 3), remote).total_tax).toBe('468.00');
  });
});

describe('a state without a state sales tax', () => {
  it("Alaska: none is charged, and the note says that the boroughs' and cities' taxes are not in the rules", () => {
    const r = explainTaxRate({ ...good, amount: '100', to_country: 'US', to_postal_code: '99801' }, remote);
    expect(r).toMatchObject({ status: 'non_taxable', reason: 'no_tax_in_jurisdiction', amounts: { tax: '0.00' } });
    expect(r.notes).toEqual([expect.stringMatching(/^Alaska has no state sales tax, but many of its boroughs and cities levy one.*not in the rules, so none is charged here, even where one is due\.$/)]);
  });

  it('Oregon and Delaware say so in their own words', () => {
    const or = registeredIn('US', [840041, 840010], { postal_code: '07030', currency: 'USD' });
    expect(explainTaxRate({ ...good, amount: '100', to_country: 'US', to_postal_code: '97201' }, or).notes).toEqual(['Oregon has no sales tax.']);
    expect(explainTaxRate({ ...good, amount: '100', to_country: 'US', to_postal_code: '19901' }, or).notes[0]).toMatch(/^Delaware has no sales tax\. Its gross receipts tax/);
  });
});
