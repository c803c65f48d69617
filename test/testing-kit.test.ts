/** taxrules/testing: the arbitraries draw valid inputs of real places, and the engine holds every invariant. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate, calculateTaxRate, createRuleSet, prepareAccount, TaxRulesError } from '../src/index.js';
import type { RuleData } from '../src/core/rule-data.js';
import { diffCorpus, diffRules, formatRuleDiff, registeredEverywhere, samplePostalCode, type RuleDiff } from '../src/testing.js';
import { invariants, taxArbitraries } from '../src/testing-fast-check.js';
import { miniRuleData } from './support/mini-rules.js';

const kit = taxArbitraries();

describe('the arbitraries', () => {
  it('cover every country with rules, every US state and Canadian province, and special territories', () => {
    const countries = new Set(kit.destinations.map((d) => d.to_country));
    expect(countries.size).toBeGreaterThanOrEqual(139);
    expect(kit.destinations.filter((d) => d.to_country === 'US').length).toBeGreaterThanOrEqual(51);
    expect(kit.destinations.filter((d) => d.to_country === 'CA').length).toBe(13);
    expect(kit.destinations).toContainEqual({ to_country: 'DE', to_postal_code: '27498' });
    expect(kit.destinations).toContainEqual({ to_country: 'ES', to_postal_code: '35000' });
  });

  it('draw queries and requests every answer reads (or refuses only for a date before a tax’s history)', () => {
    const account = registeredEverywhere();
    fc.assert(
      fc.property(kit.query, kit.request, (q, r) => {
        for (const run of [() => calculateTaxRate(q, account), () => calculate(r, account)]) {
          try {
            run();
          } catch (e) {
            expect(e).toBeInstanceOf(TaxRulesError);
            expect((e as TaxRulesError).status, (e as Error).message).toBe(422);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('draw accounts a calculation accepts, and malformed queries it refuses with 400', () => {
    fc.assert(
      fc.property(kit.account, kit.malformedQuery, (account, bad) => {
        expect(() => calculateTaxRate({ to_country: 'FR', tax_code: 'saas', date: '2026-06-01' }, account)).not.toThrow();
        let status = 0;
        try {
          calculateTaxRate(bad as never, account);
        } catch (e) {
          status = (e as TaxRulesError).status;
        }
        expect(status).toBe(400);
      }),
      { numRuns: 200 },
    );
  });

  it('draw dates on both sides of rate changes', () => {
    const dates = fc.sample(kit.dateFor('DE'), 2_000);
    expect(dates).toContain('2020-06-30');
    expect(dates).toContain('2020-07-01');
  });
});

describe('the invariants hold', () => {
  it('status taxable exactly when the rate is above zero', () => fc.assert(invariants.taxableIffPositiveRate(), { numRuns: 400 }));
  it('status taxable at rate 0 where a holiday zero-rates the category (Canada’s GST/HST holiday: prepared food, 2025-01-01)', () => {
    const q = { to_country: 'CA', to_postal_code: 'B0A0A0', date: '2025-01-01', tax_code: 'prepared_food', product_type: 'good', amount: '0.00', currency: 'EUR', tax_behavior: 'exclusive' } as const;
    fc.assert(invariants.taxableIffPositiveRate(), { numRuns: 1, examples: [[q as never]] });
  });
  it('inclusive ↔ exclusive within one minor unit per tax', () => fc.assert(invariants.inclusiveRoundTrip(), { numRuns: 300 }));
  it('tax monotonic in the amount', () => fc.assert(invariants.monotonicInAmount(), { numRuns: 300 }));
  it('a removed registration gives not_registered', () => fc.assert(invariants.removedRegistrationIsNotRegistered(), { numRuns: 300 }));
  it('the answer does not depend on key order', () => fc.assert(invariants.keyOrderIndependent(), { numRuns: 200 }));
  it('one rate period per date', () => fc.assert(invariants.onePeriodPerDate(), { numRuns: 300 }));

  it('and an invariant fails where the engine would be wrong', () => {
    const account = registeredEverywhere();
    const lying = fc.property(kit.query, (q) => {
      let r;
      try {
        r = calculateTaxRate(q, account);
      } catch {
        return;
      }
      // A wrong expectation (taxable only above 1000 %) is caught at once.
      if ((r.status === 'taxable') !== r.rate > 1000) throw new Error('caught');
    });
    expect(() => fc.assert(lying, { numRuns: 200 })).toThrow(/Property failed after/);
  });
});

/** The TaxRulesError (400) a call throws; `field` names the argument it blames. */
function refused(call: () => unknown, field?: string): TaxRulesError {
  let caught: unknown = 'nothing thrown';
  try {
    call();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(TaxRulesError);
  const error = caught as TaxRulesError;
  expect(error.status, error.message).toBe(400);
  if (field !== undefined) expect(error.field).toBe(field);
  return error;
}

/** An object every read of which throws. */
const hostile = new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } });

describe('taxrules/testing refuses bad arguments with a TaxRulesError (400), never a TypeError', () => {
  const mini = miniRuleData as unknown as RuleData;
  /** Avalonia's standard rate raised to 22 % from 2030-01-01: a diff of three changes. */
  const raised = structuredClone(mini);
  const standard = raised.countries.find((c) => c.country === 'XA')!.jurisdictions[0]!.taxes[0]!.rates.standard!;
  standard.push({ ...standard.at(-1)!, from: '2030-01-01', rate: '22' });
  const diff = diffRules(mini, raised);

  it('samplePostalCode: a pattern that is no string', () => {
    for (const pattern of [5, null, undefined, {}, ['^1$'], Symbol('p'), hostile]) refused(() => samplePostalCode(pattern as never), 'pattern');
    expect(samplePostalCode('^3[58]\\d{3}$')).toBe('35000');
    // A quantifier no postal code has is no sample (not a gigabyte of text).
    expect(samplePostalCode('^a{999999999}$')).toBeNull();
  });

  it('formatRuleDiff: anything but a rule diff', () => {
    const change = diff.changes[0]!;
    const bad: [unknown, string][] = [
      [null, 'diff'],
      [5, 'diff'],
      [{ changes: [1] }, 'diff.cases'],
      [{ cases: 1, changes: [1] }, 'diff.changes.0'],
      [{ cases: -1, changes: [] }, 'diff.cases'],
      [{ cases: 1.5, changes: [] }, 'diff.cases'],
      [{ cases: '3', changes: [] }, 'diff.cases'],
      [{ cases: 3, changes: 'none' }, 'diff.changes'],
      [{ cases: 3, changes: [null] }, 'diff.changes.0'],
      [{ cases: 3, changes: [{ ...change, jurisdiction: null }] }, 'diff.changes.0.jurisdiction'],
      [{ cases: 3, changes: [{ ...change, jurisdiction: { id: '901', country: 'XA', region: null } }] }, 'diff.changes.0.jurisdiction.id'],
      [{ cases: 3, changes: [{ ...change, jurisdiction: { id: 901, country: 7, region: null } }] }, 'diff.changes.0.jurisdiction.country'],
      [{ cases: 3, changes: [{ ...change, field: 1 }] }, 'diff.changes.0.field'],
      [{ cases: 3, changes: [{ ...change, before: 1n }] }, 'diff.changes.0.before'],
      [{ cases: 3, changes: [{ ...change, case: 1 }] }, 'diff.changes.0.case'],
      [{ cases: 3, changes: [{ ...change, case: { ...change.case, date: Symbol('d') } }] }, 'diff.changes.0.case.date'],
      [{ cases: 3, changes: [{ ...change, case: { name: null } }] }, 'diff.changes.0.case.name'],
      [{ cases: 3, changes: [change, Object.create(null)] }, 'diff.changes.1.jurisdiction'],
      [hostile, 'diff'],
      [{ cases: 3, changes: [hostile] }, 'diff.changes.0'],
    ];
    for (const [value, field] of bad) refused(() => formatRuleDiff(value as RuleDiff), field);
    // What diffRules gives, and the same read back from `taxrules diff --json`, still format.
    // One line a changed result: the services and goods the raised standard rate taxes (as many as the rule set's tax codes give).
    expect(diff.changes.length).toBeGreaterThanOrEqual(3);
    expect(formatRuleDiff(diff)).toMatch(new RegExp(`^${diff.changes.length} changed results in ${diff.cases} cases:\n\nXA \\(901\\)\n  rates:\n    2030-01-01 XA eservice/service consumer: \\["VAT 20% \\(Avalonia\\)"\\] → \\["VAT 22% \\(Avalonia\\)"\\]\n`));
    expect(formatRuleDiff(diff).split('\n').filter((l) => l.startsWith('    2030-01-01 XA ')).length).toBe(diff.changes.length);
    expect(formatRuleDiff(JSON.parse(JSON.stringify(diff)) as RuleDiff)).toBe(formatRuleDiff(diff));
    expect(formatRuleDiff({ cases: 2, changes: [] })).toBe('No changes in 2 cases.\n');
    expect(formatRuleDiff({ cases: 1, changes: [{ ...change, case: { name: 'DE.json: ebook', query: {} as never, account: {} as never } }] })).toContain('    DE.json: ebook: ');
  });

  it('diffRules and diffCorpus: rule data, cases and options of another shape', () => {
    const selfish = structuredClone(mini) as RuleData & { self?: unknown };
    selfish.self = selfish;
    let deep: Record<string, unknown> = {};
    const nested = { ...structuredClone(mini), deep };
    for (let i = 0; i < 100_000; i++) deep = deep.a = {};
    for (const [data, field] of [
      [5, 'base'],
      [null, 'base'],
      [[], 'base'],
      [{ ...mini, countries: 5 }, 'base.countries'],
      [{ ...mini, countries: [null] }, 'base.countries.0'],
      [{ ...mini, countries: new Array(2 ** 32 - 1) }, 'base.countries.0'],
      [{ ...mini, countries: [{ country: 'XA' }] }, 'base.countries.0.jurisdictions'],
      [{ ...mini, territories: [{ country: 'XA', territories: [{ match: null }] }] }, 'base.territories.0.territories.0.match'],
      [{ ...mini, territories: [{ country: 'XA', territories: [{ match: { postal_codes: [5] } }] }] }, 'base.territories.0.territories.0.match.postal_codes.0'],
      [{ ...mini, usLocal: [{ state: 'CO', jurisdictions: [{ rates: [{ from: null }] }], zips: [] }] }, 'base.usLocal.0.jurisdictions.0.rates.0'],
      [selfish, 'base'],
      [nested, 'base'],
      [hostile, 'base'],
    ] as [unknown, string][]) {
      refused(() => diffCorpus(data as RuleData, mini), field);
      refused(() => diffRules(data as RuleData, mini), field);
    }
    refused(() => diffRules(mini, 5 as never), 'next');
    for (const [cases, field] of [
      [5, 'cases'],
      [[null], 'cases.0'],
      [[{ country: 'XA', region: null, postalCode: null, date: '2026-02-30', taxCode: 'saas', productType: 'service', customer: 'consumer' }], 'cases.0.date'],
      [[{ country: 'XA', region: 5, postalCode: null, date: '2026-01-01', taxCode: 'saas', productType: 'service', customer: 'consumer' }], 'cases.0.region'],
      [[{ country: 'XA', region: null, postalCode: null, date: '2026-01-01', taxCode: 'saas', productType: 'software', customer: 'consumer' }], 'cases.0.productType'],
      [[hostile], 'cases'],
    ] as [unknown, string][]) {
      refused(() => diffRules(mini, raised, cases as never), field);
    }
    for (const [options, field] of [
      [5, 'options'],
      [{ from: '2020-01-01\0' }, 'options.from'],
      [{ from: 2020 }, 'options.from'],
      [{ queries: {} }, 'options.queries'],
      [{ queries: [5] }, 'options.queries.0'],
      [{ queries: [{ name: 1, query: {}, account: {} }] }, 'options.queries.0.name'],
      [{ form: '2020-01-01' }, 'options.form'],
    ] as [unknown, string][]) {
      refused(() => diffRules(mini, raised, null, options as never), field);
      refused(() => diffCorpus(mini, raised, options as never), field);
    }
    // Valid calls: null options are the defaults, and a case list of one is asked.
    expect(diffCorpus(mini, raised, null as never).length).toBe(diffCorpus(mini, raised).length);
    const one = [{ country: 'XA', region: null, postalCode: null, date: '2030-01-01', taxCode: 'saas', productType: 'service', customer: 'consumer' }] as const;
    expect(diffRules(mini, raised, one, { from: '2029-01-01' })).toMatchObject({ cases: 1, changes: [{ field: 'rates' }] });
  });

  it('the invariants, taxArbitraries and registeredEverywhere: options of another shape', () => {
    const badOptions: [unknown, string][] = [
      [5, 'options'],
      ['2020-01-01', 'options'],
      [{ from: '2020-01-01\0' }, 'options.from'],
      [{ from: '2020-02-30' }, 'options.from'],
      [{ from: '20200101' }, 'options.from'],
      [{ until: 20_271_231 }, 'options.until'],
      [{ from: '2030-01-01' }, 'options.from'],
      [{ from: '2024-01-01', until: '2023-12-31' }, 'options.from'],
      [{ rules: {} }, 'options.rules'],
      [{ rules: miniRuleData }, 'options.rules'],
      [{ account: 5 }, 'options.account'],
      [{ account: { country: 'IE' } }, 'account.currency'],
      [{ account: prepareAccount({ country: 'IE', currency: 'EUR', registrations: [] }) }, 'options.account'],
      [{ numRuns: 10 }, 'options.numRuns'],
      [hostile, 'options'],
    ];
    for (const name of Object.keys(invariants) as (keyof typeof invariants)[]) {
      for (const [options, field] of badOptions) refused(() => invariants[name](options as never), field);
    }
    for (const [options, field] of badOptions.filter(([, f]) => !f.includes('account'))) refused(() => taxArbitraries(options as never), field);
    refused(() => taxArbitraries({ account: registeredEverywhere() } as never), 'options.account');
    refused(() => registeredEverywhere(5 as never), 'rules');
    // A rule set with no country to draw from is a TaxRulesError too (406: a value, not a shape).
    let empty: unknown;
    try {
      taxArbitraries({ rules: createRuleSet({ ...mini, countries: [], territories: [], regimes: [], usLocal: [] }) });
    } catch (e) {
      empty = e;
    }
    expect(empty).toBeInstanceOf(TaxRulesError);
    expect((empty as TaxRulesError).status).toBe(406);
  });

  it('and valid options still run', () => {
    const rules = createRuleSet(mini);
    const account = { country: 'XA', currency: 'EUR', registrations: [{ jurisdiction_id: 901 }] };
    fc.assert(invariants.taxableIffPositiveRate({ rules, account, from: '2020-01-01', until: '2026-12-31' }), { numRuns: 50 });
    fc.assert(invariants.removedRegistrationIsNotRegistered({ from: '2020-01-01', until: '2020-12-31', account: registeredEverywhere() }), { numRuns: 50 });
    fc.assert(invariants.onePeriodPerDate(null as never), { numRuns: 20 });
    const dates = fc.sample(taxArbitraries({ from: '2021-03-01', until: '2021-03-31' }).date, 100);
    expect(dates.every((d) => d >= '2021-03-01' && d <= '2021-03-31')).toBe(true);
    expect(registeredEverywhere(null as never).registrations.length).toBe(registeredEverywhere().registrations.length);
  });
});
