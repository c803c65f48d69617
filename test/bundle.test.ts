import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { euPackPlugin } from '../scripts/entry-plugins.js';
import type { TaxRateQuery } from '../src/adapters/v20241028.js';
import { version } from '../package.json';

// The published entry is one bundle (tsup/esbuild, "sideEffects": false). A bundler may drop
// modules it thinks unused: this checks that the bundled library still answers and still
// speaks in plain English (zod's locale is configured inside the bundle).
describe('the bundled entry', () => {
  it('computes a quote and explains a refused request', async () => {
    const out = await build({ entryPoints: ['src/index.ts'], bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, minify: true });
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-bundle-'));
    const file = join(dir, 'index.mjs');
    writeFileSync(file, out.outputFiles[0]?.contents ?? new Uint8Array());
    const lib = (await import(pathToFileURL(file).href)) as typeof import('../src/index.js');
    const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };
    expect(lib.calculateTaxRate({ to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' }, account)).toMatchObject({ rate: 7, tax_amount: 7 });
    let issues: { message: string }[] = [];
    try {
      lib.calculate({ customer_address: {}, line_items: [] } as never, account);
    } catch (e) {
      issues = (e as { issues: { message: string }[] }).issues;
    }
    expect(issues.map((i) => i.message)).toEqual(['customer_address.country is required', 'line_items: needs at least one line item']);
  });

  it('with the EU pack, answers EU customers as the main entry does and has no rules elsewhere', async () => {
    const out = await build({ entryPoints: ['src/eu.ts'], bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, minify: true, plugins: [euPackPlugin] });
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-bundle-eu-'));
    const file = join(dir, 'eu.mjs');
    writeFileSync(file, out.outputFiles[0]?.contents ?? new Uint8Array());
    const eu = (await import(pathToFileURL(file).href)) as typeof import('../src/eu.js');
    const main = await import('../src/index.js');
    // The calculation API, nothing of documents or compliance.
    expect(Object.keys(eu).sort()).toEqual(Object.keys(await import('../src/calculation-api.js')).sort());
    for (const name of ['buildDocument', 'computeTransaction', 'resolveEvidence', 'thresholdEvents', 'nexusStatus']) {
      expect(name in main, name).toBe(true);
      expect(name in eu, name).toBe(false);
    }
    const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 9000 }] };
    const queries: TaxRateQuery[] = [
      { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' },
      { to_country: 'FR', tax_code: 'saas', date: '2020-06-01', amount: '100' },
      { to_country: 'DE', to_postal_code: '78266', tax_code: 'ebook', date: '2026-06-01', amount: '100' },
      { to_country: 'ES', to_postal_code: '35001', tax_code: 'saas', date: '2026-06-01', amount: '100' },
      { to_country: 'XI', tax_code: 'standard', product_type: 'good', date: '2026-06-01', amount: '100' },
      { to_country: 'DE', tax_code: 'saas', tax_id: 'DE136695976', date: '2026-06-01', amount: '100' },
    ];
    for (const q of queries) {
      expect(eu.calculateTaxRate(q, account)).toEqual(main.calculateTaxRate(q, account));
    }
    expect(eu.calculateTaxRate({ to_country: 'US', to_postal_code: '98101', date: '2026-06-01' }, account).notes).toMatch(/no tax rules for United States/);
    expect(eu.defaultRuleSet.countries.has('US')).toBe(false);
    expect(eu.validateTaxId('DE', 'DE136695976').valid).toBe(true);
    expect(eu.validateTaxId('NO', '974760673MVA').valid).toBeNull();
    expect(main.validateTaxId('NO', '974760673MVA').valid).toBe(true);
    // The modules of countries outside the EU pack stay out of the EU entry.
    expect(eu.validateTaxId('BR', '00.000.000/0001-91').valid).toBeNull();
    expect(main.validateTaxId('BR', '00.000.000/0001-91').valid).toBe(true);
    const inPack = (cc: string): boolean => eu.defaultRuleSet.countries.has(cc) || cc === 'EU' || cc === 'XI';
    expect(eu.taxIdModules.filter((m) => !inPack(m.country)).map((m) => m.country)).toEqual([]);
    for (const m of main.taxIdModules) if (!inPack(m.country)) expect(eu.validateTaxId(m.country, 'X').valid, m.country).toBeNull();
  });

  it('shares TaxRulesError between entries: instanceof holds for an error of another entry’s copy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-bundle-two-'));
    const load = async (entry: string, name: string) => {
      const out = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, minify: true });
      const file = join(dir, name);
      writeFileSync(file, out.outputFiles[0]?.contents ?? new Uint8Array());
      return import(pathToFileURL(file).href);
    };
    const main = (await load('src/index.ts', 'index.mjs')) as typeof import('../src/index.js');
    const http = (await load('src/http.ts', 'http.mjs')) as typeof import('../src/http.js');
    let thrown: unknown;
    try {
      http.createHandler({} as never);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(main.TaxRulesError);
    expect((thrown as { status: number }).status).toBe(400);
    expect(main.TaxRulesError).not.toBe((await import('../src/index.js')).TaxRulesError);
    expect(thrown instanceof (await import('../src/index.js')).TaxRulesError).toBe(true);
    // Only a TaxRulesError is one: not a plain Error, nor an object that looks like one.
    expect(new Error('x') instanceof main.TaxRulesError).toBe(false);
    expect({ name: 'TaxRulesError', code: 'not_found', status: 404, issues: [] } instanceof main.TaxRulesError).toBe(false);
    expect((null as unknown) instanceof main.TaxRulesError).toBe(false);
  });

  it('takes a prepared account of another entry or module format of the same version, checked again against its own rules', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taxrules-bundle-prepared-'));
    const load = async (entry: string, name: string, format: 'esm' | 'cjs', plugins: typeof euPackPlugin[] = []) => {
      const out = await build({ entryPoints: [entry], bundle: true, format, platform: 'neutral', mainFields: ['module', 'main'], write: false, minify: true, plugins });
      const file = join(dir, name);
      writeFileSync(file, out.outputFiles[0]?.contents ?? new Uint8Array());
      return format === 'esm' ? import(pathToFileURL(file).href) : createRequire(import.meta.url)(file);
    };
    const main = (await load('src/index.ts', 'index.mjs', 'esm')) as typeof import('../src/index.js');
    const cjs = (await load('src/index.ts', 'index.cjs', 'cjs')) as typeof import('../src/index.js');
    const eu = (await load('src/eu.ts', 'eu.mjs', 'esm', [euPackPlugin])) as typeof import('../src/eu.js');
    const account = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }, { jurisdiction_id: 9000 }] };
    const query: TaxRateQuery = { to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' };
    const expected = main.calculateTaxRate(query, account);
    expect(expected).toMatchObject({ rate: 7, tax_amount: 7 });
    for (const prepared of [main.prepareAccount(account), cjs.prepareAccount(account), eu.prepareAccount(account), main.defineAccount(account)]) {
      expect(main.calculateTaxRate(query, prepared)).toEqual(expected);
      expect(cjs.calculateTaxRate(query, prepared)).toEqual(expected);
      expect(eu.calculateTaxRate(query, prepared)).toEqual(expected);
    }
    // Checked again, never trusted: a registration the EU rules do not know is refused there.
    const withUs = main.prepareAccount({ ...account, registrations: [...account.registrations, { jurisdiction_id: 840048 }] });
    expect(main.calculateTaxRate(query, withUs)).toEqual(expected);
    let refused: { status?: number; issues?: { path: (string | number)[] }[] } = {};
    try {
      eu.calculateTaxRate(query, withUs);
    } catch (e) {
      refused = e as typeof refused;
    }
    expect([refused.status, refused.issues?.[0]?.path]).toEqual([406, ['account', 'registrations', 2, 'jurisdiction_id']]);
    // Only the mark of this version counts: another's is a plain object with unknown fields (400).
    const copy = (mark: string) => Object.freeze({ ...main.prepareAccount(account), [Symbol.for('taxrules.PreparedAccount')]: mark });
    expect(cjs.calculateTaxRate(query, copy(version) as never)).toEqual(expected);
    let other: { status?: number } = {};
    try {
      cjs.calculateTaxRate(query, copy('0.0.1') as never);
    } catch (e) {
      other = e as typeof other;
    }
    expect(other.status).toBe(400);
  });
});
