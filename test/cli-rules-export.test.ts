/**
 * The rules as files a user holds: `taxrules rules export DIR` (and `exportRules` of
 * taxrules/node) writes the very files the shipped rules were built from; an edited copy is
 * read back by `--rules` on every command that answers from the rules, and `taxrules diff DIR`
 * compares it with the installed rules. `taxrules rules info` names the rules that answer.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/main.js';
import { calculateTaxRate, createRuleSet, defineAccount, rulesInfo, TaxRulesError } from '../src/index.js';
import { exportRules, loadRules } from '../src/node.js';

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await run(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
  return { code, out, err };
}

const fresh = (): string => join(mkdtempSync(join(tmpdir(), 'taxrules-export-')), 'rules');

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}

/** The schema a rule file names, by its file name (`country.schema.json`). */
const schemaOf = (file: string): string => String((JSON.parse(readFileSync(file, 'utf8')) as { $schema?: unknown }).$schema ?? '').split('/').pop() ?? '';

const exported = fresh();
const exportRun = cli('rules', 'export', exported);

describe('taxrules rules export', () => {
  it('writes the files the shipped rules were built from, byte for byte, with their schemas', async () => {
    const { code, out } = await exportRun;
    expect(code).toBe(0);
    const files = filesUnder(exported).map((f) => relative(exported, f));
    const ruleFiles = files.filter((f) => !f.startsWith('schema/'));
    expect(out).toContain(`wrote ${ruleFiles.length} rule files into ${exported}`);
    for (const f of files) expect(readFileSync(join(exported, f), 'utf8'), f).toBe(readFileSync(join('rules', f), 'utf8'));
    // Every file of the repository whose schema is one of the exported kinds is there.
    const kinds = new Set(ruleFiles.map((f) => schemaOf(join(exported, f))));
    expect(kinds).toEqual(new Set(['world.schema.json', 'currencies.schema.json', 'tax-codes.schema.json', 'regime.schema.json', 'country.schema.json', 'territories.schema.json', 'zip-states.schema.json', 'us-local.schema.json']));
    const repository = filesUnder('rules').filter((f) => f.endsWith('.json') && !f.startsWith('rules/schema/') && kinds.has(schemaOf(f)));
    expect(ruleFiles.sort()).toEqual(repository.map((f) => relative('rules', f)).sort());
    expect(readdirSync(join(exported, 'schema')).sort()).toEqual(readdirSync('rules/schema').sort());
  });

  it('reads back as the same rules: the digest and version of the shipped ones', async () => {
    await exportRun;
    const info = loadRules(exported).info;
    expect(info.digest).toBe(rulesInfo().digest);
    expect(info.version).toBe(rulesInfo().version);
  });

  it('refuses a directory that is not empty, writing nothing; names what it needs', async () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'mine.txt'), 'keep');
    const refused = await cli('rules', 'export', dir);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('is not empty');
    expect(readdirSync(dir)).toEqual(['mine.txt']);
    expect((await cli('rules', 'export')).code).toBe(2);
    const wrong = await cli('rules', 'import', dir);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('rules takes info, export DIR or pack FILE');
  });

  it('exportRules of taxrules/node writes the same folder, and refuses a used one with a 400', () => {
    const dir = fresh();
    expect(exportRules(dir)).toEqual({ files: filesUnder(exported).filter((f) => !relative(exported, f).startsWith('schema/')).length, schemas: true });
    expect(readFileSync(join(dir, 'countries', 'DE.json'), 'utf8')).toBe(readFileSync('rules/countries/DE.json', 'utf8'));
    let thrown: unknown;
    try {
      exportRules(dir);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TaxRulesError);
    expect(thrown).toMatchObject({ status: 400 });
    expect(String((thrown as Error).message)).toContain('is not empty');
  });
});

describe('taxrules rules info', () => {
  it('names the rules version and digest; --json is rulesInfo()', async () => {
    const text = await cli('rules', 'info');
    expect(text.code).toBe(0);
    expect(text.out).toContain(`rules ${rulesInfo().version} (digest ${rulesInfo().digest})`);
    const asJson = await cli('rules', 'info', '--json');
    expect(JSON.parse(asJson.out)).toEqual(JSON.parse(JSON.stringify(rulesInfo())));
  });
});

describe('an edited export', () => {
  /** A fresh export edited by `edit` (file path in the folder → new text from the old). */
  async function editedExport(edits: Record<string, (text: string) => string>): Promise<string> {
    await exportRun;
    const dir = fresh();
    expect((await cli('rules', 'export', dir)).code).toBe(0);
    for (const [file, edit] of Object.entries(edits)) {
      const path = join(dir, file);
      const text = readFileSync(path, 'utf8');
      const changed = edit(text);
      expect(changed, file).not.toBe(text);
      writeFileSync(path, changed);
    }
    return dir;
  }
  const last = '{ "from": "2021-01-01", "rate": "19", "source": "UStG § 12 Abs. 1 (end of the temporary cut, BGBl. I 2020 S. 1512)", "checked": "2026-11-23" }';
  // The German standard rate at 21 % from 2027 (one line added, as a rate change is).
  const raised = editedExport({ 'countries/DE.json': (t) => t.replace(last, `${last},\n              { "from": "2027-01-01", "rate": "21", "source": "Bundesgesetzblatt (announced change)", "checked": "2026-12-05" }`) });
  // Germany named Deutschland, the e-book code renamed.
  const renamed = editedExport({
    'countries/DE.json': (t) => t.replace(/"name": "Germany"/g, '"name": "Deutschland"'),
    'tax-codes.json': (t) => t.replace('"name": "E-book"', '"name": "Electronic book"'),
  });

  it('taxrules diff DIR compares it with the installed rules: the German change, nothing else', async () => {
    const dir = await raised;
    const diff = await cli('diff', dir, '--from', '2027-01-01', '--json', '--exit-code');
    expect(diff.code).toBe(1);
    const { changes } = JSON.parse(diff.out) as { changes: { jurisdiction: { country: string }; field: string; case: { date?: string } }[] };
    expect(changes.length).toBeGreaterThan(0);
    expect(new Set(changes.map((c) => `${c.jurisdiction.country} ${c.field} ${c.case.date}`))).toEqual(new Set(['DE rates 2027-01-01']));
    // The unedited export against `installed`, named: nothing changes.
    const same = await cli('diff', 'installed', exported, '--from', '2027-01-01', '--exit-code');
    expect(same.code).toBe(0);
    // A quote with --rules of the edited copy takes the new rate.
    const quote = await cli('quote', '--to-country', 'DE', '--tax-code', 'standard', '--product-type', 'good', '--amount', '100', '--date', '2027-02-01', '--rules', dir);
    expect(JSON.parse(quote.out)).toMatchObject({ rate: 21, tax_amount: 21 });
  }, 60_000);

  it('--rules DIR answers the listing commands from it', async () => {
    const dir = await renamed;
    expect(JSON.parse((await cli('jurisdiction', '276', '--rules', dir)).out)).toMatchObject({ id: 276, name: 'Deutschland' });
    expect(JSON.parse((await cli('jurisdiction', '276')).out)).toMatchObject({ id: 276, name: 'Germany' });
    const listed = JSON.parse((await cli('jurisdictions', '--country', 'de', '--rules', dir)).out) as { name: string }[];
    expect(listed.map((j) => j.name)).toContain('Deutschland');
    const codes = JSON.parse((await cli('tax-codes', '--rules', dir)).out) as { id: string; name: string }[];
    expect(codes.find((c) => c.id === 'ebook')?.name).toBe('Electronic book');
    expect(JSON.parse((await cli('tax-code', 'ebook', '--rules', dir)).out)).toMatchObject({ id: 'ebook', name: 'Electronic book' });
    expect(JSON.parse((await cli('tax-codes')).out).find((c: { id: string }) => c.id === 'ebook')?.name).toBe('E-book');
    expect(existsSync(join(dir, 'schema', 'country.schema.json'))).toBe(true);
  });
});

describe('taxrules rules pack', () => {
  it('writes the rules, or the part some countries need, as one file createRuleSet takes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-pack-'));
    const whole = await cli('rules', 'pack', join(dir, 'all.json'));
    expect(whole.code).toBe(0);
    const part = await cli('rules', 'pack', join(dir, 'eu-us.json'), '--regimes', 'EU', '--countries', 'US', '--json');
    expect(part.code).toBe(0);
    const written = JSON.parse(part.out) as { bytes: number; countries: string[] };
    expect(written.countries).toContain('DE');
    expect(written.countries).toContain('US');
    expect(written.countries).not.toContain('JP');
    const sizes = ['all.json', 'eu-us.json'].map((f) => readFileSync(join(dir, f), 'utf8').length);
    expect(sizes[1]).toBe(written.bytes);
    expect(sizes[1]).toBeLessThan(sizes[0] as number);
    // Read back as a rule set: the same answers as the shipped rules within it.
    const rules = createRuleSet(JSON.parse(readFileSync(join(dir, 'eu-us.json'), 'utf8')));
    const spec = { country: 'DE', currency: 'EUR', registrations: [{ country: 'DE' }, { country: 'US', region: 'TX' }] } as const;
    for (const q of ['to_country=DE&tax_code=standard&product_type=good&amount=100&date=2026-06-01', 'to_country=US&to_postal_code=78701&tax_code=standard&product_type=good&amount=100&date=2026-06-01']) {
      expect(calculateTaxRate(q, defineAccount(spec, rules), { rules }), q).toEqual(calculateTaxRate(q, defineAccount(spec)));
    }
  });

  it('refuses a code the rules do not hold, a flag of another subcommand and no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-pack-'));
    const unknown = await cli('rules', 'pack', join(dir, 'x.json'), '--countries', 'US,XX');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('XX');
    expect(existsSync(join(dir, 'x.json'))).toBe(false);
    expect((await cli('rules', 'export', join(dir, 'e'), '--countries', 'US')).code).toBe(2);
    expect((await cli('rules', 'pack')).code).toBe(2);
    expect((await cli('rules', 'pack', join(dir, 'y.json'), '--regimes', '')).code).toBe(2);
  });
});
