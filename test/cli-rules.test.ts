/**
 * `--rules DIR` on quote, calculate, rates and changes: the command answers from a rules
 * folder the user holds (a copy of the repository's rules/ with a rate changed), the default
 * from the shipped rules; a folder that fails the rules build's checks exits non-zero naming
 * the problem.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/main.js';

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await run(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
  return { code, out, err };
}

/** A copy of the repository's rules with the German standard rate at `rate` % from `from`. */
function editedRules(rate: string, from: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'taxrules-cli-rules-')), 'rules');
  cpSync('rules', dir, { recursive: true });
  const file = join(dir, 'countries', 'DE.json');
  const de = JSON.parse(readFileSync(file, 'utf8')) as { jurisdictions: { taxes: { rates: Record<string, unknown[]> }[] }[] };
  de.jurisdictions[0]!.taxes[0]!.rates.standard!.push({ from, rate, source: 'Bundesgesetzblatt (announced change)', checked: '2026-12-04' });
  writeFileSync(file, JSON.stringify(de, null, 2));
  return dir;
}

const raised = editedRules('21', '2027-01-01');
const QUOTE = ['quote', '--to-country', 'DE', '--tax-code', 'standard', '--product-type', 'good', '--amount', '100', '--date', '2027-02-01'];

describe('--rules DIR', () => {
  it('quote answers from the folder, the default from the shipped rules', async () => {
    const edited = await cli(...QUOTE, '--rules', raised);
    expect(edited.code).toBe(0);
    expect(JSON.parse(edited.out)).toMatchObject({ rate: 21, tax_amount: 21, total_amount: 121 });
    const shipped = await cli(...QUOTE);
    expect(shipped.code).toBe(0);
    expect(JSON.parse(shipped.out)).toMatchObject({ rate: 19, tax_amount: 19 });
    // A path relative to the working directory, and before the day of the change.
    const relativeDir = relative(process.cwd(), raised);
    expect(JSON.parse((await cli(...QUOTE.slice(0, -1), '2026-12-31', '--rules', relativeDir)).out)).toMatchObject({ rate: 19 });
    // --explain reads the same rules.
    expect((await cli(...QUOTE, '--rules', raised, '--explain')).out).toContain('"rate": "21"');
  });

  it('calculate answers from the folder', async () => {
    const request = join(mkdtempSync(join(tmpdir(), 'taxrules-cli-rules-req-')), 'request.json');
    writeFileSync(
      request,
      // tax_date: 2027-02-01 12:00 UTC.
      JSON.stringify({ customer_address: { country: 'DE' }, currency: 'EUR', tax_date: 1_801_483_200, line_items: [{ reference: 'chair', amount: '100.00', tax_code: 'standard', product_type: 'good' }] }),
    );
    const edited = await cli('calculate', request, '--rules', raised);
    const shipped = await cli('calculate', request);
    expect([edited.code, shipped.code], edited.err + shipped.err).toEqual([0, 0]);
    expect(edited.out).not.toEqual(shipped.out);
    expect(JSON.parse(edited.out)).toMatchObject({ total_tax: '21.00', total: '121.00' });
    expect(JSON.parse(shipped.out)).toMatchObject({ total_tax: '19.00', total: '119.00' });
  });

  it('rates and rates --all answer from the folder', async () => {
    const edited = await cli('rates', 'DE', '--date', '2027-02-01', '--json', '--rules', raised);
    expect(edited.code).toBe(0);
    const standard = (JSON.parse(edited.out) as { taxes: { classes: { rateClass: string; rate: string }[] }[] }).taxes[0]!.classes.find((c) => c.rateClass === 'standard');
    expect(standard?.rate).toBe('21');
    const shipped = JSON.parse((await cli('rates', 'DE', '--date', '2027-02-01', '--json')).out) as { taxes: { classes: { rateClass: string; rate: string }[] }[] };
    expect(shipped.taxes[0]!.classes.find((c) => c.rateClass === 'standard')?.rate).toBe('19');
    const table = await cli('rates', '--all', '--csv', '--date', '2027-02-01', '--rules', raised);
    expect(table.code).toBe(0);
    const germanStandard = table.out.split('\n').filter((l) => l.startsWith('DE,') && l.includes(',standard,'));
    expect(germanStandard.length).toBeGreaterThan(0);
    expect(germanStandard.some((l) => l.includes(',21,'))).toBe(true);
  });

  it('a folder that fails the checks exits non-zero naming the file and the problem; no directory is a usage error', async () => {
    const broken = editedRules('21', '2027-02-30');
    for (const args of [QUOTE, ['rates', 'DE', '--date', '2027-02-01'], ['changes', '--from', '2026-01-01', '--until', '2027-06-30', '--country', 'DE']]) {
      const r = await cli(...args, '--rules', broken);
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      expect(r.err).toContain('422');
      expect(r.err).toContain('rules/countries/DE.json');
      expect(r.err).toContain('2027-02-30 is not a calendar date');
    }
    const missing = await cli(...QUOTE, '--rules', join(tmpdir(), 'no-such-rules'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('is not a directory');
  });

  it('changes lists the folder’s change', async () => {
    const r = await cli('changes', '--from', '2026-12-01', '--until', '2027-06-30', '--country', 'DE', '--json', '--rules', raised);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"2027-01-01"');
    expect((await cli('changes', '--from', '2026-12-01', '--until', '2027-06-30', '--country', 'DE', '--json')).out).not.toContain('"2027-01-01"');
  });
});
