/**
 * loadRules: a rules folder the user holds, as the repository's rules/ is laid out, answers
 * wherever `rules` is taken; a folder that fails the rules build's checks is a TaxRulesError
 * naming the file and the place in it, never a crash.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRules } from '../src/cli/load-rules.js';
import { demoAccount } from '../src/cli/demo-account.js';
import { calculateTaxRate, defaultRuleSet, ratesAt } from '../src/index.js';
import { refused } from './helpers.js';

/** A copy of the repository's rules in a temporary folder, its German file changed by `edit`. */
function rulesCopy(edit?: (de: { jurisdictions: { taxes: { rates: Record<string, Record<string, unknown>[]> }[] }[] }) => void): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'taxrules-load-rules-')), 'rules');
  cpSync('rules', dir, { recursive: true });
  if (edit) {
    const file = join(dir, 'countries', 'DE.json');
    const de = JSON.parse(readFileSync(file, 'utf8')) as Parameters<NonNullable<typeof edit>>[0];
    edit(de);
    writeFileSync(file, JSON.stringify(de, null, 2));
  }
  return dir;
}

/** The German standard rate from 2027-01-01 at `rate` %, as a user would add it before a release. */
const raiseGermany =
  (rate: string, from = '2027-01-01') =>
  (de: Parameters<NonNullable<Parameters<typeof rulesCopy>[0]>>[0]): void => {
    de.jurisdictions[0]!.taxes[0]!.rates.standard!.push({ from, rate, source: 'Bundesgesetzblatt (announced change)', checked: '2026-12-04' });
  };

const query = (date: string) => `to_country=DE&tax_code=standard&product_type=good&amount=100&date=${date}`;

describe('loadRules', () => {
  it('answers from the folder: a rate added there is charged from its day, the shipped rules unchanged', () => {
    const rules = loadRules(rulesCopy(raiseGermany('21')));
    const account = demoAccount(rules);
    expect(calculateTaxRate(query('2027-02-01'), account, { rules })).toMatchObject({ rate: 21, tax_amount: 21 });
    expect(calculateTaxRate(query('2026-12-31'), account, { rules })).toMatchObject({ rate: 19, tax_amount: 19 });
    expect(calculateTaxRate(query('2027-02-01'), demoAccount(defaultRuleSet))).toMatchObject({ rate: 19, tax_amount: 19 });
    const standard = ratesAt({ country: 'DE', date: '2027-02-01' }, { rules }).taxes[0]!.classes.find((c) => c.rateClass === 'standard');
    expect(standard).toMatchObject({ rate: '21', from: '2027-01-01' });
  });

  it('an unchanged copy answers as the shipped rules do', () => {
    const rules = loadRules(rulesCopy());
    for (const q of [query('2026-06-01'), 'to_country=US&to_postal_code=78701&tax_code=standard&product_type=good&amount=100&date=2026-06-01']) {
      expect(calculateTaxRate(q, demoAccount(rules), { rules })).toEqual(calculateTaxRate(q, demoAccount(defaultRuleSet)));
    }
  });

  it('a folder that fails the checks is a 422 naming the file and the path of each problem', () => {
    const dir = rulesCopy(raiseGermany('21', '2027-02-30'));
    const e = refused(() => loadRules(dir));
    expect([e.status, e.code]).toEqual([422, 'unprocessable']);
    expect(e.message).toContain('rules/countries/DE.json');
    expect(e.message).toContain('2027-02-30 is not a calendar date');
    expect(e.issues.some((i) => i.path[0] === 'rules/countries/DE.json' && i.path.includes('standard'))).toBe(true);
  });

  it('what is no rules folder is a 400 naming it: no folder, a file that is not JSON, no world file', () => {
    const missing = join(tmpdir(), 'no-such-rules-folder');
    const broken = rulesCopy();
    writeFileSync(join(broken, 'countries', 'DE.json'), '{ "country": ');
    const partial = rulesCopy();
    rmSync(join(partial, 'world.json'));
    for (const [dir, named] of [
      [missing, 'no-such-rules-folder'],
      [broken, 'DE.json is not valid JSON'],
      [partial, 'world.schema.json'],
    ] as const) {
      const e = refused(() => loadRules(dir));
      expect([e.status, e.message]).toEqual([400, expect.stringContaining(named)]);
    }
  });
});
