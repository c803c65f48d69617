/**
 * Tennessee's local sales taxes (rules/us/local/TN.json, from TaxLocus's table of 2026-08-18,
 * recorded from 2026-08-01, Davidson County's transit surcharge with them) and the
 * single-article limit of the local tax (the file's `single_article_cap`), through the public
 * API with real ZIP codes.
 */
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, createCalculator, determine, explainTaxRate } from '../src/index.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { checkRuleData } from '../src/core/rule-checks.js';
import type { RuleData, UsLocalRules } from '../src/core/rule-data.js';
import { refused, registeredIn } from './helpers.js';

const TN = 840047;
/** A seller in New Jersey registered in Tennessee (a remote seller: the delivery address decides). */
const remote = registeredIn('US', [TN], { postal_code: '07030', currency: 'USD' });
/** A seller in Knoxville (origin-based: its own local taxes apply to its sales in the state). */
const knoxville = registeredIn('US', [TN], { postal_code: '37902', currency: 'USD' });
const DATE = '2026-09-15';
const good = { tax_code: 'standard', product_type: 'good', currency: 'USD', date: DATE } as const;

const quote = (zip: string, extra: Record<string, string> = {}, seller = remote) => explainTaxRate({ ...good, amount: '100', to_country: 'US', to_postal_code: zip, ...extra }, seller);
/** The lines of the main tax as "level name rate". */
const lines = (zip: string, extra: Record<string, string> = {}): string[] =>
  quote(zip, extra)
    .lines.filter((l) => l.group === 'main')
    .map((l) => `${l.jurisdiction.level} ${l.jurisdiction.name} ${l.rateUnits / 10_000}`);
const combined = (zip: string, extra: Record<string, string> = {}): number =>
  quote(zip, extra)
    .lines.filter((l) => l.group === 'main')
    .reduce((sum, l) => sum + l.rateUnits, 0) / 10_000;
/** A v20260309 document of one line for a Tennessee address. */
const document = (zip: string, amount: string) => ({
  customer_address: { country: 'US', postal_code: zip },
  currency: 'USD',
  tax_date: Date.UTC(2026, 8, 15) / 1000,
  line_items: [{ reference: 'a', amount, tax_code: 'standard', product_type: 'good' }] as const,
});

describe('Tennessee local sales taxes', () => {
  it('Memphis: Shelby County\'s 2.25 % and the city\'s 0.5 % on the state\'s 7 % (9.75 %)', () => {
    expect(lines('38103')).toEqual(['state Tennessee 7', 'county Shelby County 2.25', 'city Memphis 0.5']);
    expect(quote('38103').jurisdiction).toMatchObject({ county: 'Shelby County', city: 'Memphis' });
  });

  it('Knoxville: Knox County\'s 2.25 %, the city adding nothing (9.25 %); unincorporated Knox County the same', () => {
    expect(lines('37902')).toEqual(['state Tennessee 7', 'county Knox County 2.25']);
    expect(quote('37902').jurisdiction).toMatchObject({ county: 'Knox County', city: 'Knoxville' });
    expect(lines('37938')).toEqual(['state Tennessee 7', 'county Knox County 2.25']);
    expect(quote('37938').local).toMatchObject({ match: 'zip', county: 'Knox County', city: null });
  });

  it('Nashville: Davidson County\'s 2.25 % and the transit surcharge of 0.5 % (9.75 %)', () => {
    expect(lines('37201')).toEqual(['state Tennessee 7', 'county Davidson County 2.25', 'district Davidson County transit surcharge 0.5']);
    const j = defaultRuleSet.data.usLocal?.find((l) => l.state === 'TN')?.jurisdictions.find((x) => x.name === 'Davidson County transit surcharge');
    expect(j?.rates).toEqual([expect.objectContaining({ from: '2026-05-19', rate: '0.5', source: 'tn-davidson-transit', note: expect.stringMatching(/since 2025-02-01/) })]);
  });

  it('a city\'s part in a second county where it adds to that county\'s rate is a line of its own', () => {
    // Rocky Top: 2.75 % in Anderson County (the county's) and in its part in Campbell County (2.25 % + 0.5 %).
    const rows = defaultRuleSet.data.usLocal?.find((l) => l.state === 'TN')?.jurisdictions.map((j) => `${j.name} ${j.rates.at(-1)?.rate}`);
    expect(rows).toContain('Rocky Top (Campbell County part) 0.5');
    expect(combined('37660', { to_city: 'Kingsport' })).toBe(9.5);
  });

  it('a day before the data (2026-05-19, TaxLocus\'s first weekly table) is refused (422), in Nashville too', () => {
    expect(refused(() => quote('38103', { date: '2026-05-18' })).status).toBe(422);
    expect(refused(() => quote('37201', { date: '2026-05-18' })).status).toBe(422);
    expect(combined('38103', { date: '2026-07-31' })).toBe(9.75);
    expect(combined('38103', { date: '2026-08-01' })).toBe(9.75);
  });

  it('a ZIP code reaching into a city part whose rate the table does not tell is answered at the state rate, with a note', () => {
    const r = quote('37148');
    expect(r.local).toMatchObject({ match: 'none' });
    expect(combined('37148')).toBe(7);
    expect(r.notes.join(' ')).toMatch(/ZIP code 37148 is not in the local tax data of Tennessee.*local taxes may apply/);
  });

  it('sourcing: a seller in Tennessee charges its own place\'s local taxes, a remote seller the destination\'s', () => {
    const r = quote('38103', {}, knoxville);
    expect(r.local).toMatchObject({ sourcedAt: 'origin', county: 'Knox County' });
    expect(r.lines.filter((l) => l.group === 'main').reduce((s, l) => s + l.rateUnits, 0) / 10_000).toBe(9.25);
    expect(quote('38103').local?.sourcedAt).toBe('destination');
  });
});

describe('the single-article limit (USD 1600 of the price of an article of goods)', () => {
  it('v20241028: USD 1600.00 is answered, USD 1600.01 refused (422) naming the rule', () => {
    expect(calculateTaxRate({ ...good, amount: '1600.00', to_country: 'US', to_postal_code: '38103' }, remote)).toMatchObject({ rate: 9.75, tax_amount: 156 });
    const err = refused(() => calculateTaxRate({ ...good, amount: '1600.01', to_country: 'US', to_postal_code: '38103' }, remote));
    expect(err.status).toBe(422);
    expect(err.issues[0]?.path).toEqual(['amount']);
    expect(err.message).toMatch(/^Tennessee's local sales tax applies only to the first \$1,600 .*single-article tax of 2\.75 %.*a line of USD 1600\.01/);
  });

  it('an inclusive amount is compared net of tax: USD 1756.00 gross is USD 1600.00 net, USD 1756.01 above it', () => {
    expect(explainTaxRate({ ...good, amount: '1756.00', tax_behavior: 'inclusive', to_country: 'US', to_postal_code: '38103' }, remote).amounts).toMatchObject({ subtotal: '1600.00', tax: '156.00' });
    expect(refused(() => explainTaxRate({ ...good, amount: '1756.01', tax_behavior: 'inclusive', to_country: 'US', to_postal_code: '38103' }, remote)).status).toBe(422);
  });

  it('v20260309: a line above the limit is refused, naming the line; at the limit it is answered', () => {
    expect(calculate(document('37201', '1600.00'), remote).total_tax).toBe('156.00');
    const err = refused(() => calculate(document('37201', '1600.01'), remote));
    expect(err.status).toBe(422);
    expect(err.issues[0]?.path).toEqual(['line_items', 0, 'amount']);
  });

  it('determine: an amount above the limit is refused, none without an amount', () => {
    const input = { date: DATE, origin: { country: 'US', region: 'NJ', postalCode: '07030' }, destination: { country: 'US', postalCode: '38103' }, taxCode: 'standard', productType: 'good', taxBehavior: 'exclusive', currency: 'USD', registrations: [{ jurisdictionId: TN }] } as const;
    expect(refused(() => determine({ ...input, amount: '2000' })).status).toBe(422);
    expect(determine({ ...input, amount: '1600' }).amounts?.tax).toBe('156.00');
    expect(determine(input).lines.map((l) => l.rate)).toEqual(['7', '2.25', '0.5']);
    // A region without a ZIP code: the state's 7 %, and the limit still holds.
    const region = { ...input, destination: { country: 'US', region: 'TN' } };
    expect(determine(region).lines.map((l) => l.rate)).toEqual(['7']);
    expect(refused(() => determine({ ...region, amount: '2000' })).status).toBe(422);
  });

  it('a quote without an amount gives the full combined rate, with a note on the limit', () => {
    const r = calculateTaxRate({ ...good, to_country: 'US', to_postal_code: '38103' }, remote);
    expect(r.rate).toBe(9.75);
    expect(r.notes).toMatch(/first \$1,600 of the sales price of a single article.*single-article tax of 2\.75 %.*The rate given is that of an article priced up to USD 1600.*refuses a priced line above it \(422\)/);
  });

  it('the refusal is made where amounts are priced: a cached decision answers USD 100 after refusing USD 2000', () => {
    const calc = createCalculator();
    const ask = (amount: string) => () => calc.explainTaxRate({ ...good, amount, to_country: 'US', to_postal_code: '38103' }, remote);
    expect(ask('100')().amounts?.tax).toBe('9.75');
    expect(refused(ask('2000')).status).toBe(422);
    expect(ask('100')().amounts?.tax).toBe('9.75');
    expect(calc.cacheStats().hits).toBeGreaterThan(0);
  });

  it('services and digital products bear the local tax on their whole price: no limit', () => {
    const r = explainTaxRate({ ...good, tax_code: 'saas', product_type: 'service', amount: '5000', to_country: 'US', to_postal_code: '38103' }, remote);
    expect(r.amounts?.tax).toBe('487.50');
    expect(r.notes.join(' ')).not.toMatch(/single article/);
  });

  it('another currency: compared through the calculator\'s converter, refused (422) without one', () => {
    const eur = { ...good, currency: 'EUR', to_country: 'US', to_postal_code: '38103' };
    const err = refused(() => explainTaxRate({ ...eur, amount: '100' }, remote));
    expect(err.status).toBe(422);
    expect(err.message).toMatch(/without a currency converter/);
    const calc = createCalculator({ convertCurrency: (v, to) => (to === 'USD' ? (Number(v.amount) * 1.25).toFixed(2) : null) });
    expect(calc.explainTaxRate({ ...eur, amount: '1280' }, remote).amounts?.tax).toBe('124.80');
    expect(refused(() => calc.explainTaxRate({ ...eur, amount: '1280.01' }, remote)).status).toBe(422);
  });

  it('the limit holds where no local area is known too (the state\'s single-article tax is not computed either)', () => {
    expect(explainTaxRate({ ...good, amount: '1600', to_country: 'US', to_postal_code: '37148' }, remote).amounts?.tax).toBe('112.00');
    expect(refused(() => explainTaxRate({ ...good, amount: '5000', to_country: 'US', to_postal_code: '37148' }, remote)).status).toBe(422);
  });

  it('rule checks: the limit\'s source must be a key of the file\'s sources, its currency known', () => {
    const copy = structuredClone(defaultRuleSet.data) as RuleData;
    const tn = (copy.usLocal ?? []).find((l) => l.state === 'TN') as UsLocalRules;
    tn.single_article_cap = { ...(tn.single_article_cap as NonNullable<UsLocalRules['single_article_cap']>), source: 'nowhere', currency: 'XXY' };
    expect(checkRuleData(copy).map((p) => p.message)).toEqual(expect.arrayContaining(['unknown source key nowhere', 'unknown currency XXY']));
  });
});
