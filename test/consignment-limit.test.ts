/**
 * The import scheme's consignment limit as data: VAT Directive art. 369l (inserted by
 * Council Directive (EU) 2017/2455) limits the IOSS to consignments of an intrinsic value
 * not exceeding EUR 150.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleFiles } from '../scripts/rule-files.js';
import { checkRuleData } from '../src/core/rule-checks.js';
import type { RuleData } from '../src/core/rule-data.js';
import { createRuleSet } from '../src/core/ruleset.js';
import { defaultRuleSet } from '../src/default-rules.js';

function mutated(change: (d: RuleData) => void): RuleData {
  const copy = structuredClone(defaultRuleSet.data);
  change(copy);
  return copy;
}

function euCovers(d: RuleData) {
  return d.regimes.find((r) => r.regime === 'EU')!.schemes![0]!.covers;
}

describe('consignment limit of a scheme cover', () => {
  it('limits the EU import scheme (IOSS) to EUR 150, and no other cover', () => {
    const covers = defaultRuleSet.regimes.get('EU')!.schemes[0]!.covers;
    const ioss = covers.filter((c) => c.importScheme);
    expect(ioss).toHaveLength(1);
    expect(ioss[0]!.consignmentLimit).toEqual({ amount: '150', currency: 'EUR' });
    expect(covers.filter((c) => !c.importScheme).map((c) => c.consignmentLimit)).toEqual([null, null, null, null]);
  });

  it('is compiled from rule data a user builds', () => {
    const rules = createRuleSet(
      mutated((d) => {
        const cover = euCovers(d).find((c) => c.import_scheme)!;
        cover.consignment_limit = { amount: '135.50', currency: 'GBP' };
      }),
    );
    expect(rules.regimes.get('EU')!.schemes[0]!.covers.find((c) => c.importScheme)!.consignmentLimit).toEqual({ amount: '135.50', currency: 'GBP' });
  });

  it('is checked: a known currency, on a cover of goods', () => {
    const problems = checkRuleData(
      mutated((d) => {
        const covers = euCovers(d);
        const ioss = covers.findIndex((c) => c.import_scheme);
        covers[ioss]!.consignment_limit = { amount: '150', currency: 'EUX' };
        covers[0]!.consignment_limit = { amount: '150', currency: 'EUR' };
      }),
    );
    const ioss = euCovers(defaultRuleSet.data).findIndex((c) => c.import_scheme);
    expect(problems).toEqual([
      { file: 'rules/regimes/EU.json', path: '/schemes/0/covers/0/consignment_limit', message: 'a consignment limit needs a cover of goods' },
      { file: 'rules/regimes/EU.json', path: `/schemes/0/covers/${ioss}/consignment_limit/currency`, message: 'unknown currency EUX' },
    ]);
  });

  it('has a decimal-string amount and an uppercase currency code (schema)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    cpSync('rules', dir, { recursive: true });
    const file = join(dir, 'regimes', 'EU.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const i = json.schemes[0].covers.findIndex((c: { import_scheme?: boolean }) => c.import_scheme);
    json.schemes[0].covers[i].consignment_limit = { amount: 150, currency: 'eur' };
    writeFileSync(file, JSON.stringify(json));
    const { problems } = loadRuleFiles(dir);
    const at = `/schemes/0/covers/${i}/consignment_limit`;
    expect(problems).toContainEqual(expect.objectContaining({ file, path: `${at}/amount`, message: 'must be string' }));
    expect(problems).toContainEqual(expect.objectContaining({ file, path: `${at}/currency`, message: expect.stringMatching(/must match pattern/) }));
  });
});
