/**
 * `selectRuleData`: a part of the rules that answers on its own. The EU with the US keeps every
 * member, past or present, their special territories and the countries those are taxed as, the
 * regimes of all of them and the US local data; its pack answers as the whole rules do within
 * it, and a country outside it as one the rules do not hold. Bad selections are typed errors.
 */
import { describe, expect, it } from 'vitest';
import { calculateTaxRate, createRuleSet, defaultRuleSet, defineAccount, packRuleData, selectRuleData, TaxRulesError, type RuleSelection } from '../src/index.js';

const all = defaultRuleSet.data;
const euAndUs = selectRuleData(all, { regimes: ['EU'], countries: ['US'] });
const codes = (data: typeof all): string[] => data.countries.map((c) => c.country).sort();

describe('selectRuleData', () => {
  it('keeps the countries named, every member of the regimes named, and what their answers read', () => {
    const members = all.countries.filter((c) => c.regimes.some((m) => m.regime === 'EU')).map((c) => c.country);
    expect(members).toContain('GB'); // a past member: its sales before 2021 are the EU's
    for (const c of [...members, 'US']) expect(codes(euAndUs)).toContain(c);
    // Nothing from elsewhere, but what a kept territory is taxed as.
    expect(codes(euAndUs)).not.toContain('JP');
    expect(codes(euAndUs)).not.toContain('CA');
    for (const r of euAndUs.regimes) expect(euAndUs.countries.some((c) => c.regimes.some((m) => m.regime === r.regime)) || euAndUs.territories.some((f) => f.territories.some((t) => t.treatment.some((tr) => tr.goods_regime === r.regime)))).toBe(true);
    expect(euAndUs.usLocal?.length).toBe(all.usLocal?.length);
    expect(euAndUs.usZipStates).toBe(all.usZipStates);
    // Without the US: no US local data, no ZIP table; the shared tables whole.
    const canada = selectRuleData(all, { countries: ['CA'] });
    expect(codes(canada)).toEqual(['CA']);
    expect(canada.usLocal).toBeUndefined();
    expect(canada.usZipStates).toBeUndefined();
    expect(canada.world).toBe(all.world);
    expect(canada.taxCodes).toBe(all.taxCodes);
  });

  it('packs into a rule set that answers as the whole rules within it, and outside as for a country without rules', () => {
    const text = JSON.stringify(packRuleData(euAndUs));
    expect(text.length).toBeLessThan(JSON.stringify(packRuleData(all)).length);
    const rules = createRuleSet(JSON.parse(text));
    const spec = { country: 'DE', currency: 'EUR', registrations: [{ country: 'DE' }, { country: 'US', region: 'TX' }, { scheme: 'oss' }] } as const;
    const mine = defineAccount(spec, rules);
    const whole = defineAccount(spec);
    const queries = [
      'to_country=DE&tax_code=standard&product_type=good&amount=100&date=2026-06-01',
      'to_country=FR&tax_code=ebook&amount=10&date=2026-06-01',
      'to_country=ES&to_postal_code=38001&tax_code=standard&product_type=good&amount=100&date=2026-06-01',
      'to_country=GB&tax_code=saas&amount=10&date=2020-06-01',
      'to_country=US&to_postal_code=78701&tax_code=standard&product_type=good&amount=100&date=2026-06-01',
      'to_country=US&to_postal_code=10001&tax_code=food&product_type=good&amount=100&date=2026-06-01',
    ];
    for (const q of queries) expect(calculateTaxRate(q, mine, { rules }), q).toEqual(calculateTaxRate(q, whole));
    const japan = calculateTaxRate('to_country=JP&tax_code=standard&product_type=good&amount=100&date=2026-06-01', mine, { rules });
    expect(japan).toMatchObject({ status: 'not_registered', tax_amount: 0 });
    expect(japan.notes).toContain('taxrules has no tax rules for Japan');
  });

  it('refuses a code the data does not hold, a field that is no selection, a list that is none', () => {
    const refusal = (selection: unknown) => {
      try {
        selectRuleData(all, selection as RuleSelection);
      } catch (e) {
        expect(e).toBeInstanceOf(TaxRulesError);
        return { status: (e as TaxRulesError).status, issues: (e as TaxRulesError).issues.map((i) => ({ path: i.path, code: i.code })) };
      }
      throw new Error('not refused');
    };
    expect(refusal({ countries: ['US', 'XX'] })).toEqual({ status: 406, issues: [{ path: ['selection', 'countries', 1], code: 'invalid_value' }] });
    expect(refusal({ regimes: ['EEA'] })).toEqual({ status: 406, issues: [{ path: ['selection', 'regimes', 0], code: 'invalid_value' }] });
    expect(refusal({ country: ['US'] })).toEqual({ status: 400, issues: [{ path: ['selection', 'country'], code: 'unknown_field' }] });
    expect(refusal({ countries: 'US' })).toEqual({ status: 400, issues: [{ path: ['selection', 'countries'], code: 'malformed' }] });
    expect(refusal(null)).toEqual({ status: 400, issues: [{ path: ['selection'], code: 'malformed' }] });
    expect(() => selectRuleData({} as never, { countries: ['US'] })).toThrow(TaxRulesError);
  });
});

describe('the sizes docs/rule-data.md gives of a pack of your own', () => {
  it('are within a tenth of the packs as they are', async () => {
    const { gzipSync } = await import('node:zlib');
    const { readFileSync } = await import('node:fs');
    const text = readFileSync('docs/rule-data.md', 'utf8');
    const m = /The EU and US pack is ([\d.]+) MB of JSON, (\d+) kB gzipped, against ([\d.]+) MB and (\d+) kB for the\s+whole world's \(US local data is most of either; the EU alone is ([\d.]+) MB\)/.exec(text);
    expect(m, 'the sentence with the sizes').not.toBeNull();
    const [mine, world, eu] = [euAndUs, all, selectRuleData(all, { regimes: ['EU'] })].map((d) => JSON.stringify(packRuleData(d)));
    const near = (stated: string, actual: number) => expect(Math.abs(Number(stated) - actual) / actual, `${stated} against ${actual}`).toBeLessThan(0.1);
    near(m![1]!, mine!.length / 1e6);
    near(m![2]!, gzipSync(mine!).length / 1e3);
    near(m![3]!, world!.length / 1e6);
    near(m![4]!, gzipSync(world!).length / 1e3);
    near(m![5]!, eu!.length / 1e6);
  });
});
