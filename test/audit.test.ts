/** The rule audit (scripts/audit-lib.ts, npm run audit:rules). */
import { describe, expect, it } from 'vitest';
import { defaultRuleSet } from '../src/default-rules.js';
import type { RuleData } from '../src/core/rule-data.js';
import { auditMarkdown, auditRules } from '../scripts/audit-lib.js';

/** Every `checked` date of the shipped rules. */
function checkDates(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) checkDates(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) k === 'checked' && typeof v === 'string' ? out.push(v) : checkDates(v, out);
  return out;
}
/** The audit as of the day of the latest check in the data, so that it does not depend on the clock. */
const today = checkDates(defaultRuleSet.data).sort().at(-1) as string;
const options = { today, maxAgeDays: 365 };
const copy = (): RuleData => structuredClone(defaultRuleSet.data) as RuleData;
const de = (data: RuleData) => data.countries.find((c) => c.country === 'DE')!;

describe('the rule audit', () => {
  it('passes the shipped rules, with a row per country and the no-tax countries named', () => {
    const r = auditRules(defaultRuleSet.data, options);
    expect(r.problems).toEqual([]);
    expect(r.rows.map((x) => x.country)).toEqual(defaultRuleSet.data.countries.map((c) => c.country).sort());
    expect(r.rows.find((x) => x.country === 'DE')).toMatchObject({ taxes: 'VAT', earliest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), oldestCheck: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(r.noTax).toContain('HK');
    expect(auditMarkdown(r, options).split('\n')[0]).toMatch(new RegExp(String.raw`^\d+ countries with rules \(\d+ rate and treatment periods\), \d+ without any consumption tax \(.*HK.*\); oldest check \d{4}-\d{2}-\d{2} \(allowed age 365 days on ${today}\); no problems\.$`));
  });

  it('fails a period without a source, periods that overlap and a gap after a period that ends', () => {
    const data = copy();
    const standard = de(data).jurisdictions[0]!.taxes[0]!.rates.standard!;
    (standard[0] as { source: string }).source = ' ';
    standard.push({ ...standard[standard.length - 1]!, source: 'x' });
    de(data).regimes.push({ regime: 'EU', from: '2999-01-01', source: 'x', checked: today });
    (de(data).regimes[0] as { until?: string }).until = '2998-06-30';
    const problems = auditRules(data, options).problems;
    expect(problems).toContain('countries/DE.json.jurisdictions[0].taxes[0].rates.standard[0]: no source');
    expect(problems).toContainEqual(expect.stringMatching(/^countries\/DE\.json\.jurisdictions\[0\]\.taxes\[0\]\.rates\.standard\[\d+\]: from \S+ is not after \S+ \(periods overlap\)$/));
    expect(problems).toContain('countries/DE.json.regimes[1]: a gap between 2998-06-30 and 2999-01-01');
  });

  it('fails a check older than the allowed age or later than today, and too few countries', () => {
    const data = copy();
    (de(data).jurisdictions[0]!.taxes[0]!.rates.standard![0] as { checked: string }).checked = '2020-01-01';
    (de(data).jurisdictions[0]!.taxes[0]!.rates.standard![1] as { checked: string }).checked = '2027-01-01';
    const r = auditRules(data, { ...options, minCountries: 500 });
    expect(r.problems).toContain('countries/DE.json.jurisdictions[0].taxes[0].rates.standard[0]: checked 2020-01-01, more than 365 days ago');
    expect(r.problems).toContain(`countries/DE.json.jurisdictions[0].taxes[0].rates.standard[1]: checked 2027-01-01, after today (${today})`);
    expect(r.problems).toContain(`${data.countries.length} countries with rules, fewer than 500`);
    expect(r.oldestCheck).toBe('2020-01-01');
  });
});
