/**
 * Product categories in the core (taxability.ts, category.ts, category-decision.ts,
 * local-stage.ts, price-limit.ts), on the frozen mini rule set (test/support/mini-rules.ts,
 * its table of product categories): every expected value is worked out by hand from it.
 */
import { describe, expect, it } from 'vitest';
import { determine, freshDecider } from '../../src/core/determine.js';
import { priceSale, type SaleLine } from '../../src/core/sale.js';
import { TaxRulesError } from '../../src/core/errors.js';
import { createDecisionCache } from '../../src/core/decision-cache.js';
import { cachedDecider } from '../../src/core/determine.js';
import { createRuleSet } from '../../src/core/ruleset.js';
import { packRuleData } from '../../src/index.js';
import type { Address, Registration, TaxCodeId, TaxInput, TaxResult } from '../../src/core/types.js';
import { checkRuleData } from '../../src/core/rule-checks.js';
import type { RuleData } from '../../src/core/rule-data.js';
import { miniRuleData, miniRules } from '../support/mini-rules.js';
import { refused } from '../helpers.js';

const AVALONIA: Address = { country: 'XA', postalCode: '10000' };
const BORDURIA: Address = { country: 'XB' };
const ESTMARK: Address = { country: 'XE', postalCode: '1000' };
const NORTHMOOR: Address = { country: 'XC', postalCode: '1000' };
const CALDERA_WEST: Address = { country: 'XC', postalCode: '3000' };
const LAKESIDE: Address = { country: 'XD', postalCode: '10001' }; // Norland 6, Redwood 1, Lakeside 1.5, Transit 0.5
const PINE: Address = { country: 'XD', postalCode: '10003' }; // Norland 6, Pine 0.5
const EASTVALE: Address = { country: 'XD', postalCode: '20001' }; // Eastvale 5
const EVERYWHERE: Registration[] = [901, 902, 903, 903001, 904001, 904002, 905].map((jurisdictionId) => ({ jurisdictionId }));
const XTS_PER_EUR = 2;

function input(taxCode: TaxCodeId, destination: Address, over: Partial<TaxInput> = {}): TaxInput {
  const origin = destination.country === 'XD' ? EASTVALE : destination;
  const currency = destination.country === 'XA' || destination.country === 'XB' ? 'EUR' : 'XTS';
  return { date: '2024-06-01', origin, destination, taxCode, productType: 'good', taxBehavior: 'exclusive', currency, registrations: EVERYWHERE, ...over };
}

function quote(taxCode: TaxCodeId, destination: Address, over: Partial<TaxInput> = {}): TaxResult {
  return determine(input(taxCode, destination, over), miniRules);
}

const rates = (r: Pick<TaxResult, 'lines'>) => r.lines.map((l) => [l.jurisdiction.name, l.rate]);


describe('the lookup chain of a category', () => {
  it('takes the tax’s own entry for the category', () => {
    const r = quote('food', AVALONIA, { amount: '100.00' });
    expect([r.status, r.reason, rates(r), r.amounts?.tax]).toEqual(['taxable', 'product_reduced_rate', [['Avalonia', '10']], '10.00']);
    expect(r.treatments?.[0]).toMatchObject({ tax: 'VAT', jurisdiction: 'Avalonia', code: 'food', table: 'tax', treatment: 'taxable', rateClass: 'reduced' });
  });

  it('then the tax’s own entry for the parent of a finer code', () => {
    const r = quote('children_clothing', AVALONIA);
    expect([r.reason, rates(r)]).toEqual(['product_reduced_rate', [['Avalonia', '5']]]);
    expect(r.treatments?.[0]).toMatchObject({ code: 'clothing', table: 'tax', rateClass: 'reduced2' });
  });

  it('then the entry of the parent’s parent, and so on up the chain, before the regime’s', () => {
    const data = structuredClone(miniRuleData) as RuleData;
    const diapers = data.taxCodes.tax_codes.find((c) => c.id === 'diapers')!;
    diapers.parent = 'children_clothing';
    expect(checkRuleData(data).filter((i) => i.file === 'rules/tax-codes.json')).toEqual([]);
    const r = determine(input('diapers', AVALONIA), createRuleSet(data));
    expect([r.reason, rates(r)]).toEqual(['product_reduced_rate', [['Avalonia', '5']]]);
    expect(r.treatments?.[0]).toMatchObject({ code: 'clothing', table: 'tax', rateClass: 'reduced2' });
  });

  it('refuses a chain of parents that runs in a circle (the rules checks)', () => {
    const data = structuredClone(miniRuleData) as RuleData;
    data.taxCodes.tax_codes.find((c) => c.id === 'clothing')!.parent = 'children_clothing';
    expect(checkRuleData(data).map((i) => i.message)).toContain('clothing is its own ancestor: its chain of parents runs clothing → children_clothing → clothing');
  });

  it('then the regime’s entry for the category, then for its parent', () => {
    const exempt = quote('medical_devices', BORDURIA);
    expect([exempt.status, exempt.reason]).toEqual(['non_taxable', 'product_exempt']);
    expect(exempt.notes).toContain('Medical devices are exempt throughout the union.');
    const parent = quote('children_clothing', BORDURIA);
    expect([parent.reason, rates(parent)]).toEqual(['standard_rated', [['Borduria', '25']]]);
    expect(parent.treatments?.[0]).toMatchObject({ code: 'clothing', table: 'regime' });
  });

  it('then the tax’s other_categories, before the regime’s', () => {
    // Estmark: CT's own other_categories taxes books at 8; LCT has none, and its regime's exempts them.
    const r = quote('books', ESTMARK, { amount: '50.00' });
    expect([r.status, r.reason, rates(r), r.amounts?.tax]).toEqual(['taxable', 'standard_rated', [['Estmark', '8']], '4.00']);
    expect(r.treatments?.map((t) => [t.tax, t.code, t.table, t.treatment])).toEqual([
      ['CT', 'other_categories', 'tax', 'taxable'],
      ['LCT', 'other_categories', 'regime', 'exempt'],
    ]);
    const diapers = quote('diapers', BORDURIA);
    expect(diapers.treatments?.[0]).toMatchObject({ code: 'other_categories', table: 'regime' });
  });

  it('refuses a category no entry treats (422), naming category, tax, jurisdiction and day', () => {
    const e = refused(() => quote('clothing', CALDERA_WEST));
    expect(e.status).toBe(422);
    expect(e.issues[0]?.message).toMatch(/^the treatment of clothing by GST in Caldera is not recorded on 2024-06-01/);
    expect(e.issues[0]?.message).not.toMatch(/history/);
  });

  it('keeps the spec’s codes on their old lookup', () => {
    expect(rates(quote('reduced', AVALONIA))).toEqual([['Avalonia', '10']]);
    expect(quote('standard', AVALONIA).reason).toBe('standard_rated');
    expect(quote('standard', AVALONIA).treatments).toBeUndefined();
  });
});

describe('the answers of the treatments', () => {
  it('zero-rated: taxable at 0, reason zero_rated, the law in the notes', () => {
    const r = quote('books', AVALONIA, { amount: '30.00' });
    expect([r.status, r.reason, rates(r), r.amounts?.tax]).toEqual(['taxable', 'zero_rated', [['Avalonia', '0']], '0.00']);
    expect(r.notes).toContain('Printed books are zero-rated (Test VAT Act, art. 30).');
    expect(r.notes.some((n) => n.includes('Test Act, art. 9'))).toBe(true);
  });

  it('zero-rated by the main tax, exempt from the second one', () => {
    const r = quote('food', NORTHMOOR, { amount: '20.00' });
    expect([r.status, r.reason, r.amounts?.tax]).toEqual(['taxable', 'zero_rated', '0.00']);
    expect(r.treatments?.map((t) => [t.tax, t.treatment])).toEqual([
      ['GST', 'zero_rated'],
      ['PST', 'exempt'],
    ]);
  });

  it('exempt: non_taxable, product_exempt; not taxable: not_taxable_in_jurisdiction', () => {
    expect([quote('newspapers', AVALONIA).status, quote('newspapers', AVALONIA).reason]).toEqual(['non_taxable', 'product_exempt']);
    const admission = quote('admission', EASTVALE, { productType: 'service' });
    expect([admission.status, admission.reason]).toEqual(['non_taxable', 'not_taxable_in_jurisdiction']);
    expect(admission.notes).toContain('Admissions are outside the sales tax.');
  });

  it('split: refused (422) naming the finer codes; a finer code answers by its own entry, else its parent’s', () => {
    const e = refused(() => quote('food', EASTVALE));
    expect(e.status).toBe(422);
    expect(e.issues[0]?.message).toMatch(/ask by one of its finer codes: prepared_food, candy$/);
    expect([quote('prepared_food', EASTVALE).reason, rates(quote('prepared_food', EASTVALE))]).toEqual(['standard_rated', [['Eastvale', '5']]]);
    expect(quote('candy', EASTVALE).reason).toBe('product_exempt');
    // Norland does not split food: a finer code is its parent (the food rate, 2 %).
    const norland = quote('prepared_food', LAKESIDE);
    expect([norland.reason, rates(norland)]).toEqual(['product_reduced_rate', [['Norland', '2']]]);
    expect(norland.treatments?.[0]).toMatchObject({ code: 'food', table: 'tax' });
  });
});

describe('a treatment not recorded from a day (not_recorded)', () => {
  /** The mini set with Norland's food not recorded from 2025-01-01 (its note: why), or without a note. */
  function withGap(note: string | undefined): RuleData {
    const data = structuredClone(miniRuleData) as RuleData;
    const norland = data.countries.find((c) => c.country === 'XD')?.jurisdictions.find((j) => j.name === 'Norland');
    const food = norland?.taxes[0]?.taxability?.food;
    if (!food) throw new Error('the mini set has no Norland food entry');
    food.push({ from: '2025-01-01', treatment: 'not_recorded', source: 'Test Sales Tax Act § 12 as amended', checked: '2026-12-04', ...(note === undefined ? {} : { note }) });
    return data;
  }
  const gap = createRuleSet(withGap('A local tax on food alone is not held by this data.'));

  it('refuses the category from that day (422) with the note, answers it before, and other categories still', () => {
    const e = refused(() => determine(input('food', LAKESIDE, { date: '2025-03-01' }), gap));
    expect(e.status).toBe(422);
    expect(e.issues[0]?.message).toBe('the treatment of food by Sales tax in Norland is not recorded on 2025-03-01 (A local tax on food alone is not held by this data): taxrules does not answer it (no standard rate is assumed)');
    expect(rates(determine(input('food', LAKESIDE, { date: '2024-12-31' }), gap))).toEqual([['Norland', '2']]);
    const diapers = determine(input('diapers', LAKESIDE, { date: '2025-03-01' }), gap);
    expect([diapers.status, diapers.reason]).toEqual(['non_taxable', 'product_exempt']);
  });

  it('is refused by the rules checks without a note saying what the data does not hold', () => {
    expect(checkRuleData(withGap(undefined)).map((p) => p.message)).toContain('not_recorded says in its note what the data does not hold');
    expect(checkRuleData(withGap('A local tax on food alone is not held by this data.')).map((p) => p.message)).not.toContain('not_recorded says in its note what the data does not hold');
  });
});

describe('US local taxes of a category', () => {
  it('follow the file’s table, then a jurisdiction’s own', () => {
    // The state's food rate, 2 %; the file exempts food from the local taxes, Pine County taxes it.
    expect(rates(quote('food', LAKESIDE))).toEqual([['Norland', '2']]);
    const pine = quote('food', PINE, { amount: '100.00' });
    expect([pine.reason, rates(pine), pine.amounts?.tax]).toEqual(['product_reduced_rate', [['Norland', '2'], ['Pine County', '0.5']], '2.50']);
    expect(pine.treatments?.map((t) => [t.jurisdiction, t.table, t.treatment])).toEqual([
      ['Norland', 'tax', 'taxable'],
      ['Pine County', 'local', 'taxable'],
    ]);
  });

  it('tax what the state exempts where a local table says so', () => {
    const pine = quote('diapers', PINE, { amount: '100.00' });
    expect([pine.status, pine.reason, rates(pine), pine.amounts?.tax]).toEqual(['taxable', 'product_reduced_rate', [['Norland', '0'], ['Pine County', '0.5']], '0.50']);
    const lakeside = quote('diapers', LAKESIDE);
    expect([lakeside.status, lakeside.reason]).toEqual(['non_taxable', 'product_exempt']);
  });

  it('otherwise follow the state: taxed at the local rate where the state taxes, not where it exempts', () => {
    const r = quote('medical_devices', LAKESIDE, { amount: '100.00' });
    expect(rates(r)).toEqual([['Norland', '6'], ['Redwood County', '1'], ['Lakeside', '1.5'], ['Lakeside Transit District', '0.5']]);
    expect(r.treatments?.slice(1).map((t) => t.table)).toEqual(['state', 'state', 'state']);
  });

  it('are carried by a packed rule set', () => {
    const packed = createRuleSet(packRuleData(miniRuleData));
    const pine = determine(input('diapers', PINE, { amount: '100.00' }), packed);
    expect(rates(pine)).toEqual([['Norland', '0'], ['Pine County', '0.5']]);
    const below = determine(input('clothing', LAKESIDE, { amount: '50.00' }), packed);
    expect(rates(below)).toEqual([['Norland', '0'], ['Lakeside', '1.5']]);
  });
});

describe('a US local treatment with a rate of its own', () => {
  /** The mini set with Lakeside Transit District taxing food at 0.75 % (its general rate 0.5 %), Lakeside clothing at 2 %, and Redwood County's diapers not recorded. */
  function ownRates(): RuleData {
    const data = structuredClone(miniRuleData) as RuleData;
    const local = data.usLocal?.[0];
    const part = (name: string) => {
      const j = local?.jurisdictions.find((x) => x.name === name);
      if (!j) throw new Error(`the mini set has no ${name}`);
      return j;
    };
    const own = { treatment: 'taxable', class: 'standard', source: 'Test Transit Act § 4 (food at 0.75 %)', checked: '2026-01-15' } as const;
    part('Lakeside Transit District').taxability = { food: [{ from: '1990-01-01', ...own, rate: '0.75' }] };
    part('Lakeside').taxability = { clothing: [{ from: '1990-01-01', ...own, source: 'Test city ordinance 4 (clothing at 2 %)', rate: '2' }] };
    part('Redwood County').taxability = { diapers: [{ from: '1990-01-01', treatment: 'not_recorded', source: 'Test County Act § 9', checked: '2026-01-15', note: 'Which diapers the county taxes is not held by this data.' }] };
    return data;
  }
  const owned = createRuleSet(ownRates());
  const at = (code: TaxCodeId, over: Partial<TaxInput> = {}) => determine(input(code, LAKESIDE, over), owned);

  it('charges the line at that rate instead of the jurisdiction’s general one, its source the treatment’s', () => {
    // Norland's food class 2 %; the file exempts food from the county's and the city's tax; the district's 0.75 %.
    const r = at('food', { amount: '100.00' });
    expect([r.reason, rates(r), r.amounts?.tax]).toEqual(['product_reduced_rate', [['Norland', '2'], ['Lakeside Transit District', '0.75']], '2.75']);
    expect(r.lines[1]?.source).toBe('Test Transit Act § 4 (food at 0.75 %)');
    expect(r.treatments?.map((t) => [t.jurisdiction, t.table, t.treatment, t.rate])).toEqual([
      ['Norland', 'tax', 'taxable', null],
      ['Redwood County', 'local_file', 'exempt', null],
      ['Lakeside', 'local_file', 'exempt', null],
      ['Lakeside Transit District', 'local', 'taxable', '0.75'],
    ]);
    // Other categories keep the general rate.
    expect(rates(at('medical_devices'))).toEqual([['Norland', '6'], ['Redwood County', '1'], ['Lakeside', '1.5'], ['Lakeside Transit District', '0.5']]);
  });

  it('still refuses a day before the jurisdiction’s recorded rates (422)', () => {
    const e = refused(() => at('food', { date: '1995-06-01' }));
    expect([e.status, e.message]).toEqual([422, 'the local sales tax of Lakeside Transit District (NO) is recorded from 2000-01-01, not on 1995-06-01']);
  });

  it('keeps to the price limit of the state it does not follow, and per article', () => {
    // Below Norland's XTS 110: the state and the locals that follow it exempt, Lakeside's 2 %; above: 6 + 1 + 2 + 0.5.
    const below = at('clothing', { amount: '100.00' });
    expect([below.reason, rates(below), below.amounts?.tax]).toEqual(['below_price_limit', [['Norland', '0'], ['Lakeside', '2']], '2.00']);
    expect(at('clothing', { amount: '200.00' }).amounts?.tax).toBe('19.00');
  });

  it('a local entry not recorded is refused (422) with its note, where the state exempts', () => {
    const e = refused(() => at('diapers'));
    expect([e.status, e.issues[0]?.message]).toEqual([422, 'the treatment of diapers by Sales tax in Redwood County (NO) is not recorded on 2024-06-01 (Which diapers the county taxes is not held by this data): taxrules does not answer it (no standard rate is assumed)']);
    expect(quote('diapers', LAKESIDE).reason).toBe('product_exempt');
  });

  it('a local entry not recorded refuses nothing where that local tax levies nothing on the day (a general rate of 0)', () => {
    const data = ownRates();
    const county = data.usLocal?.[0]?.jurisdictions.find((j) => j.name === 'Redwood County');
    if (!county) throw new Error('the mini set has no Redwood County');
    county.rates = [{ ...county.rates[0]!, rate: '0' }];
    const r = determine(input('diapers', LAKESIDE), createRuleSet(data));
    expect([r.status, r.reason, rates(r)]).toEqual(['non_taxable', 'product_exempt', [['Norland', '0']]]);
    expect(r.treatments?.find((t) => t.jurisdiction === 'Redwood County')).toMatchObject({ table: 'local', treatment: 'not_taxable' });
  });

  it('is answered the same by the decision cache and a packed rule set', () => {
    const cached = cachedDecider(createDecisionCache(owned));
    const packed = createRuleSet(packRuleData(ownRates()));
    for (const [code, amount] of [['food', '100.00'], ['clothing', '100.00'], ['clothing', '200.00'], ['food', '40.00']] as const) {
      const i = input(code, LAKESIDE, { amount });
      for (let round = 0; round < 2; round++) expect(determine(i, owned, cached), `${code} ${amount}`).toEqual(determine(i, owned));
      expect(determine(i, packed)).toEqual(determine(i, owned));
    }
  });

  it('is refused by the rules checks outside a US local table, and with a treatment other than taxable', () => {
    const national = structuredClone(miniRuleData) as RuleData;
    const norland = national.countries.find((c) => c.country === 'XD')?.jurisdictions.find((j) => j.name === 'Norland');
    const diapers = norland?.taxes[0]?.taxability?.diapers?.[0];
    if (!diapers) throw new Error('the mini set has no Norland diapers entry');
    Object.assign(diapers, { treatment: 'taxable', class: 'standard', rate: '3' });
    expect(checkRuleData(national).map((p) => p.message)).toContain('a rate of its own is for a US local table only (rules/us/local): elsewhere a treatment names a rate class');
    const exempt = ownRates();
    const food = exempt.usLocal?.[0]?.taxability?.food?.[0];
    if (!food) throw new Error('the mini set has no local food entry');
    Object.assign(food, { rate: '1' });
    expect(checkRuleData(exempt).map((p) => p.message)).toContain('exempt takes no rate (only taxable does)');
    expect(checkRuleData(ownRates())).toEqual([]);
  });
});

describe('a price limit of all_or_nothing kind', () => {
  it('answers a quote without an amount at the rate above the limit, saying so', () => {
    const r = quote('clothing', PINE);
    expect([r.reason, rates(r)]).toEqual(['standard_rated', [['Norland', '6'], ['Pine County', '0.5']]]);
    expect(r.notes.join(' ')).toMatch(/An article of clothing priced at XTS 110 or more is taxed at the standard rate under Sales tax in Norland, and one priced below XTS 110 exempt/);
  });

  it('exempts an article below the limit (state and the locals that follow it), taxes one at it', () => {
    const below = quote('clothing', PINE, { amount: '109.99' });
    expect([below.status, below.reason, below.amounts?.tax]).toEqual(['non_taxable', 'below_price_limit', '0.00']);
    const at = quote('clothing', PINE, { amount: '110.00' });
    expect([at.status, at.reason, at.amounts?.tax]).toEqual(['taxable', 'standard_rated', '7.15']);
    expect(at.treatments?.[0]).toMatchObject({ side: 'above', priceLimit: { amount: '110', kind: 'all_or_nothing', atLimit: 'above' } });
    expect(below.treatments?.[0]).toMatchObject({ side: 'below', treatment: 'exempt' });
  });

  it('keeps a local’s own treatment below the limit (Lakeside taxes clothing of any price)', () => {
    const below = quote('clothing', LAKESIDE, { amount: '100.00' });
    expect([below.status, below.reason, rates(below), below.amounts?.tax]).toEqual(['taxable', 'below_price_limit', [['Norland', '0'], ['Lakeside', '1.5']], '1.50']);
    expect(quote('clothing', LAKESIDE, { amount: '200.00' }).amounts?.tax).toBe('18.00');
  });

  it('reads a quote’s amount as one article, a line’s quantity as its articles', () => {
    // XTS 300: one article above the limit; three of XTS 100 each below it; two of XTS 120 each above it.
    expect(quote('clothing', PINE, { amount: '300.00' }).amounts?.tax).toBe('19.50');
    const line = (amount: number, articles: number): SaleLine => ({ amount, articles, taxCode: 'clothing', productType: 'good', taxBehavior: 'exclusive', delivery: false });
    const sold = priceSale(
      { party: { date: '2024-06-01', origin: EASTVALE, destination: PINE, currency: 'XTS', registrations: EVERYWHERE }, day: Date.UTC(2024, 5, 1) / 86_400_000, minorUnits: 2, lines: [line(30_000, 3), line(24_000, 2), line(30_000, 3)] },
      { rules: miniRules, decider: freshDecider(miniRules), exemption: undefined },
    );
    expect(sold.lines.map((l) => [l?.decision.reason, l?.priced?.tax, l?.first])).toEqual([
      ['below_price_limit', 0, 0],
      ['standard_rated', 1_560, 1],
      ['below_price_limit', 0, 0],
    ]);
  });

  it('compares an inclusive amount’s net', () => {
    // XTS 110.00 gross: exempt, its net 110.00 is not below the limit; taxed, its net 103.29 is: neither side holds.
    const e = refused(() => quote('clothing', PINE, { amount: '110.00', taxBehavior: 'inclusive' }));
    expect(e.status).toBe(422);
    expect(quote('clothing', PINE, { amount: '100.00', taxBehavior: 'inclusive' }).reason).toBe('below_price_limit');
    // XTS 213.00 gross at 6.5 %: net 200.00, above the limit.
    const above = quote('clothing', PINE, { amount: '213.00', taxBehavior: 'inclusive' });
    expect([above.reason, above.amounts?.subtotal, above.amounts?.tax]).toEqual(['standard_rated', '200.00', '13.00']);
  });

  it('converts a line in another currency, and refuses it without a converter (422)', () => {
    const e = refused(() => quote('clothing', PINE, { amount: '100.00', currency: 'EUR' }));
    expect([e.status, e.issues[0]?.path]).toEqual([422, ['amount']]);
    const convert = (value: { amount: string; currency: string }, currency: string): string | null =>
      value.currency === 'XTS' && currency === 'EUR' ? String(Number(value.amount) / XTS_PER_EUR) : value.currency === 'EUR' && currency === 'XTS' ? String(Number(value.amount) * XTS_PER_EUR) : null;
    // XTS 110 is EUR 55: EUR 54.99 is below it, EUR 55.00 is not.
    expect(determine(input('clothing', PINE, { amount: '54.99', currency: 'EUR' }), miniRules, freshDecider(miniRules, convert), convert).reason).toBe('below_price_limit');
    expect(determine(input('clothing', PINE, { amount: '55.00', currency: 'EUR' }), miniRules, freshDecider(miniRules, convert), convert).reason).toBe('standard_rated');
  });
});

describe('a price limit of excess kind', () => {
  it('taxes only the part of an article’s price above the limit', () => {
    const r = quote('clothing', EASTVALE, { amount: '200.00' });
    expect([r.status, r.reason, rates(r), r.amounts?.tax, r.amounts?.total]).toEqual(['taxable', 'above_price_limit_part', [['Eastvale', '5']], '1.25', '201.25']);
    const at = quote('clothing', EASTVALE, { amount: '175.00' });
    expect([at.status, at.reason, at.amounts?.tax]).toEqual(['non_taxable', 'below_price_limit', '0.00']);
  });

  it('per article of a line, and inclusive', () => {
    const line: SaleLine = { amount: 40_000, articles: 2, taxCode: 'clothing', productType: 'good', taxBehavior: 'exclusive', delivery: false };
    const sold = priceSale({ party: { date: '2024-06-01', origin: EASTVALE, destination: EASTVALE, currency: 'XTS', registrations: EVERYWHERE }, day: Date.UTC(2024, 5, 1) / 86_400_000, minorUnits: 2, lines: [line] }, { rules: miniRules, decider: freshDecider(miniRules), exemption: undefined });
    expect(sold.tax).toBe(250);
    // Gross 201.25: the net N solves N + 5 % × (N − 175) = 201.25, N = 200.
    const inclusive = quote('clothing', EASTVALE, { amount: '201.25', taxBehavior: 'inclusive' });
    expect([inclusive.amounts?.subtotal, inclusive.amounts?.tax]).toEqual(['200.00', '1.25']);
  });
});

describe('bands of nested price limits', () => {
  const WEEK = '2024-09-03'; // Norland's Clothing week: below XTS 50 exempt, at most XTS 500 at the food rate (2 %), above at 6 %
  const HOLIDAY = '2024-08-10'; // Eastvale's holiday: at most XTS 1000 exempt, above it the part above XTS 175 taxed at 5 %

  it('take an article to the band of its price (the locals following the state in each)', () => {
    const at = (amount: string) => {
      const r = quote('clothing', PINE, { date: WEEK, amount });
      return [r.status, r.reason, rates(r), r.amounts?.tax];
    };
    expect(at('49.99')).toEqual(['non_taxable', 'tax_holiday', [['Norland', '0']], '0.00']);
    // XTS 50 falls in the middle band (below 50 exempt): 2 % + Pine 0.5 %.
    expect(at('50.00')).toEqual(['taxable', 'product_reduced_rate', [['Norland', '2'], ['Pine County', '0.5']], '1.25']);
    expect(at('500.00')).toEqual(['taxable', 'product_reduced_rate', [['Norland', '2'], ['Pine County', '0.5']], '12.50']);
    expect(at('500.01')).toEqual(['taxable', 'standard_rated', [['Norland', '6'], ['Pine County', '0.5']], '32.50']);
  });

  it('answer a quote without an amount at the highest band, naming the lower ones', () => {
    const r = quote('clothing', PINE, { date: WEEK });
    expect([r.reason, rates(r)]).toEqual(['standard_rated', [['Norland', '6'], ['Pine County', '0.5']]]);
    expect(r.notes.join(' ')).toContain('An article of clothing priced above XTS 500 is taxed at the standard rate under Sales tax in Norland, and one priced at most XTS 500 taxed at the food rate, or exempt if priced below XTS 50');
  });

  it('cite for a band inside a below side the law of the limit the article is below, not the inner limit it is above', () => {
    const middle = quote('clothing', PINE, { date: WEEK, amount: '100.00' });
    expect(middle.notes).toContain('An article of clothing priced at XTS 50 or more and at most XTS 500 is taxed at the food rate under Sales tax in Norland (During Clothing week, clothing priced at most XTS 500 an article is taxed at the food rate.).');
    expect(middle.notes.join(' ')).not.toContain('priced below XTS 50 an article is exempt');
    const low = quote('clothing', PINE, { date: WEEK, amount: '10.00' });
    expect(low.notes).toContain('An article of clothing priced below XTS 50 is exempt under Sales tax in Norland (During Clothing week, clothing priced below XTS 50 an article is exempt.).');
  });

  it('name a lower band by the treatment above its inner limit where that limit has an above of its own', () => {
    // At most XTS 500: below XTS 50 exempt, from XTS 50 at the standard rate (the inner limit's above), not the food rate of the side.
    const data = withWeek({
      amount: '500',
      currency: 'XTS',
      kind: 'all_or_nothing',
      at_limit: 'below',
      below: { treatment: 'taxable', class: 'food', price_limit: { amount: '50', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'above', above: { treatment: 'taxable', class: 'standard' } } },
    });
    expect(checkRuleData(data)).toEqual([]);
    const rules = createRuleSet(data);
    expect(rates(determine(input('clothing', PINE, { date: WEEK, amount: '100.00' }), rules))).toEqual([['Norland', '6'], ['Pine County', '0.5']]);
    const bare = determine(input('clothing', PINE, { date: WEEK }), rules);
    expect(bare.notes.join(' ')).toContain('and one priced at most XTS 500 taxed at the standard rate, or exempt if priced below XTS 50');
  });

  it('name every lower band in the highest band’s notes where the above side is divided again', () => {
    // At most XTS 500 exempt; above it, at most XTS 1000 at the food rate; above XTS 1000 at 6 %.
    const data = withWeek({
      amount: '500',
      currency: 'XTS',
      kind: 'all_or_nothing',
      at_limit: 'below',
      note: 'During Clothing week, clothing priced at most XTS 500 an article is exempt.',
      above: { treatment: 'taxable', class: 'standard', price_limit: { amount: '1000', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', below: { treatment: 'taxable', class: 'food' }, note: 'During Clothing week, clothing priced above XTS 500 and at most XTS 1000 an article is taxed at the food rate.' } },
    });
    expect(checkRuleData(data)).toEqual([]);
    const rules = createRuleSet(data);
    const bare = determine(input('clothing', PINE, { date: WEEK }), rules);
    expect([bare.reason, rates(bare)]).toEqual(['standard_rated', [['Norland', '6'], ['Pine County', '0.5']]]);
    expect(bare.notes.join(' ')).toContain(
      'An article of clothing priced above XTS 1000 is taxed at the standard rate under Sales tax in Norland, and one priced at most XTS 500 exempt, one priced above XTS 500 and at most XTS 1000 taxed at the food rate (During Clothing week, clothing priced at most XTS 500 an article is exempt. During Clothing week, clothing priced above XTS 500 and at most XTS 1000 an article is taxed at the food rate.)',
    );
    const middle = determine(input('clothing', PINE, { date: WEEK, amount: '700.00' }), rules);
    expect([rates(middle), middle.amounts?.tax]).toEqual([[['Norland', '2'], ['Pine County', '0.5']], '17.50']);
  });

  it('say in the treatments which side of each limit the article is on', () => {
    const middle = quote('clothing', PINE, { date: WEEK, amount: '100.00' });
    expect(middle.treatments?.[0]).toMatchObject({ treatment: 'taxable', rateClass: 'food', holiday: 'Clothing week', side: 'below', priceLimit: { amount: '500' }, inner: [{ priceLimit: { amount: '50', atLimit: 'above' }, side: 'above' }] });
    expect(middle.notes.join(' ')).toContain('An article of clothing priced at XTS 50 or more and at most XTS 500 is taxed at the food rate under Sales tax in Norland');
    const low = quote('clothing', PINE, { date: WEEK, amount: '10.00' });
    expect(low.treatments?.[0]).toMatchObject({ treatment: 'exempt', side: 'below', inner: [{ side: 'below' }] });
    const high = quote('clothing', PINE, { date: WEEK, amount: '900.00' });
    expect(high.treatments?.[0]).toMatchObject({ rateClass: 'standard', side: 'above', inner: [] });
  });

  it('per article of a line', () => {
    const line = (amount: number, articles: number): SaleLine => ({ amount, articles, taxCode: 'clothing', productType: 'good', taxBehavior: 'exclusive', delivery: false });
    const sold = priceSale(
      { party: { date: WEEK, origin: EASTVALE, destination: PINE, currency: 'XTS', registrations: EVERYWHERE }, day: Date.UTC(2024, 8, 3) / 86_400_000, minorUnits: 2, lines: [line(12_000, 3), line(30_000, 3), line(120_000, 2)] },
      { rules: miniRules, decider: freshDecider(miniRules), exemption: undefined },
    );
    // 3 × 40 exempt; 3 × 100 at 2.5 %: 7.50; 2 × 600 at 6.5 %: 78.00.
    expect(sold.lines.map((l) => [l?.decision.reason, l?.priced?.tax])).toEqual([
      ['tax_holiday', 0],
      ['product_reduced_rate', 750],
      ['standard_rated', 7_800],
    ]);
  });

  it('compare an inclusive amount’s net in each band, refusing one that falls in none (422)', () => {
    // XTS 102.50 gross at 2.5 %: net 100.00, in the middle band.
    const middle = quote('clothing', PINE, { date: WEEK, amount: '102.50', taxBehavior: 'inclusive' });
    expect([middle.reason, middle.amounts?.subtotal, middle.amounts?.tax]).toEqual(['product_reduced_rate', '100.00', '2.50']);
    // XTS 51.00 gross: exempt, its net 51.00 is not below 50; at 2.5 %, its net 49.76 is; at 6.5 %, 47.89 is not above 500.
    const low = refused(() => quote('clothing', PINE, { date: WEEK, amount: '51.00', taxBehavior: 'inclusive' }));
    expect([low.status, low.issues[0]?.message]).toEqual([
      422,
      "the tax of clothing under Sales tax in Norland depends on each article's price against a limit of XTS 50, and this inclusive amount's net is below the limit when taxed as above it and above it when taxed as below it: taxrules does not answer it; give the amount exclusive of tax",
    ]);
    // XTS 520.00 gross: at 2.5 % its net 507.32 is above XTS 500; at 6.5 %, 488.26 is not: the limit it falls on is XTS 500.
    expect(refused(() => quote('clothing', PINE, { date: WEEK, amount: '520.00', taxBehavior: 'inclusive' })).issues[0]?.message).toContain('against a limit of XTS 500,');
  });

  it('tax the part above an excess limit inside the above side (Eastvale’s holiday)', () => {
    const exempt = quote('clothing', EASTVALE, { date: HOLIDAY, amount: '1000.00' });
    expect([exempt.status, exempt.reason, exempt.amounts?.tax]).toEqual(['non_taxable', 'tax_holiday', '0.00']);
    // XTS 1200: 5 % of the 1025 above XTS 175.
    const above = quote('clothing', EASTVALE, { date: HOLIDAY, amount: '1200.00' });
    expect([above.status, above.reason, above.amounts?.tax]).toEqual(['taxable', 'above_price_limit_part', '51.25']);
    expect(above.treatments?.[0]).toMatchObject({ side: 'above', priceLimit: { amount: '1000' }, inner: [{ priceLimit: { amount: '175', kind: 'excess' }, side: 'above' }] });
    // Gross 1251.25: the net N solves N + 5 % × (N − 175) = 1251.25, N = 1200.
    const inclusive = quote('clothing', EASTVALE, { date: HOLIDAY, amount: '1251.25', taxBehavior: 'inclusive' });
    expect([inclusive.amounts?.subtotal, inclusive.amounts?.tax]).toEqual(['1200.00', '51.25']);
    const bare = quote('clothing', EASTVALE, { date: HOLIDAY });
    expect([bare.reason, rates(bare)]).toEqual(['above_price_limit_part', [['Eastvale', '5']]]);
    expect(bare.notes.join(' ')).toContain('An article of clothing priced above XTS 1000 is taxed at the standard rate, on the part of its price above XTS 175 only under Sales tax in Eastvale, and one priced at most XTS 1000 exempt');
    // After the holiday, the part above XTS 175 again.
    expect(quote('clothing', EASTVALE, { date: '2024-08-12', amount: '1000.00' }).amounts?.tax).toBe('41.25');
  });

  it('are decided once and cached without the amount', () => {
    const cache = createDecisionCache(miniRules);
    const cached = cachedDecider(cache);
    for (const [where, date, amount] of [[PINE, WEEK, '10.00'], [PINE, WEEK, '100.00'], [PINE, WEEK, '900.00'], [EASTVALE, HOLIDAY, '500.00'], [EASTVALE, HOLIDAY, '2000.00']] as const) {
      for (let round = 0; round < 2; round++) {
        const i = input('clothing', where, { date, amount });
        expect(determine(i, miniRules, cached), `${date} ${amount}`).toEqual(determine(i, miniRules));
      }
    }
    expect(cache.stats().hits).toBeGreaterThanOrEqual(8);
    // A packed rule set carries the bands.
    const packed = createRuleSet(packRuleData(miniRuleData));
    expect(determine(input('clothing', PINE, { date: WEEK, amount: '10.00' }), packed).reason).toBe('tax_holiday');
    expect(determine(input('clothing', EASTVALE, { date: HOLIDAY, amount: '1200.00' }), packed).amounts?.tax).toBe('51.25');
  });

  /** The mini set with Pine County's own clothing treatment in the Clothing week, under this limit. */
  function withPine(limit: NonNullable<Parameters<typeof withWeek>[0]>): RuleData {
    const data = structuredClone(miniRuleData) as RuleData;
    const pine = data.usLocal?.find((l) => l.state === 'NO')?.jurisdictions.find((j) => j.name === 'Pine County');
    if (!pine?.taxability) throw new Error('the mini set has no Pine County table');
    pine.taxability.clothing = [{ from: '2024-09-01', treatment: 'taxable', class: 'standard', price_limit: limit, source: 'Test county ordinance 9', checked: '2026-12-04' }];
    return data;
  }

  it('take a local table on the sale’s limits to its side of each, and refuse one on other limits (422)', () => {
    // Pine County exempts clothing of at most XTS 500 during the week, whatever the state's bands inside it.
    const outer = createRuleSet(withPine({ amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below' }));
    const at = (amount: string) => determine(input('clothing', PINE, { date: WEEK, amount }), outer);
    expect([at('10.00').amounts?.tax, at('100.00').amounts?.tax, at('600.00').amounts?.tax]).toEqual(['0.00', '2.00', '39.00']);
    // Its record names its own limit and side only: the state's XTS 50 inside it does not divide the county's treatment.
    expect(at('100.00').treatments?.[1]).toMatchObject({ jurisdiction: 'Pine County', table: 'local', treatment: 'exempt', side: 'below', priceLimit: { amount: '500' }, inner: [] });
    expect(at('100.00').treatments?.[0]).toMatchObject({ jurisdiction: 'Norland', side: 'below', inner: [{ priceLimit: { amount: '50' }, side: 'above' }] });
    // A county limit of XTS 50 alone is not one the sale is divided by at its outer level.
    const inner = createRuleSet(withPine({ amount: '50', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'above' }));
    const e = refused(() => determine(input('clothing', PINE, { date: WEEK, amount: '100.00' }), inner));
    expect([e.status, e.issues[0]?.message]).toEqual([422, 'Sales tax in Pine County treats clothing by a price limit of XTS 50 other than the ones the sale is divided by: taxrules does not combine two price limits, and does not answer it']);
  });

  it('take a local treatment with a rate of its own through the bands of its limit, each band at that rate where it taxes', () => {
    // Lakeside taxes clothing at 3 % of its own during the week, in the state's bands: below XTS 50 exempt, above at 3 %.
    const data = withPine({ amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below' });
    const lakeside = data.usLocal?.[0]?.jurisdictions.find((j) => j.name === 'Lakeside');
    if (!lakeside?.taxability?.clothing) throw new Error('the mini set has no Lakeside clothing entry');
    const week = { amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', below: { treatment: 'taxable', class: 'standard', price_limit: { amount: '50', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'above' } } } as const;
    lakeside.taxability.clothing.push({ from: '2024-09-01', treatment: 'taxable', class: 'standard', rate: '3', price_limit: week, source: 'Test city ordinance 5 (clothing at 3 % in the week)', checked: '2026-12-04' });
    expect(checkRuleData(data)).toEqual([]);
    const rules = createRuleSet(data);
    const at = (amount: string) => determine(input('clothing', LAKESIDE, { date: WEEK, amount }), rules);
    // Norland 0 / 2 / 6 %, Redwood 1 % and the district 0.5 % following it, Lakeside 0 / 3 / 3 %.
    expect([rates(at('10.00')), at('10.00').amounts?.tax]).toEqual([[['Norland', '0']], '0.00']);
    expect([rates(at('100.00')), at('100.00').amounts?.tax]).toEqual([[['Norland', '2'], ['Redwood County', '1'], ['Lakeside', '3'], ['Lakeside Transit District', '0.5']], '6.50']);
    expect(at('900.00').amounts?.tax).toBe('94.50');
    expect(at('100.00').treatments?.find((t) => t.jurisdiction === 'Lakeside')).toMatchObject({ table: 'local', treatment: 'taxable', rate: '3', side: 'below', inner: [{ priceLimit: { amount: '50' }, side: 'above' }] });
    expect(at('10.00').treatments?.find((t) => t.jurisdiction === 'Lakeside')).toMatchObject({ treatment: 'exempt', rate: null, side: 'below', inner: [{ side: 'below' }] });
  });

  /** The mini set with Norland's Clothing week limit replaced. */
  function withWeek(limit: NonNullable<NonNullable<RuleData['countries'][number]['jurisdictions'][number]['taxes'][number]['taxability']>['clothing']>[number]['price_limit']): RuleData {
    const data = structuredClone(miniRuleData) as RuleData;
    const clothing = data.countries.find((c) => c.country === 'XD')?.jurisdictions.find((j) => j.name === 'Norland')?.taxes[0]?.taxability?.clothing;
    const week = clothing?.find((p) => p.holiday === 'Clothing week');
    if (!week || !limit) throw new Error('the mini set has no Clothing week');
    week.price_limit = limit;
    return data;
  }

  it('are checked by the rules checks: a limit inside a side on the right side of it, in its currency', () => {
    const messages = (limit: Parameters<typeof withWeek>[0]) => checkRuleData(withWeek(limit)).map((p) => p.message);
    const band = (amount: string, currency = 'XTS', kind: 'all_or_nothing' | 'excess' = 'all_or_nothing') => ({ treatment: 'taxable' as const, class: 'food' as const, price_limit: { amount, currency, kind, at_limit: 'above' as const } });
    expect(messages({ amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', below: band('50') })).toEqual([]);
    expect(messages({ amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', below: band('600') })).toContain('a limit on the below side of XTS 500 is lower than it, not 600');
    expect(messages({ amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', below: band('50', 'EUR') })).toContain('a limit inside a side of another is in its currency (XTS), not EUR');
    expect(messages({ amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', above: band('400') })).toContain('an all_or_nothing limit on the above side of XTS 500 is higher than it, not 400 (an excess one may be lower: the part of the price above it is taxed)');
    expect(messages({ amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', above: band('400', 'XTS', 'excess') })).toEqual([]);
    expect(messages({ amount: '500', currency: 'XTS', kind: 'excess', at_limit: 'below', above: band('900') })).toContain("an excess limit takes no above: above it the period's treatment is charged on the part of the price above the limit");
    expect(messages({ amount: '500', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', below: { treatment: 'exempt', price_limit: { amount: '50', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'above' } } })).toContain('a price limit divides taxed articles from others: exempt takes none');
  });
});

describe('holidays', () => {
  it('give the holiday’s treatment the reason tax_holiday, the locals following it', () => {
    const r = quote('books', PINE, { date: '2024-08-03', amount: '10.00' });
    expect([r.status, r.reason, r.amounts?.tax]).toEqual(['non_taxable', 'tax_holiday', '0.00']);
    expect(r.notes).toContain('Book week (a sales-tax holiday) applies on 2024-08-03.');
    expect(quote('books', PINE, { date: '2024-08-08', amount: '10.00' }).amounts?.tax).toBe('0.65');
  });

  it('with a price limit: tax_holiday below it, the regular answer above it', () => {
    expect(quote('clothing', PINE, { date: '2024-08-02', amount: '200.00' }).reason).toBe('tax_holiday');
    expect(quote('clothing', PINE, { date: '2024-08-02', amount: '200.01' }).reason).toBe('standard_rated');
    // After the holiday, the regular limit of XTS 110.
    expect(quote('clothing', PINE, { date: '2024-08-05', amount: '150.00' }).reason).toBe('standard_rated');
  });
});

describe('the decision cache', () => {
  it('keeps each category’s decision apart, and the days of a holiday apart', () => {
    const cache = createDecisionCache(miniRules);
    const cached = cachedDecider(cache);
    const cases: [TaxCodeId, Address, string, string][] = [
      ['food', PINE, '2024-06-01', '100.00'],
      ['diapers', PINE, '2024-06-01', '100.00'],
      ['clothing', PINE, '2024-06-01', '100.00'],
      ['children_clothing', PINE, '2024-06-01', '200.00'],
      ['books', PINE, '2024-07-31', '10.00'],
      ['books', PINE, '2024-08-01', '10.00'],
      ['books', PINE, '2024-08-08', '10.00'],
      ['medical_devices', PINE, '2024-06-01', '10.00'],
      ['standard', PINE, '2024-06-01', '10.00'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [code, where, date, amount] of cases) {
        const i = input(code, where, { date, amount });
        expect(determine(i, miniRules, cached), `${code} ${date}`).toEqual(determine(i, miniRules));
      }
    }
    expect(cache.stats().hits).toBeGreaterThanOrEqual(cases.length);
  });
});
