import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRuleData } from '../src/core/rule-checks.js';
import type { RuleData, TaxReason } from '../src/core/rule-data.js';
import { defaultRuleSet } from '../src/default-rules.js';

const defaultRuleData = defaultRuleSet.data;
import { loadRuleFiles } from '../scripts/rule-files.js';

function mutated(change: (d: RuleData) => void): RuleData {
  const copy = structuredClone(defaultRuleData);
  change(copy);
  return copy;
}

function de(d: RuleData) {
  const c = d.countries.find((x) => x.country === 'DE');
  if (!c) throw new Error('DE missing');
  return c;
}

describe('rules build', () => {
  it('accepts the rules as they are', () => {
    expect(checkRuleData(defaultRuleData)).toEqual([]);
  });

  it('rejects two periods that start on the same day (overlap)', () => {
    const problems = checkRuleData(
      mutated((d) => {
        const std = de(d).jurisdictions[0]!.taxes[0]!.rates.standard!;
        std.push({ ...std.at(-1)! });
      }),
    );
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/two periods start on .* \(overlap\)/));
  });

  it('rejects periods out of order', () => {
    const problems = checkRuleData(mutated((d) => de(d).jurisdictions[0]!.taxes[0]!.rates.standard!.reverse()));
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/out of order/));
  });

  it('rejects a class that starts after a tax code needs it (gap)', () => {
    const problems = checkRuleData(
      mutated((d) => {
        const reduced = de(d).jurisdictions[0]!.taxes[0]!.rates.reduced!;
        reduced.splice(0, 1);
      }),
    );
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/class reduced starts .* gap/));
  });

  it('rejects a tax code mapped to a class without rates', () => {
    const problems = checkRuleData(
      mutated((d) => {
        const t = de(d).jurisdictions[0]!.taxes[0]!;
        t.taxability = { ...t.taxability, saas: [{ from: '2015-01-01', treatment: 'taxable', class: 'super_reduced', source: 'test source', checked: '2026-11-23' }] };
      }),
    );
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/class super_reduced .* no rates/));
  });

  it('rejects unknown jurisdiction ids and duplicate ids', () => {
    const unknown = checkRuleData(mutated((d) => (de(d).jurisdictions[0]!.taxes[0]!.registration = 424242)));
    expect(unknown.map((p) => p.message)).toContainEqual(expect.stringMatching(/unknown jurisdiction 424242/));
    const duplicate = checkRuleData(mutated((d) => (de(d).jurisdictions[0]!.id = 840)));
    expect(duplicate.map((p) => p.message)).toContainEqual(expect.stringMatching(/jurisdiction id 840 used by/));
  });

  it('rejects a country with tax rules that is also listed as having no consumption tax', () => {
    const problems = checkRuleData(
      mutated((d) => {
        const entry = d.world.countries.find((c) => c.code === 'DE')!;
        entry.no_consumption_tax = { source: 'test source', checked: '2026-11-23' };
      }),
    );
    expect(problems.map((p) => `${p.file}: ${p.message}`)).toContainEqual(expect.stringMatching(/countries\/DE\.json: DE has tax rules here and no_consumption_tax/));
  });

  it('rejects unanchored postal-code patterns', () => {
    const problems = checkRuleData(mutated((d) => (de(d).postal_code = { pattern: '\\d{5}' })));
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/not anchored/));
  });

  it('rejects a rate above 100 % and a source checked on a day still to come', () => {
    const high = checkRuleData(mutated((d) => (de(d).jurisdictions[0]!.taxes[0]!.rates.standard![1]!.rate = '150')));
    expect(high.map((p) => p.message)).toContain('rate 150 % is above 100 %');
    const future = checkRuleData(mutated((d) => (de(d).jurisdictions[0]!.taxes[0]!.rates.standard![1]!.checked = '2099-01-01')));
    expect(future.map((p) => p.message)).toContain('checked 2099-01-01 is a day still to come: a source is checked on a day that has been');
    const local = checkRuleData(mutated((d) => (d.usLocal![0]!.jurisdictions[0]!.rates[0]!.rate = '100.5')));
    expect(local.map((p) => p.message)).toContain('rate 100.5 % is above 100 %');
    // 100 % itself and today's check are accepted.
    const today = new Date().toISOString().slice(0, 10);
    expect(checkRuleData(mutated((d) => (de(d).jurisdictions[0]!.taxes[0]!.rates.standard![1]!.checked = today)))).toEqual([]);
  });

  it('rejects dates that are not calendar dates', () => {
    const problems = checkRuleData(mutated((d) => (de(d).jurisdictions[0]!.taxes[0]!.rates.standard![1]!.from = '2020-02-30')));
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/2020-02-30 is not a calendar date/));
  });

  it('rejects a place-of-supply table with a hole', () => {
    const problems = checkRuleData(
      mutated((d) => {
        const eu = d.regimes.find((r) => r.regime === 'EU')!;
        eu.supply_rules = eu.supply_rules.filter((r) => !(r.seller === 'foreign' && r.customer === 'consumer'));
      }),
    );
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/no rule for a foreign seller, consumer customer/));
  });

  it('rejects a rate period without a source (schema)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    cpSync('rules', dir, { recursive: true });
    const file = join(dir, 'countries', 'DE.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    delete json.jurisdictions[0].taxes[0].rates.standard[0].source;
    writeFileSync(file, JSON.stringify(json));
    const { problems } = loadRuleFiles(dir);
    expect(problems).toContainEqual(expect.objectContaining({ file, message: expect.stringMatching(/must have required property 'source'/) }));
  });

  it('fails the build on a file that is not in the canonical layout, naming it and how to fix it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    cpSync('rules', dir, { recursive: true });
    const build = () => spawnSync(join('node_modules', '.bin', 'tsx'), ['scripts/build-rules.ts', '--check', '--rules', dir], { encoding: 'utf8' });
    expect(build().status).toBe(0);
    // Same data, the layout a plain JSON.stringify gives (each period spread over lines).
    const file = join(dir, 'countries', 'DE.json');
    writeFileSync(file, `${JSON.stringify(JSON.parse(readFileSync(file, 'utf8')), null, 2)}\n`);
    const failed = build();
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`${file}: not in the canonical layout: run \`npm run rules:format\``);
    expect(failed.stderr).toMatch(/1 file\(s\) not in the canonical layout: run `npm run rules:format`/);
  });

  it('rejects a supply-rule reason that is not a TaxReason (schema)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    cpSync('rules', dir, { recursive: true });
    const file = join(dir, 'regimes', 'EU.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const i = json.supply_rules.findIndex((r: { reason?: string }) => r.reason === 'eu_reverse_charge');
    json.supply_rules[i].reason = 'eu_reverse_chrage';
    writeFileSync(file, JSON.stringify(json));
    const { problems } = loadRuleFiles(dir);
    expect(problems).toContainEqual(expect.objectContaining({ file, path: `/supply_rules/${i}/reason`, message: expect.stringMatching(/must be equal to one of the allowed values \(.*import_vat_at_border/) }));
  });

  it('declares the TaxReason type from the schema enum (npm run rules:types)', () => {
    const common = JSON.parse(readFileSync('rules/schema/common.schema.json', 'utf8'));
    const reasons: string[] = common.definitions.taxReason.enum;
    expect(reasons).toContain('import_vat_at_border');
    const generated = readFileSync('src/generated/rule-files.ts', 'utf8');
    const declared = /export type TaxReason =([^;]*);/.exec(generated)?.[1];
    expect(declared?.split('|').map((r) => r.trim().replace(/'/g, '')).filter(Boolean)).toEqual(reasons);
    const reason: TaxReason = 'import_vat_at_border';
    expect(reasons).toContain(reason);
  });

  it('rejects a note that does not end its sentence, naming the file and path', () => {
    const problems = checkRuleData(
      mutated((d) => {
        de(d).jurisdictions[0]!.taxes[0]!.rates.standard![1]!.note = 'Temporary cut 2020-07-01 to 2020-12-31';
        const eu = d.regimes.find((r) => r.regime === 'EU')!;
        eu.notes = ['Member states share these rules (see the member files)'];
        d.territories.find((t) => t.country === 'EA')!.territories[0]!.treatment[0]!.note = 'Outside the EU VAT territory (the IPSI is not modelled).';
      }),
    );
    const notes = problems.filter((p) => /note does not end its sentence/.test(p.message));
    expect(notes).toEqual([
      expect.objectContaining({ file: 'rules/regimes/EU.json', path: '/notes/0' }),
      expect.objectContaining({ file: 'rules/countries/DE.json', path: '/jurisdictions/0/taxes/0/rates/standard/1/note', message: expect.stringContaining('2020-12-31"') }),
    ]);
  });

  it('accepts a note whose full stop is followed by a closing parenthesis or quote', () => {
    const problems = checkRuleData(
      mutated((d) => {
        de(d).jurisdictions[0]!.taxes[0]!.rates.standard![1]!.note = 'Temporary cut (2020-07-01 to 2020-12-31.)';
        de(d).notes = ['The law says "temporary."', 'Is it?'];
      }),
    );
    expect(problems).toEqual([]);
  });
});

describe('the packed rule texts in the entries', () => {
  it('are one-byte strings once loaded (characters above U+00FF as JSON escapes), and read back as the rule files', async () => {
    const { defaultRulePack: world } = await import('../src/generated/ruledata.js');
    const { defaultRulePack: eu } = await import('../src/generated/ruledata-eu.js');
    for (const pack of [world, eu]) {
      const all = [pack.shared, pack.jurisdictions, ...Object.values(pack.regimes), ...Object.values(pack.countries), ...Object.values(pack.territories), ...Object.values(pack.usLocal ?? {})];
      for (const text of all) expect(/[^\u0000-\u00ff]/.test(text)).toBe(false);
    }
    // The escapes are read as the characters: an em dash of the US sources, a Cyrillic local name.
    const tx = defaultRuleData.usLocal?.find((l) => l.state === 'TX');
    expect(Object.values(tx?.sources ?? {}).join(' ')).toContain('Sales-tax data by TaxLocus \u2014 https://taxlocus.com');
    expect(JSON.stringify(defaultRuleData.countries)).toMatch(/[\u0400-\u04ff]/);
    expect(Object.values(world.usLocal ?? {}).some((t) => t.includes('\\u2014'))).toBe(true);
  });
});
