import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleCases, buildPackage, measure, type BundleSize } from '../scripts/bundle-sizes.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { createRuleSet } from '../src/core/ruleset.js';
import { defaultRulePack as euPack } from '../src/generated/ruledata-eu.js';
import { worldCountryCodes } from '../src/generated/country-codes.js';

// A browser bundle of one export of the package, as a user's bundler makes it from the
// published files (the package's entries built as tsup.config.ts says, then esbuild: bundle,
// minify, browser): it carries only what that export uses. Ceilings in gzipped bytes, as
// scripts/bundle-sizes.ts prints them.
let sizes: BundleSize[];
beforeAll(async () => {
  sizes = await measure(await buildPackage());
}, 120_000);

const run = async (s: BundleSize): Promise<unknown> => {
  const file = join(mkdtempSync(join(tmpdir(), 'taxrules-bundle-size-run-')), 'bundle.mjs');
  writeFileSync(file, s.code);
  return ((await import(pathToFileURL(file).href)) as { answer: unknown }).answer;
};

describe('the browser bundle of one export', () => {
  it.each(bundleCases.map((c, i) => [c.name, i] as const))('%s stays under its ceiling', (_name, i) => {
    const s = sizes[i] as BundleSize;
    expect(s.gz, `${s.name}: ${s.min} bytes minified, ${s.gz} gzipped`).toBeLessThanOrEqual(s.ceilingGz);
  });

  it('TaxRulesError alone: no rule data, no tax-ID module', async () => {
    const s = sizes[0] as BundleSize;
    const text = new TextDecoder().decode(s.code);
    expect(text).not.toMatch(/taxrules-pack-3|eu_vat/);
    const error = (await run(s)) as { status: number; code: string; name: string };
    expect([error.name, error.code, error.status]).toEqual(['TaxRulesError', 'not_found', 404]);
  });

  it('validateTaxId without rule data still tells a country without offline rules from an unknown one', async () => {
    const s = sizes[1] as BundleSize;
    const text = new TextDecoder().decode(s.code);
    expect(text).not.toMatch(/taxrules-pack-3/);
    expect(text).toMatch(/eu_vat/);
    expect(await run(s)).toEqual({ valid: true, country: 'DE', normalized: 'DE136695976', kind: 'eu_vat' });
  });

  it('a quote answers from the bundle: the EU entry with the EU pack alone, the main entry with every rule file', async () => {
    const [eu, main] = [sizes[2] as BundleSize, sizes[3] as BundleSize];
    expect(await run(eu)).toMatchObject({ rate: 7, tax_amount: 7 });
    expect(await run(main)).toMatchObject({ rate: 7, tax_amount: 7 });
    for (const s of [eu, main]) {
      const text = new TextDecoder().decode(s.code);
      expect(text).toMatch(/taxrules-pack-3/);
      // The tax-code file (descriptions, laws) is listing's: a quote's bundle leaves it out.
      expect(text).not.toMatch(/Electronic book with unlimited use/);
    }
    // The EU bundle carries the EU pack, not the world's: no US local rates.
    expect(eu.gz).toBeLessThan(main.gz / 2);
  });

  it("listing the codes brings the tax-code file a quote's bundle leaves out, and reads it", async () => {
    const s = sizes[4] as BundleSize;
    expect(await run(s)).toEqual({ id: 'ebook', name: 'E-book', description: 'Electronic book with unlimited use, supplied electronically' });
  });
});

describe('docs/performance.md', () => {
  it("gives each export's bundle as it is now, within a tenth (its table's \"now\" column)", async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync('docs/performance.md', 'utf8');
    for (const s of sizes) {
      // The row of the case: its program in backquotes, then "before" and "now" cells of "min kB, gz kB".
      const program = s.name.replace(/^a quote through '([^']+)'$/, 'a quote through `$1`').replace(/^import (.*)$/, '`import $1`');
      const row = text.split('\n').find((l) => l.startsWith(`| ${program}`));
      expect(row, `a row for ${program}`).toBeDefined();
      const now = /\|\s*([\d.]+) kB, ([\d.]+) kB\s*\|\s*[\d.]+ kB\s*\|\s*$/.exec(row!);
      expect(now, row).not.toBeNull();
      const near = (stated: string, bytes: number) => expect(Math.abs(Number(stated) * 1024 - bytes) / bytes, `${program}: ${stated} kB stated, ${(bytes / 1024).toFixed(1)} kB measured`).toBeLessThan(0.1);
      near(now![1]!, s.min);
      near(now![2]!, s.gz);
    }
  });
});

describe('the country codes of the default tax-ID validator', () => {
  it('are the world list of the rule set, of every file and of the EU pack', () => {
    expect(worldCountryCodes).toEqual([...defaultRuleSet.world.keys()]);
    expect(worldCountryCodes).toEqual([...createRuleSet(euPack).world.keys()]);
  });
});
