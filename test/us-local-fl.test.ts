/**
 * Florida's discretionary sales surtax and its limit of $5,000 per item of tangible personal
 * property (rules/us/local/FL.json `single_article_cap`, Fla. Stat. § 212.054(2)(b)1), the
 * comparison per article of a line with a quantity, and the note of a state without a
 * state sales tax (Alaska), through the public API with real ZIP codes.
 */
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, determine, explainTaxRate } from '../src/index.js';
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
  it('is in the data with its statute', () => {
    const fl = defaultRuleSet.data.usLocal?.find((l) => l.state === 'FL');
    expect(fl?.single_article_cap).toMatchObject({ amount: '5000', currency: 'USD', supplies: ['goods'], source: 'fl-surtax-limit' });
    expect(fl?.sources['fl-surtax-limit']).toMatch(/212\.054\(2\)\(b\)1/);
    expect(fl?.coverage).toMatch(/\$5,000 limit of the surtax .*a priced line of goods above USD 5000 is refused/);
  });

  it('USD 5000.00 is answered at the full rate, USD 5000.01 refused (422) naming the rule', () => {
    expect(quote('5000.00').amounts).toMatchObject({ subtotal: '5000.00', tax: '350.00' });
    expect(quote('5000.00').lines.map((l) => [l.jurisdiction.name, l.rate])).toEqual([['Florida', '6'], ['Miami-Dade County', '1']]);
    const err = refused(() => quote('5000.01'));
    expect(err.status).toBe(422);
    expect(err.issues[0]).toMatchObject({ path: ['amount'], code: 'unprocessable' });
    expect(err.message).toMatch(/^Florida's discretionary sales surtax applies only to the first \$5,000 .*a line of USD 5000\.01/);
  });

  it('an inclusive amount is compared net of tax: USD 5350.00 gross is USD 5000.00 net', () => {
    expect(quote('5350.00', { tax_behavior: 'inclusive' }).amounts).toMatchObject({ subtotal: '5000.00', tax: '350.00' });
    expect(refused(() => quote('5350.01', { tax_behavior: 'inclusive' })).status).toBe(422);
  });

  it('a quote without an amount gives the combined rate with a note on the limit', () => {
    const r = calculateTaxRate({ ...good, to_country: 'US', to_postal_code: MIAMI }, remote);
    expect(r.rate).toBe(7);
    expect(r.notes).toMatch(/first \$5,000 of the sales amount of any item.*The rate given is that of an article priced up to USD 5000/);
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

  it('an address whose county is not known keeps the limit (its surtax may apply)', () => {
    const input = { date: DATE, origin: { country: 'US', region: 'NJ', postalCode: '07030' }, destination: { country: 'US', region: 'FL' }, taxCode: 'standard', productType: 'good', taxBehavior: 'exclusive', currency: 'USD', registrations: [{ jurisdictionId: FL }] } as const;
    expect(determine({ ...input, amount: '100' }).lines.map((l) => l.rate)).toEqual(['6']);
    expect(refused(() => determine({ ...input, amount: '6000' })).status).toBe(422);
  });
});

describe('v20260309: a line of several articles is compared per article', () => {
  it('3 articles of USD 2000 (USD 6000) in Miami are answered, the surtax on all of them', () => {
    const r = calculate(document(MIAMI, '6000.00', 3), remote);
    expect(r.total_tax).toBe('420.00');
  });

  it('2 articles of USD 5000.01 each are refused, the message saying each', () => {
    const err = refused(() => calculate(document(MIAMI, '10000.02', 2), remote));
    expect(err.status).toBe(422);
    expect(err.issues[0]?.path).toEqual(['line_items', 0, 'amount']);
    expect(err.message).toMatch(/a line of articles of USD 5000\.01 each, which are above it/);
  });

  it('a remainder is rounded up: 3 articles for USD 15000.01 hold one above USD 5000', () => {
    expect(refused(() => calculate(document(MIAMI, '15000.01', 3), remote)).status).toBe(422);
    expect(calculate(document(MIAMI, '15000.00', 3), remote).total_tax).toBe('1050.00');
  });

  it("Tennessee's USD 1600 limit the same way: 2 articles of USD 1600 answered", () => {
    expect(calculate(document('37201', '3200.00', 2), remote).total_tax).toBe('312.00');
    expect(refused(() => calculate(document('37201', '3200.02', 2), remote)).status).toBe(422);
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
