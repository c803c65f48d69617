/**
 * Rate sets: a territories file states a rate table once (`rate_sets`) and territories name
 * it (`rate_set`). The rule set compiles the named table as the territory's rates, for the
 * shipped data and for rule data a user builds.
 */
import { describe, expect, it } from 'vitest';
import { checkRuleData, territoryRates } from '../src/core/rule-checks.js';
import type { RuleData, TerritoryRules } from '../src/core/rule-data.js';
import { createRuleSet } from '../src/core/ruleset.js';
import { defaultRuleSet } from '../src/default-rules.js';

function mutated(change: (d: RuleData) => void): RuleData {
  const copy = structuredClone(defaultRuleSet.data);
  change(copy);
  return copy;
}

function territoriesOf(d: RuleData, country: string): TerritoryRules {
  const file = d.territories.find((t) => t.country === country);
  if (!file) throw new Error(`no territories file for ${country}`);
  return file;
}

function standardRates(rules: ReturnType<typeof createRuleSet>, country: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const t of rules.territories.get(country) ?? []) out[t.id] = (t.rates.standard ?? []).map((p) => p.rate);
  return out;
}

describe('rate sets', () => {
  it('give Jungholz and Mittelberg the 19 % of UStG (AT) § 10, typed as AT or as DE', () => {
    // UStG 1994 (AT) § 10: 19 % standard rate in Jungholz and Mittelberg.
    expect(standardRates(defaultRuleSet, 'AT')).toMatchObject({ 'AT-JUNGH': ['19'], 'AT-MITTB': ['19'] });
    expect(standardRates(defaultRuleSet, 'DE')).toMatchObject({ 'DE-JUNGH': ['19'], 'DE-MITTB': ['19'] });
    for (const cc of ['AT', 'DE']) {
      const file = territoriesOf(defaultRuleSet.data, cc);
      expect(Object.keys(file.rate_sets ?? {})).toEqual(['jungholz_mittelberg']);
      expect(file.territories.filter((t) => t.rate_set === 'jungholz_mittelberg')).toHaveLength(2);
    }
  });

  it('are compiled from rule data a user builds: every territory naming the set gets its table', () => {
    const rules = createRuleSet(
      mutated((d) => {
        const set = territoriesOf(d, 'AT').rate_sets!.jungholz_mittelberg!;
        set.standard!.push({ from: '2030-01-01', rate: '18', source: 'a test amendment', checked: '2026-11-23' });
      }),
    );
    expect(standardRates(rules, 'AT')).toMatchObject({ 'AT-JUNGH': ['19', '18'], 'AT-MITTB': ['19', '18'] });
    // The DE file has its own set: unchanged.
    expect(standardRates(rules, 'DE')).toMatchObject({ 'DE-JUNGH': ['19'], 'DE-MITTB': ['19'] });
  });

  it('leave a territory with its own rates, and one with neither, as they are', () => {
    const file = { rate_sets: { shared: { standard: [] } } };
    const own = { standard: [{ from: '2020-01-01', rate: '5', source: 'a test source', checked: '2026-11-23' }] };
    expect(territoryRates(file, { rates: own })).toBe(own);
    expect(territoryRates(file, {})).toBeUndefined();
    expect(territoryRates(file, { rate_set: 'shared' })).toBe(file.rate_sets.shared);
    expect(territoryRates(file, { rate_set: 'constructor' })).toBeUndefined();
  });

  it('are checked: an unknown name, rates given twice, a set nobody uses, a bad period in a set', () => {
    const unknown = checkRuleData(mutated((d) => (territoriesOf(d, 'AT').territories[1]!.rate_set = 'jungholz')));
    expect(unknown).toContainEqual({
      file: 'rules/territories/AT.json',
      path: '/territories/1/rate_set',
      message: 'unknown rate set jungholz (this file\'s rate_sets: jungholz_mittelberg)',
    });

    const twice = checkRuleData(
      mutated((d) => {
        const file = territoriesOf(d, 'AT');
        file.territories[0]!.rates = structuredClone(file.rate_sets!.jungholz_mittelberg);
      }),
    );
    expect(twice).toContainEqual(expect.objectContaining({ file: 'rules/territories/AT.json', path: '/territories/0', message: expect.stringMatching(/both rates and rate_set/) }));

    const unused = checkRuleData(mutated((d) => (territoriesOf(d, 'DE').rate_sets!.spare = { standard: [{ from: '2020-01-01', rate: '5', source: 'a test source', checked: '2026-11-23' }] })));
    expect(unused).toContainEqual(expect.objectContaining({ file: 'rules/territories/DE.json', path: '/rate_sets/spare', message: 'rate set spare is used by no territory' }));

    const badDate = checkRuleData(mutated((d) => (territoriesOf(d, 'AT').rate_sets!.jungholz_mittelberg!.standard![0]!.from = '1995-02-30')));
    expect(badDate).toContainEqual(expect.objectContaining({ path: '/rate_sets/jungholz_mittelberg/standard/0/from', message: '1995-02-30 is not a calendar date' }));
  });
});
