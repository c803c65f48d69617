/** diffRules and `taxrules diff`: a rate change lists exactly the cases it changes. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run, type CliIO } from '../src/cli/main.js';
import { readRuleDirectory } from '../src/cli/rules-dir.js';
import { diffCorpus, diffRules, formatRuleDiff, samplePostalCode, type DiffCase, type RuleChange } from '../src/testing/diff.js';

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) };
  const code = await run(args, io);
  return { code, out, err };
}

let next: string;

beforeAll(() => {
  // A copy of the rules, laid out differently (one flat directory), with Germany's standard rate raised to 20 % from 2027.
  next = mkdtempSync(join(tmpdir(), 'taxrules-next-'));
  cpSync('rules', join(next, 'nested', 'copy'), { recursive: true });
  const file = join(next, 'nested', 'copy', 'countries', 'DE.json');
  const de = JSON.parse(readFileSync(file, 'utf8')) as { jurisdictions: { taxes: { rates: { standard: Record<string, string>[] } }[] }[] };
  const standard = de.jurisdictions[0]!.taxes[0]!.rates.standard;
  standard.push({ ...standard.at(-1)!, from: '2027-01-01', rate: '20' });
  writeFileSync(file, JSON.stringify(de));
}, 60_000);

describe('taxrules diff', () => {
  it('raising one German rate lists exactly the German cases it changes, and nothing else', async () => {
    const r = await cli('diff', 'rules', next, '--json');
    expect(r.code).toBe(0);
    const { changes, cases } = JSON.parse(r.out) as { cases: number; changes: RuleChange[] };
    expect(cases).toBeGreaterThan(10_000);
    expect(changes.map((c) => [c.jurisdiction, c.field, (c.case as DiffCase).date, (c.case as DiffCase).taxCode, (c.case as DiffCase).productType, (c.case as DiffCase).customer, c.before, c.after])).toEqual([
      [{ id: 276, country: 'DE', region: null }, 'rates', '2027-01-01', 'eservice', 'service', 'consumer', ['VAT 19% (Germany)'], ['VAT 20% (Germany)']],
      [{ id: 276, country: 'DE', region: null }, 'rates', '2027-01-01', 'saas', 'service', 'consumer', ['VAT 19% (Germany)'], ['VAT 20% (Germany)']],
      [{ id: 276, country: 'DE', region: null }, 'rates', '2027-01-01', 'standard', 'good', 'consumer', ['VAT 19% (Germany)'], ['VAT 20% (Germany)']],
    ]);
  }, 120_000);

  it('prints the changes grouped by jurisdiction and field as text', async () => {
    const r = await cli('diff', 'rules', next);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^3 changed results in \d+ cases:\n\nDE \(276\)\n {2}rates:\n {4}2027-01-01 DE eservice\/service consumer: \["VAT 19% \(Germany\)"\] → \["VAT 20% \(Germany\)"\]/);
  }, 120_000);

  it('no change, no changes: exit 0 (a git ref as the base)', async () => {
    const r = await cli('diff', 'HEAD', 'rules', '--json', '--from', '2026-01-01');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).changes).toEqual([]);
    expect((await cli('diff', 'rules', 'rules', '--from', '2026-01-01')).out).toMatch(/^No changes in \d+ cases\.\n$/);
  }, 120_000);

  it('asks the fixtures too: a fixture query of 2027 shows the new rate, field by field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-fixtures-'));
    writeFileSync(
      join(dir, 'de.json'),
      JSON.stringify({
        accounts: { seller: { country: 'DE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] } },
        cases: [{ name: 'German sale in 2027', account: 'seller', query: { to_country: 'DE', tax_code: 'standard', product_type: 'good', amount: '100', date: '2027-03-01' } }],
      }),
    );
    const r = await cli('diff', 'rules', next, '--json', '--fixtures', dir);
    const { changes } = JSON.parse(r.out) as { changes: RuleChange[] };
    const fromFixture = changes.filter((c) => 'name' in c.case).map((c) => [(c.case as { name: string }).name, c.field, c.before, c.after]);
    expect(fromFixture).toEqual([
      ['de.json #0 German sale in 2027', 'rate', 19, 20],
      ['de.json #0 German sale in 2027', 'tax_amount', 19, 20],
      ['de.json #0 German sale in 2027', 'total_amount', 119, 120],
    ]);
    expect((await cli('diff', 'rules', 'rules', '--fixtures', 'no/such/dir')).code).toBe(2);
  }, 120_000);

  it('asks about US local jurisdictions by a ZIP code of theirs: a city’s new rate lists its ZIP codes only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-tx-'));
    cpSync('rules', dir, { recursive: true });
    const file = join(dir, 'us', 'local', 'TX.json');
    const tx = JSON.parse(readFileSync(file, 'utf8')) as { jurisdictions: { name: string; level: string; rates: Record<string, string>[] }[] };
    const austin = tx.jurisdictions.find((j) => j.name === 'Austin' && j.level === 'city')!;
    austin.rates.push({ ...austin.rates.at(-1)!, from: '2027-01-01', rate: '1.25' });
    writeFileSync(file, JSON.stringify(tx));
    const diff = diffRules(readRuleDirectory('rules'), readRuleDirectory(dir));
    expect(diff.changes.length).toBeGreaterThan(0);
    for (const c of diff.changes) {
      expect(c.jurisdiction).toMatchObject({ country: 'US', region: 'TX' });
      expect((c.case as DiffCase).date).toBe('2027-01-01');
      expect(['rates', 'notes']).toContain(c.field);
    }
    const rates = diff.changes.filter((c) => c.field === 'rates');
    expect(rates.length).toBeGreaterThan(0);
    for (const c of rates) expect(JSON.stringify(c.after)).toMatch(/1\.25% (of 80% )?\(Austin\)/);
  }, 120_000);

  it('usage errors exit 2', async () => {
    expect((await cli('diff', 'rules')).code).toBe(2);
    expect((await cli('diff', 'rules', 'no/such/dir')).code).toBe(2);
    const notRules = await cli('diff', 'rules', 'fixtures');
    expect(notRules.code).toBe(2);
    expect(notRules.err).toMatch(/holds no rule data/);
    expect((await cli('diff', 'not-a-ref-or-dir', 'rules')).code).toBe(2);
    expect((await cli('diff', 'rules', 'rules', '--from', 'June')).code).toBe(2);
  });
});

describe('diffRules', () => {
  it('takes its own cases: an answer that stays the same (a refusal included) is no change', () => {
    const base = readRuleDirectory('rules');
    const cases = [{ country: 'DE', region: null, postalCode: null, date: '1960-01-01', taxCode: 'saas' as const, productType: 'service' as const, customer: 'consumer' as const }];
    expect(diffRules(base, base, cases)).toEqual({ cases: 1, changes: [] });
    const diff = diffRules(base, readRuleDirectory(next), [{ ...cases[0]!, date: '2027-06-01' }]);
    expect(diff.changes.map((c) => c.field)).toEqual(['rates']);
    expect(formatRuleDiff({ cases: 5, changes: [] })).toBe('No changes in 5 cases.\n');
  }, 60_000);

  it('asks about special territories by a postal code of theirs and regions by their code', () => {
    const base = readRuleDirectory('rules');
    const corpus = diffCorpus(base, base, { from: '2026-01-01' });
    expect(corpus.some((c) => c.country === 'DE' && c.postalCode === '27498')).toBe(true);
    expect(corpus.some((c) => c.country === 'ES' && c.postalCode === '35000')).toBe(true);
    expect(corpus.some((c) => c.country === 'CA' && c.region === 'QC')).toBe(true);
  }, 60_000);
});

describe('samplePostalCode', () => {
  it('writes a postal code a simple pattern matches, or null', () => {
    for (const [pattern, sample] of [
      ['^27498$', '27498'],
      ['^3[58]\\d{3}$', '35000'],
      ['^BT\\d.*$', 'BT0'],
      ['^9[5-9]\\d{2}(\\d{3})?$', '9500000'],
      ['^(?:a|b)+$', 'a'],
      ['^[^0]\\d$', null],
    ] as const) {
      const got = samplePostalCode(pattern);
      expect(got, pattern).toBe(sample);
      if (got !== null) expect(new RegExp(pattern).test(got), pattern).toBe(true);
    }
  });
});
