import { describe, expect, it } from 'vitest';
import { createRuleSet, packRuleData, rulesInfo, TaxRulesError } from '../src/index.js';
import { miniRuleData, miniRules } from './support/mini-rules.js';
import type { RuleData } from '../src/core/rule-data.js';

const thaw = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('rulesInfo', () => {
  it('gives the newest checked day of each jurisdiction and the newest of all as the version', () => {
    const info = rulesInfo(miniRules);
    const newest = Object.values(info.jurisdictions).reduce((a, b) => (a > b ? a : b));
    expect(info.version).toBe(newest);
    expect(info.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // XD's regions are jurisdictions apart; the regime too.
    expect(Object.keys(info.jurisdictions)).toEqual(expect.arrayContaining(['XA', 'XD', 'XD-NO', 'regime:XU']));
    expect(Object.keys(info.jurisdictions)).toEqual([...Object.keys(info.jurisdictions)].sort());
  });

  it('moves a jurisdiction’s day and the version when one of its facts is checked later', () => {
    const data = thaw(miniRuleData) as RuleData & { countries: { country: string; jurisdictions: { taxes: { rates: Record<string, { checked: string }[]> }[] }[] }[] };
    const xb = data.countries.find((c) => c.country === 'XB')!;
    const period = Object.values(xb.jurisdictions[0]!.taxes[0]!.rates)[0]![0]!;
    period.checked = '2099-01-02';
    const before = rulesInfo(miniRules);
    const after = rulesInfo(createRuleSet(data));
    expect(after.jurisdictions.XB).toBe('2099-01-02');
    expect(after.version).toBe('2099-01-02');
    expect(after.jurisdictions.XA).toBe(before.jurisdictions.XA);
    expect(after.digest).not.toBe(before.digest);
  });

  it('keeps the digest whatever the order of the files, and through a pack', () => {
    const data = thaw(miniRuleData);
    const reordered = { ...data, countries: [...data.countries].reverse(), regimes: [...data.regimes].reverse() };
    const info = rulesInfo(miniRules);
    expect(rulesInfo(createRuleSet(reordered)).digest).toBe(info.digest);
    expect(rulesInfo(createRuleSet(packRuleData(data)))).toEqual(info);
  });

  it('describes the default rules without an argument', () => {
    const info = rulesInfo();
    expect(info.jurisdictions.DE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.jurisdictions['US-CA']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.version >= info.jurisdictions.DE!).toBe(true);
    expect(info.digest).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses what is not a rule set with a typed error', () => {
    expect(() => rulesInfo({} as never)).toThrow(TaxRulesError);
  });
});
