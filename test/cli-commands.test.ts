/**
 * The CLI as tools people know behave (gh, stripe, jq): each command's own help, the account
 * in the form the README teaches, refusals in one line (`--json`, a global switch, for the
 * body), a jurisdictions list that is no 1 MB dump, and `--explain` in the answers' key style.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/main.js';
import { snakeCase, snakeCased } from '../src/cli/snake-case.js';
import { demoAccount } from '../src/cli/demo-account.js';
import { defaultRuleSet, explainTaxRate } from '../src/index.js';

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await run(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'taxrules-cli-commands-'));
function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

/** Each command, a flag its help must describe, and the example it must show. */
const HELP: [string, string[], string][] = [
  ['quote', ['--to-country CC', '--amount', '--explain', '--account FILE', '--rules DIR'], 'taxrules quote --to-country US'],
  ['calculate', ['--account FILE', '--rules DIR'], 'taxrules calculate request.json'],
  ['validate-tax-id', [], 'taxrules validate-tax-id DE'],
  ['jurisdictions', ['--country CC', '--region R|none', '--all'], 'taxrules jurisdictions --country CA'],
  ['jurisdiction', [], 'taxrules jurisdiction 276'],
  ['tax-codes', [], 'taxrules tax-codes'],
  ['tax-code', [], 'taxrules tax-code ebook'],
  ['diff', ['--exit-code', '--json', '--from YYYY-MM-DD', '--fixtures DIR'], 'taxrules diff main rules --exit-code'],
  ['changes', ['--from YYYY-MM-DD', '--until YYYY-MM-DD', '--country CC', '--region R|none', '--rules DIR', '--json'], 'taxrules changes --from 2025-06-30 --until 2026-06-30 --country US'],
  ['rates', ['--date YYYY-MM-DD', '--all', '--csv', '--rules DIR'], 'taxrules rates 10001 --date 2026-10-01'],
];

describe('help', () => {
  it('`COMMAND --help`, `COMMAND -h` and `help COMMAND` print the same help of its own: usage, flags, example', async () => {
    for (const [name, flags, example] of HELP) {
      const own = await cli(name, '--help');
      expect({ name, code: own.code, err: own.err }).toEqual({ name, code: 0, err: '' });
      expect(own.out.split('\n')[0]).toMatch(new RegExp(`^Usage: taxrules ${name}( |$)`));
      for (const flag of flags) expect(own.out, `${name} ${flag}`).toMatch(new RegExp(`^  ${flag.replace(/[|]/g, '\\|')}\\s`, 'm'));
      expect(own.out, name).toContain(example);
      expect(own.out).not.toContain('Commands:');
      expect((await cli(name, '-h')).out).toBe(own.out);
      expect((await cli('help', name)).out).toBe(own.out);
      expect((await cli('--help', name)).out).toBe(own.out);
    }
  });

  it('the global help lists the commands and the global flags, not the flags of quote', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('\nCommands:\n');
    for (const [name] of HELP) expect(r.out).toMatch(new RegExp(`^  taxrules ${name}( |$)`, 'm'));
    expect(r.out).toMatch(/^ {2}--json\s+A refusal as the whole JSON error body/m);
    expect(r.out).not.toContain('--to-postal-code');
    expect(r.out.split('\n').length).toBeLessThan(50);
  });

  it('help of a command that is none is a usage error naming the one meant', async () => {
    const r = await cli('help', 'quot');
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe('taxrules: unknown command quot; did you mean quote?');
    expect((await cli('help', 'quote', 'diff')).code).toBe(2);
  });

  it('--explain is described in the key style it prints, and --account shows the defineAccount form', async () => {
    const help = (await cli('quote', '--help')).out;
    expect(help).toContain('snake_case');
    expect(help).not.toContain('camelCase');
    expect(help).toContain('{ "country": "CA", "region": "BC" }');
    expect(help).toContain('{ "scheme": "oss" }');
    expect(help).toContain('"jurisdiction_id": 372');
    expect((await cli('calculate', '--help')).out).toContain('{ "country": "US", "region": "TX" }');
  });
});

describe('--account in either form, told apart by the registrations', () => {
  const QUERY = 'to_country=CA&to_postal_code=V6B1A1&tax_code=saas&amount=100&date=2026-06-01';

  it('takes both accounts the help shows, as they are shown', async () => {
    const help = (await cli('quote', '--help')).out;
    const shown = (from: string, to: string): unknown => JSON.parse(help.slice(help.indexOf(from) + from.length, help.indexOf(to)));
    const byPlace = shown('as defineAccount reads it:', 'or by jurisdiction id:');
    const byId = shown('or by jurisdiction id:', 'Without it:');
    expect(byPlace).toMatchObject({ registrations: expect.arrayContaining([{ scheme: 'oss' }, { country: 'CA', region: 'BC' }]) });
    for (const account of [byPlace, byId]) {
      const r = await cli('quote', 'to_country=IE&tax_code=saas&amount=100&date=2026-06-01', '--account', file('shown.json', account));
      expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
      // Irish VAT at the standard rate, 23 % (VAT Consolidation Act 2010, s. 46(1)(a)).
      expect(JSON.parse(r.out)).toMatchObject({ status: 'taxable', country: 'IE', rate: 23 });
    }
  });

  it('reads registrations by place, by jurisdiction id, and a mix of both', async () => {
    const byPlace = file('by-place.json', { country: 'IE', currency: 'EUR', registrations: [{ country: 'CA' }, { country: 'CA', region: 'BC' }] });
    // 124 is Canada (GST), 124059 British Columbia (PST): `taxrules jurisdictions --country CA`.
    const byId = file('by-id.json', { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 124 }, { jurisdiction_id: 124059 }] });
    const mixed = file('mixed.json', { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 124 }, { country: 'CA', region: 'BC' }] });
    for (const account of [byPlace, byId, mixed]) {
      const r = await cli('quote', QUERY, '--account', account);
      expect({ account, code: r.code, err: r.err }).toEqual({ account, code: 0, err: '' });
      // GST 5 % (Excise Tax Act) and BC PST 7 % (Provincial Sales Tax Act) on software as a service.
      expect(JSON.parse(r.out)).toMatchObject({ rate: 5, additional_rate: 7, status: 'taxable' });
    }
  });

  it('refuses a registration of neither form in one line naming it, as defineAccount does', async () => {
    const cases: [unknown[], RegExp][] = [
      [[{ region: 'BC' }], /^taxrules: 400 invalid_request: account\.registrations\.0 needs one of country \(with region\), scheme or jurisdiction_id$/],
      [[{ jurisdiction_id: 124, country: 'CA' }], /^taxrules: 400 invalid_request: account\.registrations\.0 names country and jurisdiction_id: give one of them$/],
      [[{ scheme: 'os' }], /^taxrules: 40\d \w+: account\.registrations\.0\.scheme must be one of oss, got "os"/],
      [[{ country: 'CA', region: 'BX' }], /^taxrules: 406 invalid_value: account\.registrations\.0\.region "BX" is not a region of CA/],
    ];
    for (const [registrations, line] of cases) {
      const r = await cli('quote', QUERY, '--account', file('refused.json', { country: 'IE', currency: 'EUR', registrations }));
      expect(r.code, JSON.stringify(registrations)).toBe(1);
      expect(r.out).toBe('');
      expect(r.err.split('\n'), JSON.stringify(registrations)).toEqual([expect.stringMatching(line), '']);
    }
  });
});

describe('refusals: one line on stderr, the whole body with --json wherever it is given', () => {
  it('one line with the first issue and the count of the others; exit 1', async () => {
    const r = await cli('quote', 'tax_code=ebok&amount=x');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const lines = r.err.split('\n');
    expect(lines.at(-2)).toMatch(/^taxrules: 400 invalid_request: \S.* \(and 2 more issues; --json shows them all\)$/);
    expect(lines.at(-1)).toBe('');
  });

  it('--json before the command, after it, or between flags: the same JSON error body, exit 1', async () => {
    const bodies = [];
    for (const args of [['--json', 'quote', 'tax_code=bookz'], ['quote', '--json', 'tax_code=bookz'], ['quote', 'tax_code=bookz', '--json']]) {
      const r = await cli(...args);
      expect(r.code).toBe(1);
      bodies.push(JSON.parse(r.err.slice(r.err.indexOf('{'))));
    }
    expect(bodies[0]).toMatchObject({ error: { code: 'invalid_request', status: 400 } });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    // After --, it is an argument like any other: here a query string, refused as one.
    const literal = await cli('quote', '--', '--json');
    expect(literal.code).toBe(1);
    expect(literal.err).toMatch(/taxrules: 400 invalid_request: --json: unknown parameter/);
  });

  it('a usage error stays text with --json, exit 2', async () => {
    const r = await cli('--json', 'quot');
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe('taxrules: unknown command quot; did you mean quote?');
  });
});

describe('jurisdictions', () => {
  it('takes a country or region code in any case, and an alias (UK, EL)', async () => {
    expect(JSON.parse((await cli('jurisdictions', '--country', 'ca', '--region', 'qc')).out)).toEqual([{ id: 124024, name: 'Quebec', country: 'CA', region: 'QC' }]);
    expect(JSON.parse((await cli('jurisdictions', '--country', 'uk')).out)).toEqual([{ id: 826, name: 'United Kingdom', country: 'GB', region: null }]);
    expect(JSON.parse((await cli('jurisdictions', '--country', 'EL', '--region', 'none')).out)).toEqual([{ id: 300, name: 'Greece', country: 'GR', region: null }]);
  });

  it('a country the rules have nothing for: [] with a note on stderr; without a filter a summary that says how to list all', async () => {
    const none = await cli('jurisdictions', '--country', 'AQ');
    expect(none).toEqual({ code: 0, out: '[]\n', err: 'taxrules: the rules have no jurisdiction in AQ\n' });
    const summary = await cli('jurisdictions');
    expect(summary.code).toBe(0);
    expect(summary.err).toContain('--all');
    const counts = JSON.parse(summary.out) as { countries: number; jurisdictions: number; by_country: Record<string, number> };
    expect(Object.values(counts.by_country).reduce((a, b) => a + b, 0)).toBe(counts.jurisdictions);
    expect(Object.keys(counts.by_country)).toHaveLength(counts.countries);
  });
});

describe('--explain in snake_case, as the rest of the answers', () => {
  it('snakeCase renames a camelCase field and leaves a snake_case one', () => {
    expect(['taxablePart', 'customerJurisdiction', 'consignmentLimit', 'rate', 'additional_rate'].map(snakeCase)).toEqual(['taxable_part', 'customer_jurisdiction', 'consignment_limit', 'rate', 'additional_rate']);
  });

  it("prints explainTaxRate's result with every key in snake_case, at every depth, and the same values", async () => {
    const query = 'to_country=US&to_postal_code=78701&tax_code=standard&product_type=good&amount=100&date=2026-06-01';
    const r = await cli('quote', query, '--explain');
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out) as Record<string, unknown>;
    const keys: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (typeof v === 'object' && v !== null) for (const [k, w] of Object.entries(v)) keys.push(k), walk(w);
    };
    walk(printed);
    expect(keys.filter((k) => /[A-Z]/.test(k))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining(['taxable_part', 'rate_class', 'customer_jurisdiction', 'tax_code', 'product_type']));
    expect(printed).toEqual(JSON.parse(JSON.stringify(snakeCased(explainTaxRate(query, demoAccount(defaultRuleSet))))));
    // Texas 6.25 % (Tax Code § 151.051), Austin 1 %, Capital Metro 1 %.
    expect(printed).toMatchObject({ status: 'taxable', amounts: { tax: '8.25' }, lines: [{ taxable_part: '100', rate: '6.25' }, { rate: '1' }, { rate: '1' }] });
  });
});
