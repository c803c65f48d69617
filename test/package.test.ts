import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Options } from 'tsup';
import { beforeAll, describe, expect, it } from 'vitest';
import tsupConfig from '../tsup.config.js';

// The package's main build (every entry but the EU one), as tsup writes it into dist/, without
// the declaration files: one engine in shared chunks, readable output.
let out: string;
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'taxrules-package-'));
  const main = (tsupConfig as Options[]).find((o) => typeof o.entry === 'object' && o.entry !== null && 'index' in o.entry && 'http' in o.entry);
  if (!main) throw new Error('tsup.config.ts has no build of the index and http entries');
  await build({ ...main, outDir: out, config: false, silent: true, dts: false, clean: false });
});

const scripts = (ext: string): string[] => readdirSync(out).filter((f) => f.endsWith(ext));
const text = (f: string): string => readFileSync(join(out, f), 'utf8');

describe('the built package', () => {
  it('has one engine per module format: the rule set and the rule data are made in one shared chunk', () => {
    for (const ext of ['.js', '.cjs']) {
      const files = scripts(ext);
      for (const entry of ['index', 'http', 'testing', 'schemas']) expect(files).toContain(`${entry}${ext}`);
      const defining = (pattern: RegExp) => files.filter((f) => pattern.test(text(f)));
      const engine = defining(/function createRuleSet\(/);
      expect(engine, ext).toHaveLength(1);
      expect(engine[0]).toMatch(/^chunk-/);
      // The default rule data is in the package once (per format), in that chunk.
      expect(defining(/compressedPack\(\{/), ext).toEqual(engine);
      // The entries themselves are thin: they import the engine.
      for (const entry of ['index', 'http', 'testing', 'node']) expect(text(`${entry}${ext}`).length, entry).toBeLessThan(64 * 1024);
    }
    // The CLI (ES module) runs on the same chunks.
    expect(text('cli.js').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(text('cli.js')).not.toMatch(/function createRuleSet\(/);
  });

  it('is ASCII throughout: each file is read, and its source kept, one byte a character', () => {
    for (const f of [...scripts('.js'), ...scripts('.cjs')]) expect(/[^\x00-\x7f]/.test(text(f)), f).toBe(false);
  });

  it('taxrules/node reads a rules folder into a rule set the main entry answers from (one engine)', async () => {
    const main = (await import(pathToFileURL(join(out, 'index.js')).href)) as typeof import('../src/index.js');
    const node = (await import(pathToFileURL(join(out, 'node.js')).href)) as typeof import('../src/node.js');
    const rules = node.loadRules(join(process.cwd(), 'rules'));
    expect(rules).not.toBe(main.defaultRuleSet);
    expect(rules.info.version).toBe(main.defaultRuleSet.info.version);
    const account = main.defineAccount({ country: 'DE', currency: 'EUR', registrations: [{ country: 'DE' }] }, rules);
    expect(main.calculateTaxRate('to_country=DE&tax_code=standard&product_type=good&amount=100&date=2026-06-01', account, { rules })).toMatchObject({ rate: 19, tax_amount: 19 });
    expect(() => node.loadRules(join(out, 'no-such-rules'))).toThrow(main.TaxRulesError);
  });

  it('loads one engine for `taxrules` and `taxrules/http` together: one rule set, one decision cache', async () => {
    const main = (await import(pathToFileURL(join(out, 'index.js')).href)) as typeof import('../src/index.js');
    const http = (await import(pathToFileURL(join(out, 'http.js')).href)) as typeof import('../src/http.js');
    const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };
    const handler = http.createHandler({ account });
    const before = main.defaultRuleSet.countries.get('DE');
    const res = await handler(new Request('http://x/tax_rates/calculate?to_country=FR&tax_code=ebook&amount=100&date=2026-06-01'));
    expect(res.status).toBe(200);
    // The handler compiled France into the rule set the main entry exports: the same object.
    expect(before).toBe(main.defaultRuleSet.countries.get('DE'));
    const france = (main.defaultRuleSet as unknown as { countries: { peek(k: string): unknown } }).countries.peek('FR');
    expect(france).toBeDefined();
  });

  it('runs taxrules/testing without fast-check installed: diffRules and rateChanges; only taxrules/testing/fast-check needs it', async () => {
    // The build sits in a temporary directory, with no node_modules above it: fast-check cannot be found there.
    const probe = spawnSync(process.execPath, ['--input-type=module', '-e', "import('fast-check').then(() => console.log('found'), () => console.log('missing'))"], { cwd: out, encoding: 'utf8' });
    expect(probe.stdout.trim()).toBe('missing');
    const esm = [
      `import { diffRules, rateChanges, formatRateChanges, registeredEverywhere } from ${JSON.stringify(pathToFileURL(join(out, 'testing.js')).href)};`,
      `import { defaultRuleSet } from ${JSON.stringify(pathToFileURL(join(out, 'index.js')).href)};`,
      'const data = defaultRuleSet.data;',
      "const changes = rateChanges(data, { from: '2024-01-01', until: '2026-12-31', country: 'DE' });",
      "const diff = diffRules(data, data, [{ country: 'DE', region: null, postalCode: null, date: '2026-06-01', taxCode: 'ebook', productType: 'service', customer: 'consumer' }]);",
      'console.log(JSON.stringify({ changes: changes.length, text: formatRateChanges(changes, \'2024-01-01\', \'2026-12-31\').length > 0, diff: diff.changes.length, cases: diff.cases, account: registeredEverywhere().country }));',
    ].join('\n');
    writeFileSync(join(out, 'no-fast-check.mjs'), esm);
    const ran = spawnSync(process.execPath, [join(out, 'no-fast-check.mjs')], { cwd: out, encoding: 'utf8' });
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual({ changes: expect.any(Number), text: true, diff: 0, cases: 1, account: 'IE' });
    const cjs = spawnSync(process.execPath, ['-e', `const t = require(${JSON.stringify(join(out, 'testing.cjs'))}); console.log(typeof t.diffRules, typeof t.rateChanges, 'taxArbitraries' in t)`], { cwd: out, encoding: 'utf8' });
    expect(cjs.stderr).toBe('');
    expect(cjs.stdout.trim()).toBe('function function false');
    // The arbitraries' entry asks for fast-check, and says so.
    const arbitraries = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(join(out, 'testing-fast-check.js')).href)})`], { cwd: out, encoding: 'utf8' });
    expect(arbitraries.status).not.toBe(0);
    expect(arbitraries.stderr).toContain("Cannot find package 'fast-check'");
    // No file of the testing entry's graph but the fast-check entry's own imports it.
    const importers = [...scripts('.js'), ...scripts('.cjs')].filter((f) => /from ?["']fast-check["']|require\(["']fast-check["']\)/.test(text(f)));
    expect(importers.sort()).toEqual(['testing-fast-check.cjs', 'testing-fast-check.js']);
  });

  it('answers rulesInfo, --version and taxrules rates from the build', async () => {
    const main = (await import(pathToFileURL(join(out, 'index.js')).href)) as typeof import('../src/index.js');
    const info = main.rulesInfo();
    expect(info.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    const cli = (args: string[]) => spawnSync(process.execPath, [join(out, 'cli.js'), ...args], { cwd: out, encoding: 'utf8' });
    expect(cli(['--version']).stdout).toBe(`${version} (rules ${info.version})\n`);
    const rates = cli(['rates', '10001', '--date', '2026-10-01', '--json']);
    expect(rates.status).toBe(0);
    expect(JSON.parse(rates.stdout)).toEqual(JSON.parse(JSON.stringify(main.ratesAt({ country: 'US', postal_code: '10001', date: '2026-10-01' }))));
  });

  it('publishes no prepare script (it would run on every install): the build runs before packing', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string>; version: string };
    expect(Object.keys(pkg.scripts)).not.toContain('prepare');
    expect(pkg.scripts.prepack).toBe('npm run build');
    // The CHANGELOG has a dated section of this version.
    expect(readFileSync('CHANGELOG.md', 'utf8')).toMatch(new RegExp(`^## ${pkg.version.replace(/\./g, '\\.')} — \\d{4}-\\d{2}-\\d{2}$`, 'm'));
  });

  it('keeps names and cuts lines short: no line of code longer than 2 kB (an error echoes one), no line at all longer than 4 kB', async () => {
    for (const f of [...scripts('.js'), ...scripts('.cjs')]) {
      const lines = text(f).split('\n');
      expect(Math.max(...lines.map((l) => l.length)), f).toBeLessThanOrEqual(4096);
      // The chunks' import and export lists are one statement each: nothing is thrown there.
      const code = lines.filter((l) => !/^(?:import|export) [{*]/.test(l));
      expect(Math.max(...code.map((l) => l.length)), f).toBeLessThanOrEqual(2048);
    }
    const main = (await import(pathToFileURL(join(out, 'index.js')).href)) as typeof import('../src/index.js');
    expect(main.TaxRulesError.name).toBe('TaxRulesError');
    expect(Object.getPrototypeOf(main.defaultRuleSet.countries).constructor.name).toBe('LazyMap');
  });

  it('prints an uncaught error as its message and a short stack (at most 4 kB)', () => {
    for (const [file, load] of [
      ['uncaught.mjs', `import { calculateTaxRate } from ${JSON.stringify(pathToFileURL(join(out, 'index.js')).href)};`],
      ['uncaught.cjs', `const { calculateTaxRate } = require(${JSON.stringify(join(out, 'index.cjs'))});`],
    ] as const) {
      const script = join(out, file);
      writeFileSync(script, `${load}\ncalculateTaxRate({ to_country: 'DE' }, { country: 'IE' });\n`);
      const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
      expect(run.status, file).toBe(1);
      expect(run.stderr, file).toContain('TaxRulesError: account.currency is required');
      // The stack names the package's functions as the source does.
      expect(run.stderr, file).toMatch(/at (?:Object\.)?prepare \(/);
      expect(run.stderr, file).toMatch(/at calculateTaxRate\d* \(/);
      expect(Buffer.byteLength(run.stderr), file).toBeLessThanOrEqual(4096);
    }
  });
});
