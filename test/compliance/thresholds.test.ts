/** thresholdEvents and registrationAdvice: each threshold's rule, currency conversion, refusals, and order independence. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineAccount, registrationAdvice, registrationThresholds, thresholdEvents, TaxRulesError, type ThresholdOptions, type ThresholdSale } from '../../src/index.js';

const sale = (date: string, amount: string, country: string, extra: Partial<ThresholdSale> = {}): ThresholdSale => ({ date, amount, currency: 'EUR', country, tax_code: 'saas', customer_type: 'consumer', ...extra });
const monthly = (year: number, amount: string, countries: string[], extra: Partial<ThresholdSale> = {}) =>
  Array.from({ length: 12 }, (_, m) => sale(`${year}-${String(m + 1).padStart(2, '0')}-15`, amount, countries[m % countries.length]!, extra));

function refusal(f: () => unknown): TaxRulesError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TaxRulesError);
    return e as TaxRulesError;
  }
  throw new Error('expected a TaxRulesError');
}

describe('the EU-wide EUR 10,000 (Directive 2006/112/EC art. 59c)', () => {
  it('is crossed by the sale that makes the year’s cross-border B2C total exceed it; its effect lasts to the end of the next year', () => {
    const events = thresholdEvents(monthly(2026, '1500.00', ['FR', 'DE']), { sellerCountry: 'IE' });
    expect(events.map((e) => [e.threshold, e.date, e.total, e.effect.until])).toEqual([['eu.10k', '2026-07-15', '10500', '2027-12-31']]);
    expect(events[0]!.sales).toEqual([6]);
  });

  it('exactly EUR 10,000 does not exceed it', () => {
    expect(thresholdEvents([sale('2026-03-01', '6000', 'FR'), sale('2026-04-01', '4000', 'DE')], { sellerCountry: 'IE' })).toEqual([]);
    expect(thresholdEvents([sale('2026-03-01', '6000', 'FR'), sale('2026-04-01', '4000.01', 'DE')], { sellerCountry: 'IE' })).toHaveLength(1);
  });

  it('does not count domestic sales, sales to businesses, or sales outside the EU; a new year starts from zero', () => {
    const sales = [sale('2026-03-01', '9000', 'IE'), sale('2026-03-02', '9000', 'FR', { customer_type: 'business' }), sale('2026-03-03', '9000', 'JP'), sale('2026-12-31', '9000', 'FR'), sale('2027-01-01', '9000', 'FR')];
    expect(thresholdEvents(sales, { sellerCountry: 'IE' })).toEqual([]);
  });

  it('does not apply to a seller established in two Member States, nor to one outside the EU', () => {
    const sales = monthly(2026, '1500.00', ['FR']);
    expect(thresholdEvents(sales, { sellerCountry: 'IE', establishments: ['IE', 'NL'] })).toEqual([]);
    expect(thresholdEvents(sales, { sellerCountry: 'US', sellerRegion: 'NY' }).map((e) => e.threshold)).toEqual([]);
  });

  it('counts goods from 2021-07-01 only, electronic services from 2019', () => {
    const goods = (date: string) => sale(date, '6000', 'FR', { tax_code: 'standard', product_type: 'good' });
    expect(thresholdEvents([goods('2021-05-01'), goods('2021-06-01')], { sellerCountry: 'IE' })).toEqual([]);
    expect(thresholdEvents([goods('2021-07-01'), goods('2021-08-01')], { sellerCountry: 'IE' }).map((e) => e.date)).toEqual(['2021-08-01']);
    expect(thresholdEvents([sale('2019-02-01', '6000', 'FR'), sale('2019-03-01', '6000', 'FR')], { sellerCountry: 'IE' }).map((e) => e.date)).toEqual(['2019-03-01']);
    expect(thresholdEvents([sale('2018-02-01', '60000', 'FR')], { sellerCountry: 'IE' })).toEqual([]);
  });
});

describe('threshold.eu.100k', () => {
  it('fires when an EU seller’s cross-border digital B2C sales reach EUR 100,000 in a year', () => {
    const events = thresholdEvents([sale('2026-02-01', '60000', 'FR'), sale('2026-05-01', '40000', 'DE')], { sellerCountry: 'IE' });
    expect(events.map((e) => [e.event, e.date])).toEqual([
      ['threshold.eu.10k', '2026-02-01'],
      ['threshold.eu.100k', '2026-05-01'],
    ]);
  });
});

describe('registration thresholds of non-established sellers', () => {
  const rates = [
    { currency: 'EUR', to: 'NOK', from: '2026-01-01', until: '2026-12-31', rate: '11.5' },
    { currency: 'EUR', to: 'AUD', from: '2026-01-01', until: '2026-12-31', rate: '1.6' },
    { currency: 'EUR', to: 'GBP', from: '2026-01-01', until: '2026-12-31', rate: '0.85' },
  ];

  it('GB: the first sale to a UK consumer', () => {
    expect(thresholdEvents([sale('2026-03-01', '1.00', 'GB')], { sellerCountry: 'DE', exchangeRates: rates }).map((e) => [e.threshold, e.date, e.total])).toEqual([['gb', '2026-03-01', '0.85']]);
    expect(thresholdEvents([sale('2026-03-01', '1.00', 'GB')], { sellerCountry: 'GB' })).toEqual([]);
  });

  it('NO: over NOK 50,000 in the month and the eleven before', () => {
    const sales = [sale('2025-03-10', '4000', 'NO', { tax_code: 'ebook' }), sale('2026-02-10', '500', 'NO', { tax_code: 'ebook' }), sale('2026-03-10', '500', 'NO', { tax_code: 'ebook' })];
    const rates2 = [...rates, { currency: 'EUR', to: 'NOK', from: '2025-01-01', until: '2025-12-31', rate: '11.5' }];
    // 2026-02: 4,000 (2025-03) + 500 = 4,500 EUR = 51,750 NOK > 50,000; 2026-03 no longer holds 2025-03.
    expect(thresholdEvents(sales, { sellerCountry: 'DE', exchangeRates: rates2 }).map((e) => [e.threshold, e.date, e.total, e.window.from])).toEqual([['no', '2026-02-10', '51750', '2025-03-01']]);
  });

  it('AU: reaching AUD 75,000 is enough', () => {
    expect(thresholdEvents([sale('2026-03-01', '46875', 'AU')], { sellerCountry: 'DE', exchangeRates: rates }).map((e) => [e.threshold, e.total])).toEqual([['au', '75000']]);
  });

  it('CH: worldwide turnover of CHF 100,000 and a sale in Switzerland, on the later of the two days', () => {
    const chf = [{ currency: 'EUR', to: 'CHF', from: '2026-01-01', until: '2026-12-31', rate: '1' }];
    const sales = [sale('2026-02-01', '100000', 'JP', { customer_type: 'business' }), sale('2026-06-01', '10', 'CH')];
    expect(thresholdEvents(sales, { sellerCountry: 'DE', exchangeRates: chf }).filter((e) => e.threshold === 'ch').map((e) => e.date)).toEqual(['2026-06-01']);
  });

  it('a missing exchange rate is a 422 naming the currencies, the day and the sale', () => {
    const e = refusal(() => thresholdEvents([sale('2026-03-01', '100', 'NO', { tax_code: 'ebook' })], { sellerCountry: 'DE' }));
    expect(e.status).toBe(422);
    expect(e.message).toBe('no exchange rate from EUR to NOK on 2026-03-01 (sales.0)');
  });
});

describe('US economic nexus', () => {
  it('reaches a state’s threshold through nexusStatus, in US dollars', () => {
    const usd = (date: string, amount: string, extra: Partial<ThresholdSale>) => sale(date, amount, 'US', { currency: 'USD', ...extra });
    const events = thresholdEvents([usd('2026-02-01', '300000', { region: 'CA' }), usd('2026-03-01', '250000', { postal_code: '90210' })], { sellerCountry: 'DE' });
    expect(events.map((e) => [e.threshold, e.jurisdiction, e.date, e.total])).toEqual([['us.CA', 'US-CA', '2026-03-01', '550000.00']]);
    expect(thresholdEvents([usd('2026-02-01', '600000', { region: 'CA' })], { sellerCountry: 'US', sellerRegion: 'CA' })).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses malformed sales and options with every issue', () => {
    const e = refusal(() => thresholdEvents([{ date: '2026-02-30', amount: '1,00', currency: 'EURO', country: 'XX', tax_code: 'groceries', customer_type: 'person' } as never], { sellerCountry: 'IE' }));
    expect(e.issues.map((i) => i.path.at(-1))).toEqual(['date', 'amount', 'currency', 'country', 'tax_code', 'customer_type']);
    expect(refusal(() => thresholdEvents([sale('2026-01-01', '1', 'FR', { tax_code: 'standard' })], { sellerCountry: 'IE' })).message).toMatch(/product_type is required/);
    expect(refusal(() => thresholdEvents([sale('2026-01-01', '1', 'US')], { sellerCountry: 'IE' })).message).toMatch(/needs its state/);
    expect(refusal(() => thresholdEvents([], { sellercountry: 'IE' } as never)).message).toMatch(/did you mean sellerCountry/);
    expect(refusal(() => thresholdEvents([sale('2026-01-01', '1', 'FR', { colour: 'red' } as never)], { sellerCountry: 'IE' })).message).toMatch(/colour: unknown field/);
  });
});

describe('properties', () => {
  const countries = ['FR', 'DE', 'GB', 'NO', 'AU', 'IE', 'CH'];
  const arbSale = fc.record({
    date: fc.integer({ min: 0, max: 900 }).map((d) => new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)),
    amount: fc.integer({ min: 0, max: 2_000_000 }).map((c) => (c / 100).toFixed(2)),
    currency: fc.constant('EUR'),
    country: fc.constantFrom(...countries),
    tax_code: fc.constantFrom('saas' as const, 'ebook' as const),
    customer_type: fc.constantFrom('consumer' as const, 'business' as const),
  });
  const rates = ['NOK', 'AUD', 'GBP', 'CHF'].map((to) => ({ currency: 'EUR', to, from: '2024-01-01', until: '2027-12-31', rate: '1.5' }));

  it('events do not depend on the order of the sales', () => {
    fc.assert(
      fc.property(fc.array(arbSale, { maxLength: 40 }), fc.infiniteStream(fc.nat()), (sales, seeds) => {
        const order = sales.map((s, i) => ({ s, i, k: seeds.next().value as number })).sort((a, b) => a.k - b.k);
        const shuffled = order.map((x) => x.s);
        const a = thresholdEvents(sales, { sellerCountry: 'IE', exchangeRates: rates });
        const b = thresholdEvents(shuffled, { sellerCountry: 'IE', exchangeRates: rates });
        const back = (e: (typeof b)[number]) => ({ ...e, sales: e.sales.map((j) => order[j]!.i).sort((x, y) => x - y) });
        expect(b.map(back)).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it('more sales never take an event away or make it later', () => {
    fc.assert(
      fc.property(fc.array(arbSale, { maxLength: 30 }), arbSale, (sales, extra) => {
        const before = thresholdEvents(sales, { sellerCountry: 'IE', exchangeRates: rates });
        const after = thresholdEvents([...sales, extra], { sellerCountry: 'IE', exchangeRates: rates });
        for (const e of before) {
          const same = after.filter((x) => x.threshold === e.threshold && x.date.slice(0, 4) === e.date.slice(0, 4));
          expect(same.length, e.threshold).toBeGreaterThan(0);
          expect(same[0]!.date <= e.date).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('registrationAdvice', () => {
  const account = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { country: 'AU', valid_from: '2020-01-01' }, { country: 'US', region: 'CA' }] });
  const sales = [...monthly(2026, '2500.00', ['FR', 'DE']).slice(0, 10), sale('2026-09-01', '40000', 'NO', { tax_code: 'ebook' })];
  const rates = [{ currency: 'EUR', to: 'NOK', from: '2026-01-01', until: '2026-12-31', rate: '11.7' }];

  it('refuses options that are no object at once, whatever their size (a long string is not read character by character)', () => {
    for (const bad of ['a'.repeat(1_000_000), 42, ['x'], true]) {
      let error: unknown;
      try {
        registrationAdvice(sales, account, bad as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(TaxRulesError);
      const e = error as TaxRulesError;
      expect(e.status).toBe(400);
      expect(e.issues).toHaveLength(1);
      expect(e.issues[0]?.path).toEqual(['options']);
      expect(JSON.stringify(e.toJSON()).length).toBeLessThan(1_000);
    }
  });

  it('says where the seller collects, where to register and which registrations are unused', () => {
    const advice = registrationAdvice(sales, account, { exchangeRates: rates });
    expect(advice.asOf).toBe('2026-10-15');
    expect(advice.collecting.map((c) => c.jurisdiction.id)).toEqual([36, 372, 840006]);
    expect(advice.register.map((r) => [r.jurisdiction.id, r.options.map((o) => o.country), r.event.threshold, r.event.date])).toEqual([
      [9000, ['EU', 'DE', 'FR'], 'eu.10k', '2026-05-15'],
      [578, ['NO'], 'no', '2026-09-01'],
    ]);
    expect(advice.register[1]!.reason).toBe('Norway: VOEC (foreign sellers of electronic services and low-value goods): 468000 NOK by 2026-09-01, past the threshold of 50000 NOK');
    expect(advice.unused.map((u) => [u.jurisdiction.id, u.lastSale])).toEqual([
      [36, null],
      [840006, null],
    ]);
  });

  it('advises nothing where a registration already covers the threshold', () => {
    const registered = defineAccount({ country: 'IE', currency: 'EUR', registrations: [{ country: 'IE' }, { scheme: 'oss' }, { country: 'NO' }] });
    const advice = registrationAdvice(sales, registered, { exchangeRates: rates });
    expect(advice.register).toEqual([]);
    expect(advice.unused).toEqual([]);
  });

  it('lets an expired effect go: the EUR 10,000 of 2024 asks nothing in 2026', () => {
    const old = monthly(2024, '1500.00', ['FR']);
    expect(registrationAdvice(old, account, { asOf: '2026-06-01' }).register).toEqual([]);
    expect(registrationAdvice(old, account, { asOf: '2025-06-01' }).register.map((r) => r.event.date)).toEqual(['2024-07-15']);
  });
});

describe('the threshold data', () => {
  it('has sourced periods for every threshold the advice names', () => {
    const ids = registrationThresholds().thresholds.map((t) => t.id);
    expect(ids).toEqual(['eu.10k', 'eu.100k', 'gb', 'ch', 'no', 'au', 'nz', 'sg', 'ca']);
    for (const t of registrationThresholds().thresholds) for (const p of t.periods) expect(p.source.length).toBeGreaterThan(20);
  });
});

describe('fixtures/compliance/thresholds.json', () => {
  const fixtures = JSON.parse(readFileSync('fixtures/compliance/thresholds.json', 'utf8')) as { cases: { name: string; rule: string; options: ThresholdOptions; sales: ThresholdSale[]; expected: [string, string, string][] }[] };
  for (const c of fixtures.cases) {
    it(`${c.name} (${c.rule})`, () => {
      expect(thresholdEvents(c.sales, c.options).map((e) => [e.threshold, e.date, e.total])).toEqual(c.expected);
    });
  }
});
